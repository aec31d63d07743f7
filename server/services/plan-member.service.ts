/**
 * The creators in a collaboration plan and the stage each is at (docs/decisions/plans.md): added at
 * "to contact", moved along the stages by a member or by other records (an invitation, a sale),
 * taken out. Every query is scoped to the caller's workspace: a creator id of another workspace is
 * "skipped". Each write takes the workspace's version lock first, so counts and membership checks
 * hold under concurrent calls. A creator entering a stage (added to a plan, moved) also gets a
 * timeline row (creator_events kind `stage`, detail `<stage>:<plan name>`).
 */
import type { Transaction } from 'kysely';
import {
  FOLLOWUP_TEXT_MAX,
  PLAN_CREATORS_MAX,
  PLAN_EXITS,
  PLAN_STAGES,
  type PlanStage,
} from '../../contract/limits.ts';
import { COUNTRIES, DEFAULT_LANGUAGE, type Country, type Language } from '../../contract/constants.ts';
import { postByDay } from '../../contract/shop-time.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { liveCreatorIds } from '../db/creator-lookup.repository.ts';
import {
  countMembers,
  insertFollowups,
  insertMembers,
  membershipsAt,
  memberRows,
  updateMembers,
} from '../db/plan-member.repository.ts';
import { planPostRule, plansWithProducts, tiktokProductIds } from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { message } from '../domain/messages.ts';
import { requirePlan } from './plan.service.ts';

type Trx = Transaction<DB>;

export interface PlanCounts {
  plan_id: number;
  /** Creators the call changed. */
  changed: number;
  /** Ids it left alone: already there / not in the plan / not a creator of this workspace. */
  skipped: number;
}

/**
 * Adds creators of the workspace to a plan at "to contact"; ones already in it are skipped and
 * counted as `already`.
 */
export async function addPlanCreators(trx: Trx, ws: number, by: Actor, planId: number, ids: number[]) {
  const version = await nextVersion(trx, ws);
  const plan = await requirePlan(trx, ws, planId);
  const wanted = [...new Set(ids)];
  const known = await liveCreatorIds(trx, ws, wanted);
  const rows = await memberRows(trx, ws, planId, wanted);
  const inPlan = new Set(rows.filter((r) => r.deleted_at === null).map((r) => Number(r.creator_id)));
  const removed = new Map(rows.filter((r) => r.deleted_at !== null).map((r) => [Number(r.creator_id), r.id]));
  const fresh = wanted.filter((id) => known.has(id) && !inPlan.has(id));
  if (fresh.length) {
    const n = await countMembers(trx, ws, planId);
    if (n + fresh.length > PLAN_CREATORS_MAX)
      throw new AppError(40009, 'plan_full', { max: PLAN_CREATORS_MAX, room: PLAN_CREATORS_MAX - n });
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
  if (revive.length) await updateMembers(trx, ws, planId, revive, { ...entering, add_time: t });
  const insert = fresh.filter((id) => !removed.has(id));
  await insertMembers(
    trx,
    insert.map((creator_id) => ({ ...entering, workspace_id: ws, plan_id: planId, creator_id, add_time: t })),
  );
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
    await updateMembers(trx, ws, planId, moving, {
      stage,
      reason: why,
      stage_time: t,
      // Samples are recorded as sent by the move to "shipped"; a move back before it takes that back.
      ...(stage === 'shipped' ? { sample_time: t } : BEFORE_SHIPPED.has(stage) ? { sample_time: 0 } : {}),
      user_id: by.id,
      user_name: by.name,
      update_time: t,
      version,
    });
  await recordEvents(trx, ws, by, version, moving, 'stage', `${stage}:${plan.name}`);
  if (moving.length && (stage === 'shipped' || stage === 'sample_requested'))
    await sampleFollowups(trx, ws, by, version, moving, stage, await postRule(trx, ws, planId), lang);
  return { plan_id: planId, changed: moving.length, skipped: ids.length - moving.length };
}

const productIdsOf = (plan: { product_ids: unknown }): number[] =>
  String(plan.product_ids)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);

/**
 * Stage changes that come from other records: an invitation recorded for a creator moves them to
 * "invited", an imported sale to "selling", in each plan that carries one of the record's products,
 * when they are still before that stage on the path (a creator who left the path, or is further on,
 * stays). Through movePlanCreators, so each move is a history row like a user's.
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
  const members = await membershipsAt(trx, ws, creatorIds, before);
  if (!members.length) return 0;
  const plans = await plansWithProducts(trx, ws, [...new Set(members.map((r) => r.plan_id))]);
  const tiktokOf = await tiktokProductIds(trx, ws, [...new Set(plans.flatMap(productIdsOf))]);
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

/** What a plan's sample follow-ups need: its name, and when content is due (contract/shop-time.ts). */
async function postRule(trx: Trx, ws: number, planId: number) {
  const plan = await planPostRule(trx, ws, planId);
  const country = (COUNTRIES as readonly string[]).includes(plan.country) ? (plan.country as Country) : 'US';
  return { name: plan.name, country, within: Number(plan.post_within_days) };
}

/**
 * TikTok's sample deadlines as follow-ups on the creator's workbench, written with the move:
 * a request must be approved or rejected within 7 days; after shipping, one reminder is allowed from
 * day 5 and the content is due on the plan's post-by day (the shipping day in the shop's time zone
 * plus the plan's post-within days), so an overdue sample is an overdue follow-up. In the mover's
 * language (the follow-up is their note).
 */
async function sampleFollowups(
  trx: Trx,
  ws: number,
  by: Actor,
  version: number,
  ids: number[],
  stage: PlanStage,
  plan: Awaited<ReturnType<typeof postRule>>,
  lang: Language,
): Promise<void> {
  const t = now();
  const due: { day: string; key: string }[] =
    stage === 'sample_requested'
      ? [{ day: dayOf(t + 7 * DAY), key: 'followup_sample_approve' }]
      : [
          { day: dayOf(t + 5 * DAY), key: 'followup_sample_remind' },
          { day: postByDay(t, plan.within, plan.country), key: 'followup_content_due' },
        ];
  await insertFollowups(
    trx,
    ids.flatMap((creator_id) =>
      due.map((d) => ({
        workspace_id: ws,
        version,
        deleted_at: null,
        creator_id,
        due_date: d.day,
        text: message(d.key, lang, { plan: plan.name, days: plan.within }).slice(0, FOLLOWUP_TEXT_MAX),
        done_time: 0,
        user_id: by.id,
        user_name: by.name,
        add_time: t,
        update_time: t,
      })),
    ),
  );
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
  if (gone.length) await updateMembers(trx, ws, planId, gone, { deleted_at: t, update_time: t, version });
  return { plan_id: planId, changed: gone.length, skipped: ids.length - gone.length };
}
