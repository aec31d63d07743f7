/**
 * Collaboration plans (issue 23). Every query is scoped to the caller's workspace: a plan, product,
 * template or creator id of another workspace is treated as absent (40004 for the plan and its
 * parts, "skipped" for creators), so no answer tells whether another workspace's id exists. Any
 * member works on the team's plans. Each write takes the workspace's version lock first, so counts
 * and membership checks hold under concurrent calls. A creator entering a stage (added to a plan,
 * moved) also gets a timeline row (creator_events kind `stage`, detail `<stage>:<plan name>`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type PlanAddRequest, type PlanEditRequest, type PlanRow } from '../../contract/schemas/plan.ts';
import {
  COMMISSION_MAX,
  COMMISSION_MIN,
  FOLLOWUP_TEXT_MAX,
  MESSAGES_BEFORE_REPLY,
  PLAN_BEFORE_INVITE,
  PLAN_CONNECTED,
  PLAN_CREATORS_MAX,
  PLAN_EXITS,
  PLAN_PRODUCTS_MAX,
  PLANS_MAX,
  PLAN_STAGES,
  type PlanStage,
} from '../../contract/limits.ts';
import type { invitationAddRequest } from '../../contract/schemas/invitation.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants.ts';
import { chunks, touchCreators } from '../db/creator.repository.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { numericIds } from '../db/row-numbers.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { message } from '../domain/messages.ts';
import { addInvitations } from './invitation.service.ts';

type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;
type AddInput = z.infer<typeof PlanAddRequest>;
type EditInput = z.infer<typeof PlanEditRequest>;
type AddInvitation = z.infer<typeof invitationAddRequest>;

const COLS = [
  'id',
  'name',
  'country',
  'product_ids',
  'commission_rate',
  'budget',
  'sample_cost',
  'shipping_cost',
  'start_date',
  'end_date',
  'chat_template_id',
  'user_id',
  'user_name',
  'add_time',
  'update_time',
] as const;

const numeric = (row: Record<string, unknown>): PlanRow => {
  const r = numericIds(row) as PlanRow;
  return {
    ...r,
    commission_rate: Number(r.commission_rate),
    budget: Number(r.budget),
    sample_cost: Number(r.sample_cost),
    shipping_cost: Number(r.shipping_cost),
  };
};

const livePlans = (trx: Trx, ws: number) =>
  trx.selectFrom('plans').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

async function requirePlan(trx: Trx, ws: number, id: number): Promise<{ id: number; name: string }> {
  const row = await livePlans(trx, ws).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(40004, 'plan_not_found');
  return { id: Number(row.id), name: row.name };
}

/** The plan's products and template must be the workspace's own live rows. */
async function checkParts(trx: Trx, ws: number, productIds?: number[], templateId?: number): Promise<void> {
  if (productIds?.length) {
    const found = await trx
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...new Set(productIds)])
      .execute();
    if (found.length !== new Set(productIds).size) throw new AppError(40004, 'plan_product_not_found');
  }
  if (templateId) {
    const tpl = await trx
      .selectFrom('chat_templates')
      .select('id')
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('id', '=', templateId)
      .executeTakeFirst();
    if (!tpl) throw new AppError(40004, 'plan_template_not_found');
  }
}

const joinIds = (ids: number[]): string => [...new Set(ids)].join(',');

export async function addPlan(trx: Trx, ws: number, by: Actor, input: AddInput): Promise<PlanRow> {
  const version = await nextVersion(trx, ws);
  const { n } = await livePlans(trx, ws)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) >= PLANS_MAX) throw new AppError(40009, 'plan_limit', { max: PLANS_MAX });
  await checkParts(trx, ws, input.product_ids, input.chat_template_id);
  const t = now();
  const row = await trx
    .insertInto('plans')
    .values({
      workspace_id: ws,
      version,
      deleted_at: null,
      name: input.name,
      country: input.country,
      product_ids: joinIds(input.product_ids),
      commission_rate: input.commission_rate ?? 0,
      budget: input.budget ?? 0,
      sample_cost: input.sample_cost ?? 0,
      shipping_cost: input.shipping_cost ?? 0,
      start_date: input.start_date ?? '',
      end_date: input.end_date ?? '',
      chat_template_id: input.chat_template_id ?? 0,
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    })
    .returning(COLS)
    .executeTakeFirstOrThrow();
  return numeric(row);
}

export async function editPlan(trx: Trx, ws: number, input: EditInput): Promise<PlanRow> {
  const version = await nextVersion(trx, ws);
  await requirePlan(trx, ws, input.id);
  await checkParts(trx, ws, input.product_ids, input.chat_template_id);
  const current = await livePlans(trx, ws)
    .select(['start_date', 'end_date'])
    .where('id', '=', input.id)
    .executeTakeFirstOrThrow();
  const start = input.start_date ?? current.start_date;
  const end = input.end_date ?? current.end_date;
  if (start && end && start > end) throw new AppError(40001, 'plan_dates_order');
  const row = await trx
    .updateTable('plans')
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.product_ids !== undefined && { product_ids: joinIds(input.product_ids) }),
      ...(input.commission_rate !== undefined && { commission_rate: input.commission_rate }),
      ...(input.budget !== undefined && { budget: input.budget }),
      ...(input.sample_cost !== undefined && { sample_cost: input.sample_cost }),
      ...(input.shipping_cost !== undefined && { shipping_cost: input.shipping_cost }),
      ...(input.start_date !== undefined && { start_date: input.start_date }),
      ...(input.end_date !== undefined && { end_date: input.end_date }),
      ...(input.chat_template_id !== undefined && { chat_template_id: input.chat_template_id }),
      update_time: now(),
      version,
    })
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .returning(COLS)
    .executeTakeFirstOrThrow();
  return numeric(row);
}

/** Deletes a plan and takes its creators out of it (tombstones for sync; the creators stay). */
export async function deletePlan(trx: Trx, ws: number, id: number): Promise<{ id: number }> {
  const version = await nextVersion(trx, ws);
  await requirePlan(trx, ws, id);
  const t = now();
  await trx
    .updateTable('plans')
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('plan_creators')
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  return { id };
}

export interface PlanCounts {
  plan_id: number;
  /** Creators the call changed. */
  changed: number;
  /** Ids it left alone: already there / not in the plan / not a creator of this workspace. */
  skipped: number;
}

/** The plan's rows for these creators, live or removed. */
const memberRows = (trx: Trx, ws: number, planId: number, ids: number[]) =>
  trx
    .selectFrom('plan_creators')
    .select(['id', 'creator_id', 'stage', 'deleted_at'])
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', planId)
    .where('creator_id', 'in', ids)
    .execute();

/**
 * Adds creators of the workspace to a plan at "to contact"; ones already in it are skipped and
 * counted as `already`.
 */
export async function addPlanCreators(trx: Trx, ws: number, by: Actor, planId: number, ids: number[]) {
  const version = await nextVersion(trx, ws);
  const plan = await requirePlan(trx, ws, planId);
  const wanted = [...new Set(ids)];
  const creators = await trx
    .selectFrom('creators')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', 'in', wanted)
    .execute();
  const known = new Set(creators.map((c) => Number(c.id)));
  const rows = await memberRows(trx, ws, planId, wanted);
  const inPlan = new Set(rows.filter((r) => r.deleted_at === null).map((r) => Number(r.creator_id)));
  const removed = new Map(rows.filter((r) => r.deleted_at !== null).map((r) => [Number(r.creator_id), r.id]));
  const fresh = wanted.filter((id) => known.has(id) && !inPlan.has(id));
  if (fresh.length) {
    const { n } = await trx
      .selectFrom('plan_creators')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', planId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) + fresh.length > PLAN_CREATORS_MAX)
      throw new AppError(40009, 'plan_full', { max: PLAN_CREATORS_MAX, room: PLAN_CREATORS_MAX - Number(n) });
  }
  const t = now();
  const entering = {
    version,
    deleted_at: null,
    stage: 'to_contact',
    reason: '',
    stage_time: t,
    sample_time: 0,
    user_id: by.id,
    user_name: by.name,
    update_time: t,
  };
  const revive = fresh.filter((id) => removed.has(id));
  if (revive.length)
    await trx
      .updateTable('plan_creators')
      .set({ ...entering, add_time: t })
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', planId)
      .where('creator_id', 'in', revive)
      .execute();
  const insert = fresh.filter((id) => !removed.has(id));
  for (let i = 0; i < insert.length; i += 200)
    await trx
      .insertInto('plan_creators')
      .values(
        insert.slice(i, i + 200).map((creator_id) => ({
          ...entering,
          workspace_id: ws,
          plan_id: planId,
          creator_id,
          add_time: t,
        })),
      )
      .execute();
  await recordEvents(trx, ws, by, version, fresh, 'stage', `to_contact:${plan.name}`);
  // Those already in it, apart from the rest of the skipped: the app says "2 added, 2 already there".
  // Only the workspace's own creators can be in its plan, so a foreign id never counts here.
  const already = wanted.filter((id) => inPlan.has(id)).length;
  return { plan_id: planId, changed: fresh.length, skipped: ids.length - fresh.length, already };
}

/** Stages on the path before samples go out. */
const BEFORE_SHIPPED = new Set<string>(PLAN_STAGES.slice(0, PLAN_STAGES.indexOf('shipped')));

/** Moves creators of a plan to a stage; a reason goes only with a way out (declined, …). */
export async function movePlanCreators(
  trx: Trx,
  ws: number,
  by: Actor,
  planId: number,
  ids: number[],
  stage: PlanStage,
  reason = '',
  lang: Language = DEFAULT_LANGUAGE,
): Promise<PlanCounts> {
  const version = await nextVersion(trx, ws);
  const plan = await requirePlan(trx, ws, planId);
  const rows = await memberRows(trx, ws, planId, [...new Set(ids)]);
  const why = PLAN_EXITS.includes(stage) ? reason : '';
  const moving = rows
    .filter((r) => r.deleted_at === null && r.stage !== stage)
    .map((r) => Number(r.creator_id));
  const t = now();
  if (moving.length)
    await trx
      .updateTable('plan_creators')
      .set({
        stage,
        reason: why,
        stage_time: t,
        // Samples are recorded as sent by the move to "shipped"; a move back before it takes that back.
        ...(stage === 'shipped' ? { sample_time: t } : BEFORE_SHIPPED.has(stage) ? { sample_time: 0 } : {}),
        user_id: by.id,
        user_name: by.name,
        update_time: t,
        version,
      })
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', planId)
      .where('creator_id', 'in', moving)
      .execute();
  await recordEvents(trx, ws, by, version, moving, 'stage', `${stage}:${plan.name}`);
  await sampleFollowups(trx, ws, by, version, moving, stage, plan.name, lang);
  return { plan_id: planId, changed: moving.length, skipped: ids.length - moving.length };
}

/**
 * Stage changes that come from other records (issue 23): an invitation recorded for a creator moves
 * them to "invited", an imported sale to "selling", in each plan that carries one of the record's
 * products, when they are still before that stage on the path (a creator who left the path, or is
 * further on, stays). Through movePlanCreators, so each move is a history row like a user's.
 */
export async function advanceInPlans(
  trx: Trx,
  ws: number,
  by: Actor | undefined,
  stage: PlanStage,
  items: readonly { creatorId: number; productIds: readonly string[] }[],
  lang: Language = DEFAULT_LANGUAGE,
): Promise<number> {
  const before = PLAN_STAGES.slice(0, PLAN_STAGES.indexOf(stage)).filter((s) => !PLAN_EXITS.includes(s));
  const products = new Map<number, Set<string>>();
  for (const it of items) {
    const set = products.get(it.creatorId) ?? new Set<string>();
    for (const p of it.productIds) if (p) set.add(p);
    products.set(it.creatorId, set);
  }
  const creatorIds = [...products.keys()].filter((id) => products.get(id)!.size > 0);
  if (!creatorIds.length || !before.length) return 0;
  const members: { plan_id: number; creator_id: number }[] = [];
  for (const part of chunks(creatorIds))
    for (const r of await trx
      .selectFrom('plan_creators')
      .select(['plan_id', 'creator_id'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('stage', 'in', before)
      .execute())
      members.push({ plan_id: Number(r.plan_id), creator_id: Number(r.creator_id) });
  if (!members.length) return 0;
  const planIds = [...new Set(members.map((r) => r.plan_id))];
  const plans = await trx
    .selectFrom('plans')
    .select(['id', 'product_ids'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', 'in', planIds)
    .execute();
  const rowIds = [
    ...new Set(
      plans.flatMap((p) =>
        String(p.product_ids)
          .split(',')
          .map(Number)
          .filter((n) => n > 0),
      ),
    ),
  ];
  const tiktokOf = new Map<number, string>();
  for (const part of chunks(rowIds))
    for (const r of await trx
      .selectFrom('products')
      .select(['id', 'product_id'])
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute())
      tiktokOf.set(Number(r.id), String(r.product_id));
  let moved = 0;
  const actor: Actor = by ?? { id: 0, name: '' };
  for (const plan of plans) {
    const carries = new Set(
      String(plan.product_ids)
        .split(',')
        .map((id) => tiktokOf.get(Number(id)))
        .filter((p): p is string => Boolean(p)),
    );
    const ids = members
      .filter(
        (m) => m.plan_id === Number(plan.id) && [...products.get(m.creator_id)!].some((p) => carries.has(p)),
      )
      .map((m) => m.creator_id);
    if (ids.length)
      moved += (await movePlanCreators(trx, ws, actor, Number(plan.id), ids, stage, '', lang)).changed;
  }
  return moved;
}

const DAY = 86_400;
const dayOf = (t: number): string => new Date(t * 1000).toISOString().slice(0, 10);

/**
 * TikTok's sample deadlines as follow-ups on the creator's workbench, written with the move:
 * a request must be approved or rejected within 7 days; after shipping, one reminder is allowed from
 * day 5 and the content is due by day 14. In the mover's language (the follow-up is their note).
 */
async function sampleFollowups(
  trx: Trx,
  ws: number,
  by: Actor,
  version: number,
  ids: number[],
  stage: PlanStage,
  planName: string,
  lang: Language,
): Promise<void> {
  const t = now();
  const due: { days: number; key: string }[] =
    stage === 'sample_requested'
      ? [{ days: 7, key: 'followup_sample_approve' }]
      : stage === 'shipped'
        ? [
            { days: 5, key: 'followup_sample_remind' },
            { days: 14, key: 'followup_content_due' },
          ]
        : [];
  if (!due.length || !ids.length) return;
  const rows = ids.flatMap((creator_id) =>
    due.map((d) => ({
      workspace_id: ws,
      version,
      deleted_at: null,
      creator_id,
      due_date: dayOf(t + d.days * DAY),
      text: message(d.key, lang, { plan: planName }).slice(0, FOLLOWUP_TEXT_MAX),
      done_time: 0,
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    })),
  );
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('creator_followups')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Takes creators out of a plan (tombstones; adding them again starts them at "to contact"). */
export async function removePlanCreators(
  trx: Trx,
  ws: number,
  planId: number,
  ids: number[],
): Promise<PlanCounts> {
  const version = await nextVersion(trx, ws);
  await requirePlan(trx, ws, planId);
  const rows = await memberRows(trx, ws, planId, [...new Set(ids)]);
  const gone = rows.filter((r) => r.deleted_at === null).map((r) => Number(r.creator_id));
  const t = now();
  if (gone.length)
    await trx
      .updateTable('plan_creators')
      .set({ deleted_at: t, update_time: t, version })
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', planId)
      .where('creator_id', 'in', gone)
      .execute();
  return { plan_id: planId, changed: gone.length, skipped: ids.length - gone.length };
}

/** The workspace's weekly quota of new creators, as the seller copied it from Seller Center (-1: not set). */
export async function setWeeklyQuota(trx: Trx, ws: number, by: Actor, quota: number) {
  const version = await nextVersion(trx, ws);
  const t = now();
  const values = { weekly_quota: quota, user_id: by.id, user_name: by.name, update_time: t, version };
  const cols = ['id', 'weekly_quota', 'user_id', 'user_name', 'update_time'] as const;
  const existing = await trx
    .selectFrom('workspace_settings')
    .select('id')
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  const row = existing
    ? await trx
        .updateTable('workspace_settings')
        .set({ ...values, deleted_at: null })
        .where('workspace_id', '=', ws)
        .returning(cols)
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('workspace_settings')
        .values({ ...values, workspace_id: ws, deleted_at: null })
        .returning(cols)
        .executeTakeFirstOrThrow();
  return numericIds(row) as {
    id: number;
    weekly_quota: number;
    user_id: number;
    user_name: string;
    update_time: number;
  };
}

/** The plan's terms a target invitation carries: its products (TikTok ids) and commission. */
async function inviteTerms(trx: Trx, ws: number, planId: number) {
  const plan = await livePlans(trx, ws)
    .select(['id', 'name', 'country', 'product_ids', 'commission_rate'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) throw new AppError(40004, 'plan_not_found');
  const ids = String(plan.product_ids)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const products = ids.length
    ? await trx
        .selectFrom('products')
        .select('product_id')
        .where('workspace_id', '=', ws)
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute()
    : [];
  if (!products.length) throw new AppError(40001, 'plan_invite_products', { max: PLAN_PRODUCTS_MAX });
  const rate = Number(plan.commission_rate);
  if (!(rate >= COMMISSION_MIN && rate <= COMMISSION_MAX))
    throw new AppError(40001, 'plan_invite_commission', { min: COMMISSION_MIN, max: COMMISSION_MAX });
  return { country: plan.country, productIds: products.map((p) => p.product_id) };
}

/**
 * Records one target invitation (at most PLAN_INVITE_MAX creators, checked by the schema) of a
 * plan's creators with the plan's products: an invitation row per creator (as /blogger/invitation.add
 * does, blacklisted names refused), and creators not invited yet in this plan move to "invited".
 */
export async function invitePlanCreators(trx: Trx, ws: number, by: Actor, planId: number, ids: number[]) {
  await nextVersion(trx, ws);
  const terms = await inviteTerms(trx, ws, planId);
  const wanted = [...new Set(ids)];
  const live = (await memberRows(trx, ws, planId, wanted)).filter((r) => r.deleted_at === null);
  const creators = live.length
    ? await trx
        .selectFrom('creators')
        .select(['id', 'unique_id'])
        .where('workspace_id', '=', ws)
        .where('deleted_at', 'is', null)
        .where('country', '=', terms.country)
        .where(
          'id',
          'in',
          live.map((r) => Number(r.creator_id)),
        )
        .execute()
    : [];
  if (!creators.length)
    return { plan_id: planId, invited: 0, skipped: ids.length, blacklisted: [] as string[] };
  const res = await addInvitations(
    trx,
    ws,
    by.id,
    {
      country: terms.country as AddInvitation['country'],
      bloggers: creators.map((c) => c.unique_id),
      isInvitation: 1,
      productIds: terms.productIds,
    },
    by,
  );
  const refused = new Set(res.blacklisted);
  const invited = new Set(creators.filter((c) => !refused.has(c.unique_id)).map((c) => Number(c.id)));
  const before = live
    .filter((r) => invited.has(Number(r.creator_id)) && PLAN_BEFORE_INVITE.includes(r.stage as PlanStage))
    .map((r) => Number(r.creator_id));
  if (before.length) await movePlanCreators(trx, ws, by, planId, before, 'invited');
  return {
    plan_id: planId,
    invited: invited.size,
    skipped: ids.length - invited.size - res.blacklisted.length,
    blacklisted: res.blacklisted,
  };
}

/**
 * Records a message sent to a creator (the `chat` history row and flag, as /blogger/edit isChat=1
 * writes them). TikTok allows MESSAGES_BEFORE_REPLY messages before the creator replies: a creator
 * in a connected stage of any plan is exempt; otherwise the messages recorded so far are counted and
 * the next one past the limit is refused (40009, naming the creator), nothing written.
 */
export async function recordMessage(trx: Trx, ws: number, by: Actor, creatorId: number) {
  const version = await nextVersion(trx, ws);
  const creator = await trx
    .selectFrom('creators')
    .select(['id', 'unique_id'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (!creator) throw new AppError(40004, 'creators_not_found');
  // Connected: in a replied-or-later stage now, or ever (a creator who replied and was then invited,
  // or whose plan was deleted, has still replied).
  let messages = 0;
  if (!(await connectedOf(trx, ws, [creatorId])).has(creatorId)) {
    messages = ((await messagesRecorded(trx, ws, [creatorId])).get(creatorId) ?? 0) + 1;
    if (messages > MESSAGES_BEFORE_REPLY)
      throw new AppError(40009, 'plan_message_limit', {
        name: creator.unique_id,
        max: MESSAGES_BEFORE_REPLY,
      });
  }
  await touchCreators(trx, ws, [creatorId], version, { is_chat: 1 });
  await recordEvents(trx, ws, by, version, [creatorId], 'chat', '1');
  return { creator_id: creatorId, messages };
}

/**
 * Creators of `ids` connected with the shop: in a replied-or-later stage of a plan now, or ever (the
 * history's stage rows). Exempt from the weekly quota and the message limit.
 */
export async function connectedOf(db: Db, ws: number, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    const now = await db
      .selectFrom('plan_creators')
      .select('creator_id')
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('stage', 'in', [...PLAN_CONNECTED])
      .execute();
    for (const r of now) out.add(Number(r.creator_id));
    const ever = await db
      .selectFrom('creator_events')
      .select('creator_id')
      .where('workspace_id', '=', ws)
      .where('creator_id', 'in', part)
      .where('kind', '=', 'stage')
      .where((eb) => eb.or(PLAN_CONNECTED.map((stage) => eb('detail', 'like', `${stage}:%`))))
      .execute();
    for (const r of ever) out.add(Number(r.creator_id));
  }
  return out;
}

/** Messages recorded to each of `ids` (history rows `chat` = 1); creators with none are absent. */
export async function messagesRecorded(
  db: Db,
  ws: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('creator_events')
      .select(['creator_id', (eb) => eb.fn.countAll().as('n')])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('kind', '=', 'chat')
      .where('detail', '=', '1')
      .groupBy('creator_id')
      .execute();
    for (const r of rows) out.set(Number(r.creator_id), Number(r.n));
  }
  return out;
}
