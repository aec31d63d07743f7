/**
 * Builds sync pages from the row `version` counter and tombstones.
 *
 * Consistency: the workspace's `version_seq` is read first and every query is capped at it. On
 * PostgreSQL nextVersion locks the workspace row until commit, so every version up to the counter
 * read here is committed; rows stamped later appear on a later page (they only move upwards).
 * Paging never splits a version: a page ends at the last version that fits in `limit`, or, when
 * one version alone holds more rows than `limit`, carries that whole version.
 */
import { sql, type Kysely } from 'kysely';
import {
  CURSOR_MAX_AGE_SECONDS,
  SYNC_TABLES,
  decodeCursor,
  encodeCursor,
  type PullRequest,
  type PullWire,
  type SyncTable,
} from '../../contract/sync.ts';
import { engineOf, type Engine } from '../db/dialect.ts';
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
): Promise<PullPage> {
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

  const engine = engineOf(db);
  const changes = {} as Record<SyncTable, PulledRows>;
  const deletes = {} as Record<SyncTable, number[]>;
  await Promise.all(
    SYNC_TABLES.map(async (table) => {
      const columns = await columnsOf(db, table);
      changes[table] = { columns, rows: await rowsJson(db, engine, table, columns, range) };
      deletes[table] = range.liveOnly
        ? []
        : (await scoped(db, table, range, 'gone').select('id').execute()).map((r: { id: unknown }) =>
            Number(r.id),
          );
    }),
  );
  const creatorTags = await tagsOf(db, range);

  const cursor = encodeCursor({ workspaceId, version: hasMore ? upto : head, issuedAt });
  return {
    changes,
    creator_tags: creatorTags,
    deletes,
    cursor,
    has_more: hasMore,
    reset,
    ...(remaining === undefined ? {} : { remaining }),
    user_id: who.userId,
    workspace_id: workspaceId,
  };
}

/** Rows of the range: all (versions, counts), only live ones, or only tombstones. */
function scoped(db: AnyDb, table: SyncTable, r: Range, only: 'any' | 'live' | 'gone' = 'any') {
  let q = db
    .selectFrom(table)
    .where('workspace_id', '=', r.workspaceId)
    .where('version', '>', r.from)
    .where('version', '<=', r.upto);
  if (r.liveOnly || only === 'live') q = q.where('deleted_at', 'is', null);
  if (only === 'gone') q = q.where('deleted_at', 'is not', null);
  return q;
}

/** Columns the server keeps for itself: the scope, tombstones, and who last wrote a text (0027). */
const SERVER_ONLY = new Set(['workspace_id', 'deleted_at', 'text_version', 'text_user_id']);

/** The mirrored columns of a table (all but SERVER_ONLY), read once. */
const columnCache = new WeakMap<object, Map<string, string[]>>();
async function columnsOf(db: AnyDb, table: SyncTable): Promise<string[]> {
  let byTable = columnCache.get(db);
  if (!byTable) {
    byTable = new Map();
    for (const t of await db.introspection.getTables()) {
      byTable.set(
        t.name,
        t.columns.map((c) => c.name).filter((n) => !SERVER_ONLY.has(n)),
      );
    }
    columnCache.set(db, byTable);
  }
  const cols = byTable.get(table);
  if (!cols) throw new Error(`unknown table ${table}`);
  return cols;
}

/**
 * The live rows of the range as one JSON text of arrays, built by the database: creating a row
 * object per row in JS was the slowest part of a page (and stringifying it the next).
 */
async function rowsJson(
  db: AnyDb,
  engine: Engine,
  table: SyncTable,
  columns: string[],
  r: Range,
): Promise<RawJson> {
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const agg =
    engine === 'postgres'
      ? sql`coalesce(json_agg(json_build_array(${cols})), '[]'::json)::text`
      : sql`json_group_array(json_array(${cols}))`;
  const res = await sql<{ rows: string }>`select ${agg} as rows from ${sql.table(table)}
    where workspace_id = ${r.workspaceId} and version > ${r.from} and version <= ${r.upto} and deleted_at is null`.execute(
    db,
  );
  return new RawJson(res.rows[0]?.rows ?? '[]');
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

/** The page's creator tags as [creator_id, tag_id, tag_title], live tags only. */
async function tagsOf(db: AnyDb, r: Range): Promise<[number, number, string][]> {
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
  return (rows as Array<{ creator_id: unknown; tag_id: unknown; tag_title: string }>).map((x) => [
    Number(x.creator_id),
    Number(x.tag_id),
    x.tag_title,
  ]);
}

/** JSON text placed into the response as is (see renderJson). */
export class RawJson {
  constructor(readonly text: string) {}
}

export interface PulledRows {
  columns: string[];
  rows: RawJson;
}

export type PullPage = Omit<PullWire, 'changes'> & { changes: Record<SyncTable, PulledRows> };

/** JSON.stringify that splices RawJson texts in unparsed. */
export function renderJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, function (this: unknown, _k, v: unknown) {
    return v instanceof RawJson ? `\u0000raw:${raws.push(v.text) - 1}\u0000` : v;
  });
  return text.replace(/"\\u0000raw:(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}
