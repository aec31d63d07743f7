/**
 * What an export holds, per type: the rows in id-ordered pages for the writer, and
 * their count for the preview a seller sees before starting ("12,345 rows; the free
 * plan exports the first 500"). Both read the same filters, so the count is the file's length
 * before the plan's cap.
 *
 * - blogger / chat / unchat / invitation flags: creators of the country (flag-only counts come
 *   from creator_counts, migration 0009);
 * - invitation: the invitations of the country with their own fields (status, sub status, product
 *   ids, dates), joined to their creator for followers and tags;
 * - black: blacklist entries joined to their creator; layman: the amateur list.
 */
import { sql, type Kysely } from 'kysely';
import type { DownloadType, Language } from '../../contract/constants.ts';
import type { DB } from '../db/schema.ts';
import { amateurAuthors, amateurThreshold } from '../db/amateur.repository.ts';
import { FLAG_TEXT } from './export-columns.ts';
import { invitationPage, invitations, tagsOf } from './export-joins.ts';

type Row = Record<string, unknown>;

/** The creator columns an export reads (CREATOR_COLUMNS' keys that are stored, plus the flags). */
const CREATOR_READ = [
  'id',
  'unique_id',
  'daren_name',
  'country',
  'follower_count',
  'email',
  'bio_link',
  'categorys',
  'gmv_t30',
  'units_sold_t30',
  'video_count',
  'video_engagement_t30',
  'is_chat',
  'is_invitation',
  'is_black',
  'add_time',
] as const;

const FLAG: Partial<Record<DownloadType, ['is_chat' | 'is_invitation', 0 | 1]>> = {
  chat: ['is_chat', 1],
  unchat: ['is_chat', 0],
  uninvitation: ['is_invitation', 0],
};

const blacklist = (db: Kysely<DB>, ws: number, country: string) =>
  db
    .selectFrom('blacklist as b')
    .where('b.workspace_id', '=', ws)
    .where('b.country', '=', country)
    .where('b.deleted_at', 'is', null);

function creators(db: Kysely<DB>, ws: number, country: string, type: DownloadType) {
  let q = db
    .selectFrom('creators')
    .where('workspace_id', '=', ws)
    .where('country', '=', country)
    .where('deleted_at', 'is', null);
  const flag = FLAG[type];
  if (flag) q = q.where(flag[0], '=', flag[1]);
  return q;
}

/** How many rows an export of `type` holds, before any plan cap. */
export async function countExportRows(
  db: Kysely<DB>,
  ws: number,
  type: DownloadType,
  country: string,
): Promise<number> {
  const n = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);
  const count = sql<number>`count(*)`.as('n');
  if (type === 'layman')
    return n(
      await amateurAuthors(db, ws, country, await amateurThreshold(db, ws))
        .select(count)
        .executeTakeFirst(),
    );
  if (type === 'black') return n(await blacklist(db, ws, country).select(count).executeTakeFirst());
  if (type === 'invitation') return n(await invitations(db, ws, country).select(count).executeTakeFirst());
  const flag = FLAG[type];
  const { rows } = await sql<{ n: number | string | null }>`select sum(n) as n from creator_counts
    where workspace_id = ${ws} and country = ${country}
    ${flag ? sql`and ${sql.ref(flag[0])} = ${flag[1]}` : sql``}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface RowsParams {
  type: DownloadType;
  country: string;
  language: Language;
  /** At most this many rows (the free plan's cap); null for all. */
  cap: number | null;
}

/** Yields the export's rows page by page (`page` rows at most), in id order. */
export async function* exportRows(
  db: Kysely<DB>,
  ws: number,
  p: RowsParams,
  page: number,
): AsyncGenerator<Row[]> {
  let lastId = 0;
  let left = p.cap ?? Number.POSITIVE_INFINITY;
  const threshold = p.type === 'layman' ? await amateurThreshold(db, ws) : 0;
  while (left > 0) {
    const limit = Math.min(page, left);
    let rows: Row[];
    if (p.type === 'layman') {
      rows = await amateurAuthors(db, ws, p.country, threshold)
        .selectAll('a')
        .where('a.id', '>', lastId)
        .orderBy('a.id')
        .limit(limit)
        .execute();
    } else if (p.type === 'black') {
      rows = await blacklist(db, ws, p.country)
        .leftJoin('creators as c', (j) =>
          j
            .onRef('c.workspace_id', '=', 'b.workspace_id')
            .onRef('c.country', '=', 'b.country')
            .onRef('c.unique_id', '=', 'b.unique_id')
            .on('c.deleted_at', 'is', null),
        )
        .select([
          'b.id',
          'b.unique_id',
          'b.country',
          'b.reason',
          'b.add_time',
          'c.email',
          'c.bio_link',
          'c.follower_count',
        ])
        .where('b.id', '>', lastId)
        .orderBy('b.id')
        .limit(limit)
        .execute();
    } else if (p.type === 'invitation') {
      rows = await invitationPage(db, ws, p.country, p.language, lastId, limit);
    } else {
      rows = await creators(db, ws, p.country, p.type)
        .select(CREATOR_READ)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(limit)
        .execute();
      const tags = await tagsOf(
        db,
        rows.map((r) => Number(r.id)),
      );
      for (const r of rows) {
        r.is_chat_str = FLAG_TEXT.chat[p.language][Number(r.is_chat)];
        r.is_invitation_str = FLAG_TEXT.invitation[p.language][Number(r.is_invitation)];
        r.is_black_str = FLAG_TEXT.black[p.language][Number(r.is_black)];
        r.tags = tags.get(Number(r.id)) ?? '';
      }
    }
    if (!rows.length) return;
    lastId = Number(rows[rows.length - 1]!.id);
    left -= rows.length;
    yield rows;
    if (rows.length < limit) return;
  }
}
