/**
 * Collaboration plans: add, edit, delete (docs/decisions/plans.md). Every query is scoped to the
 * caller's workspace: a plan, product or template id of another workspace is treated as absent
 * (40004), so no answer tells whether another workspace's id exists. Any member works on the team's
 * plans. Each write takes the workspace's version lock first, so counts hold under concurrent calls.
 * The creators in a plan are plan-member.service.ts's; invitations, messages and the weekly quota
 * plan-outreach.service.ts's.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { PlanAddRequest, PlanEditRequest, PlanRow } from '../../contract/schemas/plan.ts';
import { PLANS_MAX, POST_WITHIN_DEFAULT } from '../../contract/limits.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { removeAllMembers } from '../db/plan-member.repository.ts';
import {
  countPlans,
  findPlan,
  hasLiveTemplate,
  insertPlan,
  liveProducts,
  planDates,
  softDeletePlan,
  updatePlan,
} from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

type Trx = Transaction<DB>;
type AddInput = z.infer<typeof PlanAddRequest>;
type EditInput = z.infer<typeof PlanEditRequest>;

/** The live plan `id` of the workspace, or 40004. */
export async function requirePlan(trx: Trx, ws: number, id: number): Promise<{ id: number; name: string }> {
  const plan = await findPlan(trx, ws, id);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  return plan;
}

/** The plan's products and template must be the workspace's own live rows. */
async function checkParts(trx: Trx, ws: number, productIds?: number[], templateId?: number): Promise<void> {
  if (productIds?.length) {
    const found = await liveProducts(trx, ws, [...new Set(productIds)]);
    if (found.length !== new Set(productIds).size) throw new AppError(40004, 'plan_product_not_found');
  }
  if (templateId && !(await hasLiveTemplate(trx, ws, templateId)))
    throw new AppError(40004, 'plan_template_not_found');
}

const joinIds = (ids: number[]): string => [...new Set(ids)].join(',');

export async function addPlan(trx: Trx, ws: number, by: Actor, input: AddInput): Promise<PlanRow> {
  const version = await nextVersion(trx, ws);
  if ((await countPlans(trx, ws)) >= PLANS_MAX) throw new AppError(40009, 'plan_limit', { max: PLANS_MAX });
  await checkParts(trx, ws, input.product_ids, input.chat_template_id);
  const t = now();
  return insertPlan(trx, {
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
    post_within_days: input.post_within_days ?? POST_WITHIN_DEFAULT,
    start_date: input.start_date ?? '',
    end_date: input.end_date ?? '',
    chat_template_id: input.chat_template_id ?? 0,
    user_id: by.id,
    user_name: by.name,
    add_time: t,
    update_time: t,
  });
}

export async function editPlan(trx: Trx, ws: number, input: EditInput): Promise<PlanRow> {
  const version = await nextVersion(trx, ws);
  await requirePlan(trx, ws, input.id);
  await checkParts(trx, ws, input.product_ids, input.chat_template_id);
  const current = await planDates(trx, ws, input.id);
  const start = input.start_date ?? current.start_date;
  const end = input.end_date ?? current.end_date;
  if (start && end && start > end) throw new AppError(40001, 'plan_dates_order');
  return updatePlan(trx, ws, input.id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.product_ids !== undefined && { product_ids: joinIds(input.product_ids) }),
    ...(input.commission_rate !== undefined && { commission_rate: input.commission_rate }),
    ...(input.budget !== undefined && { budget: input.budget }),
    ...(input.sample_cost !== undefined && { sample_cost: input.sample_cost }),
    ...(input.shipping_cost !== undefined && { shipping_cost: input.shipping_cost }),
    ...(input.post_within_days !== undefined && { post_within_days: input.post_within_days }),
    ...(input.start_date !== undefined && { start_date: input.start_date }),
    ...(input.end_date !== undefined && { end_date: input.end_date }),
    ...(input.chat_template_id !== undefined && { chat_template_id: input.chat_template_id }),
    update_time: now(),
    version,
  });
}

/** Deletes a plan and takes its creators out of it (tombstones for sync; the creators stay). */
export async function deletePlan(trx: Trx, ws: number, id: number): Promise<{ id: number }> {
  const version = await nextVersion(trx, ws);
  await requirePlan(trx, ws, id);
  const t = now();
  await softDeletePlan(trx, ws, id, version, t);
  await removeAllMembers(trx, ws, id, version, t);
  return { id };
}
