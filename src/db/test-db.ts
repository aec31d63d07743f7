/** Test helpers: a fresh LocalDB on fake-indexeddb and pulled pages built by hand. */
import 'fake-indexeddb/auto';
import {
  SYNC_TABLES,
  type CreatorRow,
  type PullResponse,
  type SyncRows,
  type SyncTable,
} from '../../contract/sync.ts';
import { LocalDB, META, setMeta } from './db.ts';

let n = 0;
export async function freshDb(session = { userId: 1, workspaceId: 10 }): Promise<LocalDB> {
  const db = new LocalDB(`test-${Math.random().toString(36).slice(2)}-${++n}`);
  await setMeta(db, META.session, session);
  return db;
}

/**
 * A row built by a test: the columns the code under test reads, typed like the mirror's (a test
 * leaves the others out).
 */
export type TestRow<T extends SyncTable> = Partial<SyncRows[T]> & { id: number; version: number };

/** Test rows as the mirror types them. */
export const asRows = <T extends SyncTable>(_table: T, rows: TestRow<T>[]): SyncRows[T][] =>
  rows as SyncRows[T][];

export function creator(id: number, over: Partial<CreatorRow> = {}): CreatorRow {
  return {
    id,
    version: 1,
    country: 'US',
    unique_id: `u${id}`,
    daren_name: `Name ${id}`,
    nick_name: `nick${id}`,
    is_chat: 0,
    is_invitation: 0,
    is_black: 0,
    add_time: 1_700_000_000 + id,
    follower_count: id * 10,
    tags: [],
    ...over,
  } as CreatorRow;
}

export function page(over: {
  changes?: { [T in SyncTable]?: TestRow<T>[] };
  deletes?: Partial<Record<(typeof SYNC_TABLES)[number], number[]>>;
  cursor?: string;
  reset?: boolean;
  has_more?: boolean;
}): PullResponse {
  const empty = <T>() => Object.fromEntries(SYNC_TABLES.map((t) => [t, [] as T[]]));
  return {
    changes: { ...empty<unknown>(), ...over.changes } as PullResponse['changes'],
    deletes: { ...empty<number>(), ...over.deletes } as PullResponse['deletes'],
    cursor: over.cursor ?? 'c1',
    has_more: over.has_more ?? false,
    reset: over.reset ?? false,
    user_id: 1,
    workspace_id: 10,
  };
}
