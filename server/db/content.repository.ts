/**
 * Content records (`contents`, 0041) of a workspace. Every query takes the workspace id; a deleted
 * record is a tombstone that no read here returns, except `contentByVideo`, which finds it so the
 * same video added again revives it (the unique index covers tombstones too).
 */
import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { ContentRow } from '../../contract/schemas/content.ts';
import { CONTENT_LIST_MAX } from '../../contract/limits.ts';
import type { Db } from './creator.repository.ts';
import { numericIds } from './row-numbers.ts';
import type { ContentsTable, DB } from './schema.ts';

type Trx = Transaction<DB>;

const COLS = [
  'id',
  'country',
  'handle',
  'creator_id',
  'product_ids',
  'plan_id',
  'video_id',
  'link',
  'kind',
  'post_time',
  'source',
  'user_id',
  'user_name',
  'add_time',
  'update_time',
] as const;

// The video id is digits kept as text (19 digits do not fit a double), unlike the row's number ids.
const toRow = (row: Record<string, unknown>): ContentRow =>
  ({ ...numericIds(row), video_id: String(row.video_id) }) as ContentRow;

const live = (db: Db, ws: number) =>
  db.selectFrom('contents').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

/** The record of a video in a country, a tombstone included. */
export async function contentByVideo(db: Db, ws: number, country: string, videoId: string) {
  const row = await db
    .selectFrom('contents')
    .select([...COLS, 'deleted_at'])
    .where('workspace_id', '=', ws)
    .where('country', '=', country)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row && { row: toRow(row), deleted: row.deleted_at !== null };
}

export async function findContent(db: Db, ws: number, id: number): Promise<ContentRow | undefined> {
  const row = await live(db, ws).select(COLS).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export async function countContent(db: Db, ws: number): Promise<number> {
  const { n } = await live(db, ws)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertContent(trx: Trx, values: Insertable<ContentsTable>): Promise<ContentRow> {
  return toRow(await trx.insertInto('contents').values(values).returning(COLS).executeTakeFirstOrThrow());
}

export async function updateContent(
  trx: Trx,
  ws: number,
  id: number,
  patch: Updateable<ContentsTable>,
): Promise<ContentRow> {
  return toRow(
    await trx
      .updateTable('contents')
      .set(patch)
      .where('workspace_id', '=', ws)
      .where('id', '=', id)
      .returning(COLS)
      .executeTakeFirstOrThrow(),
  );
}

/** Records matching `where`, newest post first (at most CONTENT_LIST_MAX), and how many there are. */
export async function listContent(
  db: Db,
  ws: number,
  by: { country: string; handle: string } | { planId: number },
): Promise<{ rows: ContentRow[]; total: number }> {
  const scoped = () => {
    const q = live(db, ws);
    return 'planId' in by
      ? q.where('plan_id', '=', by.planId)
      : q.where('country', '=', by.country).where('handle', '=', by.handle);
  };
  const rows = await scoped()
    .select(COLS)
    .orderBy('post_time', 'desc')
    .orderBy('id', 'desc')
    .limit(CONTENT_LIST_MAX)
    .execute();
  const { n } = await scoped()
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toRow), total: Number(n) };
}

/** The live creator of the workspace with this handle in `country` (TikTok handles are lower case). */
export async function creatorByHandle(db: Db, ws: number, country: string, handle: string) {
  const row = await db
    .selectFrom('creators')
    .select(['id', 'unique_id'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('country', '=', country)
    .where('unique_id', '=', handle)
    .executeTakeFirst();
  return row && { id: Number(row.id), unique_id: row.unique_id };
}

/** Plans (live) that have a record for this creator's handle, for "is there content for that plan". */
export async function plansWithContent(
  db: Db,
  ws: number,
  country: string,
  handle: string,
): Promise<Set<number>> {
  const rows = await live(db, ws)
    .select('plan_id')
    .where('country', '=', country)
    .where('handle', '=', handle)
    .where('plan_id', '>', 0)
    .execute();
  return new Set(rows.map((r) => Number(r.plan_id)));
}

/**
 * A record's snapshots taken from `from` to before `to`, the last of each whole day since `from`
 * (day 0: its first 24 hours), oldest first. The day is grouped in the database, so a record read
 * every few minutes still answers one row a day; the cast keeps the division whole on SQLite, which
 * binds a JavaScript number as a real.
 */
export async function dailySnapshots(db: Db, ws: number, contentId: number, from: number, to: number) {
  const inWindow = () =>
    db
      .selectFrom('content_snapshots')
      .where('workspace_id', '=', ws)
      .where('content_id', '=', contentId)
      .where('taken_at', '>=', from)
      .where('taken_at', '<', to);
  const lasts = await inWindow()
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .groupBy(sql`cast((taken_at - ${from}) / 86400 as integer)`)
    .execute();
  if (!lasts.length) return [];
  const rows = await inWindow()
    .select(['taken_at', 'views', 'likes', 'comments', 'orders', 'gmv'])
    .where(
      'taken_at',
      'in',
      lasts.map((r) => Number(r.at)),
    )
    .orderBy('taken_at')
    .execute();
  return rows.map((r) => ({
    day: Math.floor((Number(r.taken_at) - from) / 86_400),
    taken_at: Number(r.taken_at),
    views: Number(r.views),
    likes: Number(r.likes),
    comments: Number(r.comments),
    orders: Number(r.orders),
    gmv: Number(r.gmv),
  }));
}

export interface ContentCounts {
  views: number;
  likes: number;
  comments: number;
  orders: number;
}

/** The counts a reading names; GMV only where the inlet has it (a file's row). */
export type SnapshotCounts = Partial<ContentCounts> & { gmv?: number };

/**
 * The snapshot `counts` would make (a count left out keeps the latest one's value, 0 when there is
 * none) and whether it differs from the record's latest one.
 */
export async function nextSnapshot(db: Db, ws: number, contentId: number, counts: SnapshotCounts) {
  const last = await db
    .selectFrom('content_snapshots')
    .select(['views', 'likes', 'comments', 'orders', 'gmv'])
    .where('workspace_id', '=', ws)
    .where('content_id', '=', contentId)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = {
    views: counts.views ?? Number(last?.views ?? 0),
    likes: counts.likes ?? Number(last?.likes ?? 0),
    comments: counts.comments ?? Number(last?.comments ?? 0),
    orders: counts.orders ?? Number(last?.orders ?? 0),
    gmv: counts.gmv ?? Number(last?.gmv ?? 0),
  };
  const same =
    !!last &&
    Number(last.views) === next.views &&
    Number(last.likes) === next.likes &&
    Number(last.comments) === next.comments &&
    Number(last.orders) === next.orders &&
    Number(last.gmv) === next.gmv;
  return { next, changed: !same };
}

/**
 * A snapshot of `counts` at `t` when they differ from the record's latest one (every inlet: the
 * shop sync, a file, the extension, a member); a count left out keeps the latest one's value (0
 * when there is none). Answers true when one was written. A second reading in the same second
 * replaces the first (the unique index on workspace, record and time). Callers hold the
 * workspace's version lock, so two writes never both find the same latest snapshot.
 */
export async function snapshotIfChanged(
  trx: Trx,
  ws: number,
  contentId: number,
  counts: SnapshotCounts,
  t: number,
): Promise<boolean> {
  const { next, changed } = await nextSnapshot(trx, ws, contentId, counts);
  if (!changed) return false;
  await trx
    .insertInto('content_snapshots')
    .values({ workspace_id: ws, content_id: contentId, taken_at: t, ...next })
    .onConflict((oc) => oc.columns(['workspace_id', 'content_id', 'taken_at']).doUpdateSet(next))
    .execute();
  return true;
}
