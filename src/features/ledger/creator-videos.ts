/**
 * A creator's content records from the mirror (the `contents` table), as the server's
 * POST /content/list answers them for a creator: the records of their handle in their country,
 * including ones made before the creator was added, newest post first, at most CONTENT_LIST_MAX.
 * The video picker on the creator page reads them at once and offline; the figures of each video
 * (its snapshots) stay on the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { CONTENT_LIST_MAX } from '../../../contract/limits.ts';
import type { SyncRows } from '../../../contract/sync.ts';
import type { LocalDB } from '../../db/db.ts';

export type CreatorVideo = SyncRows['contents'];

/** The creator's records, given their country and handle (`unique_id`). */
export async function readCreatorVideos(
  db: LocalDB,
  country: string,
  uniqueId: string,
): Promise<CreatorVideo[]> {
  // TikTok handles are lower case; the server matches records the same way (listContentOf).
  const handle = uniqueId.toLowerCase();
  const rows = await db.contents.where('[country+handle]').equals([country, handle]).toArray();
  rows.sort((a, b) => b.post_time - a.post_time || b.id - a.id);
  return rows.slice(0, CONTENT_LIST_MAX);
}

/** Undefined while the mirror is read; live: a record synced or deleted shows at once. */
export function useCreatorVideos(db: LocalDB, country: string, uniqueId: string): CreatorVideo[] | undefined {
  return useLiveQuery(() => readCreatorVideos(db, country, uniqueId), [db, country, uniqueId]);
}
