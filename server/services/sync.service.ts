/**
 * Builds sync pages (decisions D13) from the row `version` counter and tombstones.
 *
 * Consistency: the workspace's `version_seq` is read first and every query is capped at it. On
 * PostgreSQL nextVersion locks the workspace row until commit, so every version up to the counter
 * read here is committed; rows stamped later appear on a later page (they only move upwards).
 * Paging never splits a version: a page ends at the last version that fits in `limit`, or, when
 * one version alone holds more rows than `limit`, carries that whole version.
 */
import type { Kysely } from 'kysely';
import {
  CURSOR_MAX_AGE_SECONDS,
  SYNC_TABLES,
  decodeCursor,
  encodeCursor,
  type PullRequest,
  type PullResponse,
  type SyncRow,
  type SyncTable,
  type CreatorRow,
  type CreatorTag,
} from '../../contract/sync.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';

// Table names are dynamic here; every query is still scoped by workspace_id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

interface Range {
  workspaceId: number;
  from: number;
  upto: number;
  /** From-scratch pages skip tombstones: the client has nothing to delete. */
  liveOnly: boolean;
}

export async function pull(
  database: Kysely<DB>,
  who: { userId: number; workspaceId: number },
  req: PullRequest,
): Promise<PullResponse> {
  const { workspaceId } = who;
  const db = database as AnyDb;
  const ws = await db
    .selectFrom('workspaces')
    .select('version_seq')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const head = Number(ws.version_seq);
  const issuedAt = now();
  const c = decodeCursor(req.cursor);
  const valid =
    c !== undefined &&
    c.workspaceId === workspaceId &&
    c.version <= head &&
    issuedAt - c.issuedAt <= CURSOR_MAX_AGE_SECONDS;
  const reset = req.cursor !== '' && !valid;
  const from = valid ? c.version : 0;
  const liveOnly = from === 0;
  const base: Range = { workspaceId, from, upto: head, liveOnly };

  const remaining = req.estimate ? await countRows(db, base) : undefined;
  const { upto, hasMore } = await pageEnd(db, base, req.limit);
  const range: Range = { ...base, upto };

  const changes = {} as PullResponse['changes'];
  const deletes = {} as PullResponse['deletes'];
  await Promise.all(
    SYNC_TABLES.map(async (table) => {
      const rows = await scoped(db, table, range).selectAll().execute();
      const live: SyncRow[] = [];
      const gone: number[] = [];
      for (const r of rows as Array<Record<string, unknown>>) {
        const { workspace_id: _w, deleted_at, ...row } = r;
        if (deleted_at === null || deleted_at === undefined) live.push(row as SyncRow);
        else gone.push(Number(r.id));
      }
      (changes as Record<SyncTable, SyncRow[]>)[table] = live;
      deletes[table] = gone;
    }),
  );
  await attachTags(db, range, changes.creators);

  const cursor = encodeCursor({ workspaceId, version: hasMore ? upto : head, issuedAt });
  return {
    changes,
    deletes,
    cursor,
    has_more: hasMore,
    reset,
    ...(remaining === undefined ? {} : { remaining }),
    user_id: who.userId,
    workspace_id: workspaceId,
  };
}

function scoped(db: AnyDb, table: SyncTable, r: Range) {
  let q = db
    .selectFrom(table)
    .where('workspace_id', '=', r.workspaceId)
    .where('version', '>', r.from)
    .where('version', '<=', r.upto);
  if (r.liveOnly) q = q.where('deleted_at', 'is', null);
  return q;
}

/** The last version of this page, and whether rows remain after it. */
async function pageEnd(db: AnyDb, r: Range, limit: number): Promise<{ upto: number; hasMore: boolean }> {
  // The smallest limit+1 versions overall are among each table's smallest limit+1.
  const lists = await Promise.all(
    SYNC_TABLES.map((t) =>
      scoped(db, t, r)
        .select('version')
        .orderBy('version')
        .limit(limit + 1)
        .execute(),
    ),
  );
  const all = lists
    .flatMap((l) => l.map((x: { version: unknown }) => Number(x.version)))
    .sort((a, b) => a - b);
  if (all.length <= limit) return { upto: r.upto, hasMore: false };
  const next = all[limit] as number;
  let i = limit - 1;
  while (i >= 0 && all[i] === next) i--;
  if (i >= 0) return { upto: all[i] as number, hasMore: true };
  // One version holds more than `limit` rows: it goes out whole.
  const later = await Promise.all(
    SYNC_TABLES.map((t) =>
      scoped(db, t, { ...r, from: next })
        .select('id')
        .limit(1)
        .execute(),
    ),
  );
  return { upto: next, hasMore: later.some((l) => l.length > 0) };
}

async function countRows(db: AnyDb, r: Range): Promise<number> {
  const counts = await Promise.all(
    SYNC_TABLES.map((t) =>
      scoped(db, t, r)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ),
  );
  return counts.reduce((sum, c) => sum + Number(c?.n ?? 0), 0);
}

/** Each creator's live tags as [{tag_id, tag_title}], in one joined query for the page. */
async function attachTags(db: AnyDb, r: Range, creators: CreatorRow[]): Promise<void> {
  for (const c of creators) c.tags = [];
  if (creators.length === 0) return;
  const rows = await db
    .selectFrom('creator_tags as ct')
    .innerJoin('creators as c', 'c.id', 'ct.creator_id')
    .innerJoin('tags as t', 't.id', 'ct.tag_id')
    .select(['ct.creator_id as creator_id', 't.id as tag_id', 't.title as tag_title'])
    .where('ct.workspace_id', '=', r.workspaceId)
    .where('c.workspace_id', '=', r.workspaceId)
    .where('t.workspace_id', '=', r.workspaceId)
    .where('c.version', '>', r.from)
    .where('c.version', '<=', r.upto)
    .where('c.deleted_at', 'is', null)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.id')
    .execute();
  const byId = new Map<number, CreatorTag[]>();
  for (const c of creators) byId.set(Number(c.id), c.tags);
  for (const row of rows as Array<{ creator_id: unknown; tag_id: unknown; tag_title: string }>) {
    byId.get(Number(row.creator_id))?.push({ tag_id: Number(row.tag_id), tag_title: row.tag_title });
  }
}
