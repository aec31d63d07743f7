/**
 * Reads of small mirrored tables with local edits on top. `readRows` is plain (workers, tests);
 * `useLocalRows` is the live hook screens use: it re-runs when the table or the outbox changes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncRows } from '../../contract/sync.ts';
import { META, getMeta, type LocalDB, type LocalSession, type SmallTable } from './db.ts';
import { liveEffects, overlayRows } from './overlay.ts';
import type { OutboxEntry } from './outbox-types.ts';

/**
 * One read transaction over the table, the outbox and the session, so the answer is one state:
 * read apart, a pull landing in between (the saved row in, the sent change settled) could answer
 * the mirror before it and the outbox after it, and a just-saved row would vanish for a moment.
 */
export function readRows<T extends SmallTable>(
  db: LocalDB,
  table: T,
  country?: string,
): Promise<SyncRows[T][]> {
  return db.transaction('r', db.small(table), db.outbox, db.meta, () => readRowsIn(db, table, country));
}

async function readRowsIn<T extends SmallTable>(
  db: LocalDB,
  table: T,
  country?: string,
): Promise<SyncRows[T][]> {
  const base = country
    ? await db.small(table).where('country').equals(country).toArray()
    : await db.small(table).toArray();
  const rows = overlayRows(base, liveEffects(await sessionEntries(db), table));
  return country ? rows.filter((r) => 'country' in r && r.country === country) : rows;
}

/**
 * The signed-in user's outbox entries in send order, whose effects a read lays over the mirror: only
 * their edits show; another user's unsent rows wait for their sign-in.
 */
export async function sessionEntries(db: LocalDB): Promise<OutboxEntry[]> {
  const session = await getMeta<LocalSession>(db, META.session);
  return session
    ? db.outbox.where('[userId+workspaceId]').equals([session.userId, session.workspaceId]).sortBy('seq')
    : [];
}

export function useLocalRows<T extends SmallTable>(
  db: LocalDB,
  table: T,
  country?: string,
): SyncRows[T][] | undefined {
  return useLiveQuery(() => readRows(db, table, country), [db, table, country]);
}
