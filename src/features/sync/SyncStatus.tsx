/** Sync status in the header (issue 4 fills this in): online/offline, progress, unsent changes, failed changes. */
export function SyncStatus() {
  return null;
}
