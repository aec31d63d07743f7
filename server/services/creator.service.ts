/**
 * Creator database use cases: the Home list, bulk chat/invited flags and bulk tagging.
 * Writes stamp the touched creators with one new workspace version, so sync pulls them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import type { CreatorListRequest, CreatorRow } from '../../contract/schemas/creator.ts';
import type { z } from 'zod';
import type { creatorEditRequest, creatorSetTagsRequest } from '../../contract/schemas/creator.ts';
import {
  chunks,
  findCreators,
  listCreators,
  loadTags,
  touchCreators,
  type TagRef,
} from '../db/creator.repository.ts';
import type { Creator, DB } from '../db/schema.ts';
import { nextVersion } from '../db/versioning.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { AppError } from '../domain/errors.ts';
import { label, statusStr } from '../domain/labels.ts';

/** Engagement is stored as a percentage (as the demo seed and the export's "Engagement %" column read it); 2 decimals on the wire. */
export const percent = (value: number): number => Math.round(Number(value) * 100) / 100;

export function toCreatorRow(c: Creator, tags: TagRef[], lang: Language): CreatorRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(c.id),
    country: c.country,
    unique_id: c.unique_id,
    status: Number(c.status),
    status_str: statusStr(Number(c.status), lang),
    tags,
    is_chat: Number(c.is_chat),
    is_chat_str: label(c.is_chat ? 'chat_yes' : 'chat_no', lang),
    is_invitation: Number(c.is_invitation),
    is_invitation_str: label(c.is_invitation ? 'invited_yes' : 'invited_no', lang),
    is_black: Number(c.is_black),
    is_black_str: label(c.is_black ? 'black_yes' : 'black_no', lang),
    daren_name: c.daren_name,
    daren_sex: c.daren_sex,
    daren_email: c.daren_email,
    daren_phone: c.daren_phone,
    signature: c.signature,
    daren_socialize: c.daren_socialize,
    daren_addr: c.daren_addr,
    email: c.email,
    bio_link: c.bio_link,
    nick_name: c.nick_name,
    head_img: c.head_img,
    follower_count: Number(c.follower_count),
    categorys: c.categorys,
    product_count: Number(c.product_count),
    gmv_t30: Number(c.gmv_t30),
    video_count: Number(c.video_count),
    units_sold_t30: Number(c.units_sold_t30),
    video_publish_t30: Number(c.video_publish_t30),
    video_view_t30: Number(c.video_view_t30),
    video_engagement_t30: percent(c.video_engagement_t30),
    digg_count: Number(c.digg_count),
    following_count: Number(c.following_count),
    heart: Number(c.heart),
    heart_count: Number(c.heart_count),
    video_last_time: n(c.video_last_time),
    check_time: n(c.check_time),
    nick_update_time: n(c.nick_update_time),
    add_time: Number(c.add_time),
    update_time: Number(c.update_time),
  };
}

export async function listCreatorRows(db: Kysely<DB>, ws: number, f: CreatorListRequest, lang: Language) {
  const { rows, count } = await listCreators(db, ws, f);
  const tags = await loadTags(
    db,
    ws,
    rows.map((r) => Number(r.id)),
  );
  return {
    list: rows.map((r) => toCreatorRow(r, tags.get(Number(r.id)) ?? [], lang)),
    count,
    limit: f.limit,
    page: f.page,
  };
}

/** The creators of the list in this workspace and country; none at all is 40004 (nothing to do). */
async function matchCreators(trx: Transaction<DB>, ws: number, country: string, names: string[]) {
  const found = await findCreators(trx, ws, country, names);
  if (!found.length) throw new AppError(40004, 'creators_not_found');
  const known = new Set(found.map((c) => c.unique_id));
  return { found, notFound: names.filter((n) => !known.has(n)) };
}

export async function editCreators(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof creatorEditRequest>,
  by?: Actor,
) {
  const { found, notFound } = await matchCreators(trx, ws, input.country, input.bloggers);
  const patch: { is_chat?: number; is_invitation?: number } = {};
  if (input.isChat !== undefined) patch.is_chat = input.isChat;
  if (input.isInvitation !== undefined) patch.is_invitation = input.isInvitation;
  const version = await nextVersion(trx, ws);
  await touchCreators(
    trx,
    ws,
    found.map((c) => Number(c.id)),
    version,
    patch,
  );
  // One history row per flag that was set (the value is the detail: 1 or 0).
  const ids = found.map((c) => Number(c.id));
  if (patch.is_chat !== undefined)
    await recordEvents(trx, ws, by, version, ids, 'chat', String(patch.is_chat));
  if (patch.is_invitation !== undefined)
    await recordEvents(trx, ws, by, version, ids, 'invited', String(patch.is_invitation));
  return { matched: found.length, updated: found.length, not_found: notFound };
}

/**
 * Adds or removes tags on creators. Every tag must belong to this workspace and country, else
 * 40004 and nothing changes. Each matched creator gets a new version (its tag list changed).
 */
export async function setCreatorTags(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof creatorSetTagsRequest>,
  by?: Actor,
) {
  const tagIds = [...new Set(input.tagIds)];
  const tags = await trx
    .selectFrom('tags')
    .select(['id', 'title'])
    .where('workspace_id', '=', ws)
    .where('country', '=', input.country)
    .where('deleted_at', 'is', null)
    .where('id', 'in', tagIds)
    .execute();
  if (tags.length !== tagIds.length) throw new AppError(40004, 'tags_not_found');
  const { found, notFound } = await matchCreators(trx, ws, input.country, input.bloggers);
  const ids = found.map((c) => Number(c.id));
  // Keeps one insert under ~3,000 bound parameters whatever the tag count.
  for (const part of chunks(ids, Math.max(1, Math.floor(1000 / tagIds.length)))) {
    if (input.type === 'add') {
      await trx
        .insertInto('creator_tags')
        .values(
          part.flatMap((creator_id) => tagIds.map((tag_id) => ({ workspace_id: ws, creator_id, tag_id }))),
        )
        .onConflict((oc) => oc.columns(['creator_id', 'tag_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('creator_tags')
        .where('workspace_id', '=', ws)
        .where('creator_id', 'in', part)
        .where('tag_id', 'in', tagIds)
        .execute();
    }
  }
  const version = await nextVersion(trx, ws);
  await touchCreators(trx, ws, ids, version);
  const titles = tags.map((t) => t.title).join(', ');
  await recordEvents(trx, ws, by, version, ids, input.type === 'add' ? 'tag_add' : 'tag_del', titles);
  return { matched: found.length, updated: found.length, not_found: notFound };
}
