/**
 * Content records: add by pasted link, correct, delete, list (docs/decisions/plans.md, "Content and
 * post-by dates"). Every query is scoped to the caller's workspace: a plan or record id of another
 * workspace is absent (40004). Each write takes the workspace's version lock first, so the
 * workspace's cap and "this video is already there" hold under concurrent calls; the unique index
 * on (workspace, country, video id) holds them across processes too.
 *
 * A record for a plan (named, or carrying one of the plan's products) moves the creator's shipped
 * sample in that plan to "content posted", through movePlanCreators like a member's move.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants.ts';
import { CONTENT_MAX } from '../../contract/limits.ts';
import type { ContentAddRequest, ContentEditRequest, ContentRow } from '../../contract/schemas/content.ts';
import {
  contentByVideo,
  countContent,
  creatorByHandle,
  dailySnapshots,
  findContent,
  insertContent,
  listContent,
  snapshotIfChanged,
  updateContent,
  type ContentCounts,
} from '../db/content.repository.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { findLiveCreator } from '../db/creator-lookup.repository.ts';
import { membershipsAt, plansOfCreators } from '../db/plan-member.repository.ts';
import { plansWithProducts, planTerms, tiktokProductIds } from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { movePlanCreators } from './plan-member.service.ts';

type Trx = Transaction<DB>;
type AddInput = z.infer<typeof ContentAddRequest>;
type EditInput = z.infer<typeof ContentEditRequest>;

/** A plan named by a record must be a live plan of the workspace, in the record's country. */
async function checkPlan(trx: Trx, ws: number, planId: number | undefined, country: string): Promise<void> {
  if (!planId) return;
  const plan = await planTerms(trx, ws, planId);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  if (plan.country !== country) throw new AppError(40001, 'content_plan_country', { country: plan.country });
}

const joinIds = (ids: readonly string[]): string => [...new Set(ids)].join(',');
const splitIds = (s: string): string[] => s.split(',').filter(Boolean);

/**
 * Moves the record's creator to "content posted" in the plans it is for: the plan it names, or
 * else each plan carrying one of its products; only where the creator's samples were shipped and
 * no content was recorded yet (stage "shipped"). Answers how many moves were made.
 */
export async function postedFromContent(
  trx: Trx,
  ws: number,
  by: Actor,
  row: ContentRow,
  lang: Language,
  opts: {
    /** Only samples sent at or before this time (unix seconds) move: a video cannot answer a later one. */
    sentBy?: number;
  } = {},
): Promise<number> {
  if (!row.creator_id) return 0;
  const shipped = await membershipsAt(trx, ws, [row.creator_id], ['shipped'], opts.sentBy);
  if (!shipped.length) return 0;
  let planIds: number[];
  if (row.plan_id) planIds = shipped.some((m) => m.plan_id === row.plan_id) ? [row.plan_id] : [];
  else {
    const products = new Set(splitIds(row.product_ids));
    if (!products.size) return 0;
    const plans = await plansWithProducts(trx, ws, [...new Set(shipped.map((m) => m.plan_id))]);
    const rowIds = [...new Set(plans.flatMap((p) => splitIds(String(p.product_ids)).map(Number)))];
    const tiktokOf = await tiktokProductIds(trx, ws, rowIds);
    planIds = plans
      .filter((p) =>
        splitIds(String(p.product_ids)).some((id) => products.has(tiktokOf.get(Number(id)) ?? '')),
      )
      .map((p) => Number(p.id));
  }
  let moved = 0;
  for (const planId of planIds)
    moved += (await movePlanCreators(trx, ws, by, planId, [row.creator_id], 'posted', '', lang)).changed;
  return moved;
}

/**
 * The plan a record is for, when the workspace says so without a guess: the one plan the creator is
 * in that carries one of the record's products (TikTok product ids); when several do, the one where
 * the creator's sample is shipped (awaiting content), if exactly one; else none (0). A record of no
 * plan still moves every plan carrying its product (postedFromContent) and counts in their money.
 */
export async function planOfRecord(
  trx: Trx,
  ws: number,
  creatorId: number,
  productIds: readonly string[],
): Promise<number> {
  const products = new Set(productIds.filter(Boolean));
  if (!creatorId || !products.size) return 0;
  const memberOf = (await plansOfCreators(trx, ws, [creatorId])).get(creatorId) ?? [];
  if (!memberOf.length) return 0;
  const plans = await plansWithProducts(
    trx,
    ws,
    memberOf.map((m) => m.plan_id),
  );
  const rowIds = [...new Set(plans.flatMap((p) => splitIds(String(p.product_ids)).map(Number)))];
  const tiktokOf = await tiktokProductIds(trx, ws, rowIds);
  const carrying = plans
    .filter((p) => splitIds(String(p.product_ids)).some((id) => products.has(tiktokOf.get(Number(id)) ?? '')))
    .map((p) => Number(p.id));
  if (carrying.length === 1) return carrying[0]!;
  const shipped = memberOf.filter((m) => m.stage === 'shipped' && carrying.includes(m.plan_id));
  return shipped.length === 1 ? shipped[0]!.plan_id : 0;
}

export async function addContent(
  trx: Trx,
  ws: number,
  by: Actor,
  input: AddInput,
  lang: Language = DEFAULT_LANGUAGE,
) {
  const version = await nextVersion(trx, ws);
  const { handle, videoId, link } = input.link;
  const existing = await contentByVideo(trx, ws, input.country, videoId);
  // The same video again is the record the workspace has: a retried paste changes nothing but its
  // counts (a newer file or reading of the same video is a new snapshot when they changed).
  if (existing && !existing.deleted) {
    const snapshot = await snapshotOf(trx, ws, existing.row.id, input, now());
    return { ...existing.row, already: 1, moved: 0, snapshot };
  }
  await checkPlan(trx, ws, input.plan_id, input.country);
  if ((await countContent(trx, ws)) >= CONTENT_MAX)
    throw new AppError(40009, 'content_limit', { max: CONTENT_MAX });
  const creator = await creatorByHandle(trx, ws, input.country, handle);
  const t = now();
  const values = {
    version,
    deleted_at: null,
    handle,
    creator_id: creator?.id ?? 0,
    product_ids: joinIds(input.product_ids ?? []),
    plan_id: input.plan_id ?? 0,
    link,
    kind: input.kind ?? 'video',
    post_time: input.post_time ?? t,
    source: input.source ?? 'hand',
    user_id: by.id,
    user_name: by.name,
    add_time: t,
    update_time: t,
  };
  const row = existing
    ? await updateContent(trx, ws, existing.row.id, values)
    : await insertContent(trx, { ...values, workspace_id: ws, country: input.country, video_id: videoId });
  const moved = await postedFromContent(trx, ws, by, row, lang);
  const snapshot = await snapshotOf(trx, ws, row.id, input, t);
  return { ...row, already: 0, moved, snapshot };
}

/** The counts the caller sent, or null when it sent none (nothing to snapshot). */
function countsOf(input: Partial<ContentCounts>): Partial<ContentCounts> | null {
  const { views, likes, comments, orders } = input;
  const given = { views, likes, comments, orders };
  return Object.values(given).some((v) => v !== undefined) ? given : null;
}

/** A snapshot of the counts sent with an add or an edit, when they changed (1) or not (0). */
async function snapshotOf(trx: Trx, ws: number, contentId: number, input: Partial<ContentCounts>, t: number) {
  const counts = countsOf(input);
  return counts && (await snapshotIfChanged(trx, ws, contentId, counts, t)) ? 1 : 0;
}

async function requireContent(trx: Trx, ws: number, id: number): Promise<ContentRow> {
  const row = await findContent(trx, ws, id);
  if (!row) throw new AppError(40004, 'content_not_found');
  return row;
}

/** Corrects a record's plan, products, kind or post time, or sends its counts; the video and creator stay. */
export async function editContent(
  trx: Trx,
  ws: number,
  by: Actor,
  input: EditInput,
  lang: Language = DEFAULT_LANGUAGE,
) {
  const version = await nextVersion(trx, ws);
  const current = await requireContent(trx, ws, input.id);
  await checkPlan(trx, ws, input.plan_id, current.country);
  // A creator added to the workspace after the record was made is linked now.
  const creator = current.creator_id
    ? undefined
    : await creatorByHandle(trx, ws, current.country, current.handle);
  const t = now();
  const wasIds = splitIds(current.product_ids).sort().join(',');
  const changed = [
    input.post_time !== undefined && input.post_time !== current.post_time && 'post_time',
    input.plan_id !== undefined && input.plan_id !== current.plan_id && 'plan',
    input.product_ids !== undefined && joinIds([...input.product_ids].sort()) !== wasIds && 'products',
    input.kind !== undefined && input.kind !== current.kind && 'kind',
  ].filter((f): f is string => !!f);
  const row = await updateContent(trx, ws, input.id, {
    ...(input.plan_id !== undefined && { plan_id: input.plan_id }),
    ...(input.product_ids !== undefined && { product_ids: joinIds(input.product_ids) }),
    ...(input.kind !== undefined && { kind: input.kind }),
    ...(input.post_time !== undefined && { post_time: input.post_time }),
    ...(creator && { creator_id: creator.id }),
    update_time: t,
    version,
  });
  // The creator's history says who corrected which parts of the record (figures are snapshots).
  if (changed.length && row.creator_id)
    await recordEvents(
      trx,
      ws,
      by,
      version,
      [row.creator_id],
      'content_edit',
      `${row.video_id}|${changed.join(',')}`,
    );
  const moved = await postedFromContent(trx, ws, by, row, lang);
  const snapshot = await snapshotOf(trx, ws, row.id, input, t);
  return { ...row, moved, snapshot };
}

/**
 * Deletes a record (a tombstone); a stage it moved stays where it is, as a member's move would. The
 * creator's history says who deleted which video.
 */
export async function deleteContent(trx: Trx, ws: number, by: Actor, id: number): Promise<{ id: number }> {
  const version = await nextVersion(trx, ws);
  const current = await requireContent(trx, ws, id);
  const t = now();
  await updateContent(trx, ws, id, { deleted_at: t, update_time: t, version });
  if (current.creator_id)
    await recordEvents(trx, ws, by, version, [current.creator_id], 'content_del', current.video_id);
  return { id };
}

/** A creator's records (by handle in their country, so ones made before they were added count), or a plan's. */
export async function listContentOf(
  db: Trx | Kysely<DB>,
  ws: number,
  input: { creator_id?: number; plan_id?: number },
) {
  if (input.creator_id !== undefined) {
    const creator = await findLiveCreator(db, ws, input.creator_id);
    if (!creator) throw new AppError(40004, 'creators_not_found');
    const all = await listContent(db, ws, {
      country: creator.country,
      handle: creator.unique_id.toLowerCase(),
    });
    if (input.plan_id === undefined) return all;
    const rows = all.rows.filter((r) => r.plan_id === input.plan_id);
    return { rows, total: rows.length };
  }
  const plan = await planTerms(db, ws, input.plan_id!);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  return listContent(db, ws, { planId: input.plan_id! });
}

/** A record's first `days` days since its post time, one point a day (contract/schemas/content.ts). */
export async function contentSnapshotsOf(
  db: Trx | Kysely<DB>,
  ws: number,
  input: { id: number; days: number },
) {
  const row = await findContent(db, ws, input.id);
  if (!row) throw new AppError(40004, 'content_not_found');
  const points = await dailySnapshots(db, ws, row.id, row.post_time, row.post_time + input.days * 86_400);
  return { id: row.id, post_time: row.post_time, days: input.days, points };
}
