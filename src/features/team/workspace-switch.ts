/**
 * After creating, joining, leaving or dismissing a team the caller's session points at another workspace
 * (docs/decisions/teams.md). The sync engine handles the switch by itself: the next /sync/pull names the
 * new workspace_id (and answers `reset`), and SyncEngine.bind drops the mirror (clearMirror) and
 * mirrors the new workspace from scratch. So the PWA only has to ask for that pull now rather than
 * at the next focus or timer tick.
 */
import { syncNow } from '../../workers/sync-client.ts';

export function workspaceSwitched(): void {
  void syncNow().catch(() => undefined); // a failed pull is retried by the engine's own schedule
}
