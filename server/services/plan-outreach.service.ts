/**
 * Reaching a plan's creators (docs/decisions/plans.md): target invitations with the plan's terms,
 * messages counted against TikTok's limit before a reply, and the workspace's weekly quota of new
 * creators. Every query is scoped to the caller's workspace; each write takes the workspace's
 * version lock first.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  COMMISSION_MAX,
  COMMISSION_MIN,
  MESSAGES_BEFORE_REPLY,
  PLAN_BEFORE_INVITE,
  PLAN_PRODUCTS_MAX,
  type PlanStage,
} from '../../contract/limits.ts';
import type { invitationAddRequest } from '../../contract/schemas/invitation.ts';
import { touchCreators } from '../db/creator.repository.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { findLiveCreator, liveCreatorsIn } from '../db/creator-lookup.repository.ts';
import { connectedOf, messagesRecorded, saveWeeklyQuota } from '../db/outreach.repository.ts';
import { memberRows } from '../db/plan-member.repository.ts';
import { liveProducts, planTerms } from '../db/plan.repository.ts';
import { numericIds } from '../db/row-numbers.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { addInvitations } from './invitation.service.ts';
import { movePlanCreators } from './plan-member.service.ts';

type Trx = Transaction<DB>;
type AddInvitation = z.infer<typeof invitationAddRequest>;

/** The workspace's weekly quota of new creators, as the seller copied it from Seller Center (-1: not set). */
export async function setWeeklyQuota(trx: Trx, ws: number, by: Actor, quota: number) {
  const version = await nextVersion(trx, ws);
  const t = now();
  const row = await saveWeeklyQuota(trx, ws, {
    weekly_quota: quota,
    user_id: by.id,
    user_name: by.name,
    update_time: t,
    version,
    // A member's number is theirs until the shop's API gives one (docs/decisions/shop-connection.md).
    quota_source: '',
    quota_unlimited: 0,
    quota_shops: 0,
    quota_shop_name: '',
  });
  return numericIds(row) as {
    id: number;
    weekly_quota: number;
    user_id: number;
    user_name: string;
    update_time: number;
  };
}

/**
 * The plan's terms a target invitation carries: its products (TikTok ids) and commission. A
 * collaboration TikTok already created names its own products (and rates, chosen per product).
 */
async function inviteTerms(trx: Trx, ws: number, planId: number, chosen?: string[]) {
  const plan = await planTerms(trx, ws, planId);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  if (chosen) return { country: plan.country, productIds: chosen };
  const ids = String(plan.product_ids)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const products = ids.length ? await liveProducts(trx, ws, ids) : [];
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
 * `productIds`: the TikTok products of a collaboration already created in the shop (instead of the plan's).
 */
export async function invitePlanCreators(
  trx: Trx,
  ws: number,
  by: Actor,
  planId: number,
  ids: number[],
  productIds?: string[],
) {
  await nextVersion(trx, ws);
  const terms = await inviteTerms(trx, ws, planId, productIds);
  const wanted = [...new Set(ids)];
  const live = (await memberRows(trx, ws, planId, wanted)).filter((r) => r.deleted_at === null);
  const creators = live.length
    ? await liveCreatorsIn(
        trx,
        ws,
        terms.country,
        live.map((r) => Number(r.creator_id)),
      )
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
  const creator = await findLiveCreator(trx, ws, creatorId);
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
