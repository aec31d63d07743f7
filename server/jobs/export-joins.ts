/**
 * The joined reads of an export page (export-rows.ts): creators' tag titles, and invitations with
 * their own fields (status and sample status in the export's language) plus their creator's
 * followers and tags.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { statusStr, subStatusStr } from '../domain/labels.ts';
import type { Language } from '../../contract/constants.ts';

type Row = Record<string, unknown>;

/** The live invitations of a country. */
export const invitations = (db: Kysely<DB>, ws: number, country: string) =>
  db
    .selectFrom('invitations as i')
    .where('i.workspace_id', '=', ws)
    .where('i.country', '=', country)
    .where('i.deleted_at', 'is', null);

/** Tag titles of the creators, comma-joined, by creator id. */
export async function tagsOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return new Map();
  const tags = await db
    .selectFrom('creator_tags as ct')
    .innerJoin('tags as t', 't.id', 'ct.tag_id')
    .select(['ct.creator_id', 't.title'])
    .where('ct.creator_id', 'in', ids)
    .where('t.deleted_at', 'is', null)
    .execute();
  for (const t of tags) {
    const id = Number(t.creator_id);
    out.set(id, [...(out.get(id) ?? []), t.title]);
  }
  return new Map([...out].map(([id, list]) => [id, list.join(', ')]));
}

/** One page of invitations with their own fields, their creator's followers and tags. */
export async function invitationPage(
  db: Kysely<DB>,
  ws: number,
  country: string,
  language: Language,
  lastId: number,
  limit: number,
) {
  const rows: Row[] = await invitations(db, ws, country)
    .leftJoin('creators as c', (j) =>
      j
        .onRef('c.workspace_id', '=', 'i.workspace_id')
        .onRef('c.country', '=', 'i.country')
        .onRef('c.unique_id', '=', 'i.unique_id')
        .on('c.deleted_at', 'is', null),
    )
    .select([
      'i.id',
      'i.unique_id',
      'i.country',
      'i.status',
      'i.sub_status',
      'i.daren_name',
      'i.daren_email',
      'i.daren_phone',
      'i.product_id',
      'i.logistics',
      'i.cooperate',
      'i.add_time',
      'i.update_time',
      'c.id as creator_id',
      'c.follower_count',
    ])
    .where('i.id', '>', lastId)
    .orderBy('i.id')
    .limit(limit)
    .execute();
  const tags = await tagsOf(
    db,
    rows.map((r) => Number(r.creator_id)).filter((id) => id > 0),
  );
  for (const r of rows) {
    r.status_str = statusStr(Number(r.status), language);
    r.sub_status_str = subStatusStr(r.sub_status == null ? null : Number(r.sub_status), language);
    r.tags = tags.get(Number(r.creator_id)) ?? '';
  }
  return rows;
}
