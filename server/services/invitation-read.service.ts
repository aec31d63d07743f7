/**
 * Invitation reads: the Invited list (the Invited screen's filters, localised status names,
 * the creator's tags) and the status history of one invitation.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import type { InvitationListRequest, InvitationRow } from '../../contract/schemas/invitation.ts';
import { findCreators, hasAnyTag, ilike, loadTags, type TagRef } from '../db/creator.repository.ts';
import type { DB, InvitationsTable } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { statusStr, subStatusStr } from '../domain/labels.ts';

export type Invitation = Selectable<InvitationsTable>;
type Db = Kysely<DB> | Transaction<DB>;

export function toInvitationRow(i: Invitation, tags: TagRef[], lang: Language): InvitationRow {
  const sub = i.sub_status === null ? null : Number(i.sub_status);
  return {
    blogger_invitation_id: Number(i.id),
    country: i.country,
    unique_id: i.unique_id,
    status: Number(i.status),
    status_str: statusStr(Number(i.status), lang),
    sub_status: sub,
    sub_status_str: subStatusStr(sub, lang),
    tags,
    daren_name: i.daren_name,
    daren_sex: i.daren_sex,
    daren_email: i.daren_email,
    daren_phone: i.daren_phone,
    daren_addr: i.daren_addr,
    logistics: i.logistics,
    cooperate: i.cooperate,
    product_id: i.product_id,
    add_time: Number(i.add_time),
    update_time: Number(i.update_time),
  };
}

/** Tags of the invitations' creators (matched by country + unique_id). */
export async function rowsWithTags(
  db: Db,
  ws: number,
  invs: Invitation[],
  lang: Language,
): Promise<InvitationRow[]> {
  const byCountry = new Map<string, string[]>();
  for (const i of invs) byCountry.set(i.country, [...(byCountry.get(i.country) ?? []), i.unique_id]);
  const creatorIds = new Map<string, number>();
  for (const [country, names] of byCountry)
    for (const c of await findCreators(db, ws, country, names))
      creatorIds.set(`${country}\n${c.unique_id}`, Number(c.id));
  const tags = await loadTags(db, ws, [...creatorIds.values()]);
  return invs.map((i) =>
    toInvitationRow(i, tags.get(creatorIds.get(`${i.country}\n${i.unique_id}`) ?? -1) ?? [], lang),
  );
}

export async function listInvitations(db: Kysely<DB>, ws: number, f: InvitationListRequest, lang: Language) {
  let q = db
    .selectFrom('invitations as i')
    .where('i.workspace_id', '=', ws)
    .where('i.country', '=', f.country)
    .where('i.deleted_at', 'is', null);
  if (f.name) q = q.where((eb) => eb.or([ilike('i.unique_id', f.name!), ilike('i.daren_name', f.name!)]));
  if (f.tagsId.length)
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('creators as c')
          .select('c.id')
          .where('c.workspace_id', '=', ws)
          .whereRef('c.country', '=', 'i.country')
          .whereRef('c.unique_id', '=', 'i.unique_id')
          .where('c.deleted_at', 'is', null)
          .where(hasAnyTag(ws, 'c.id', f.tagsId)),
      ),
    );
  if (f.status !== undefined) q = q.where('i.status', '=', f.status);
  if (f.sub_status !== undefined) q = q.where('i.sub_status', '=', f.sub_status);
  if (f.startTime !== undefined) q = q.where('i.add_time', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('i.add_time', '<=', f.endTime);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const dir = f.sort ?? 'desc';
  const rows = await q
    .selectAll('i')
    .orderBy(`i.${f.field ?? 'add_time'}`, dir)
    .orderBy('i.id', dir)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return {
    list: await rowsWithTags(db, ws, rows, lang),
    count: Number(counted.n),
    limit: f.limit,
    page: f.page,
  };
}

export async function findInvitation(db: Db, ws: number, id: number): Promise<Invitation> {
  const inv = await db
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!inv) throw new AppError(40004, 'invitation_not_found');
  return inv;
}

export async function invitationHistory(db: Kysely<DB>, ws: number, id: number, lang: Language) {
  await findInvitation(db, ws, id);
  const rows = await db
    .selectFrom('invitation_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.status', 'h.sub_status', 'h.user_id', 'h.note', 'h.created_at', 'u.member_name'])
    .where('h.workspace_id', '=', ws)
    .where('h.invitation_id', '=', id)
    .orderBy('h.id')
    .execute();
  return rows.map((h) => {
    const sub = h.sub_status === null ? null : Number(h.sub_status);
    return {
      id: Number(h.id),
      status: Number(h.status),
      status_str: statusStr(Number(h.status), lang),
      sub_status: sub,
      sub_status_str: subStatusStr(sub, lang),
      user_id: h.user_id === null ? null : Number(h.user_id),
      member_name: h.member_name ?? '',
      note: h.note,
      created_at: Number(h.created_at),
    };
  });
}
