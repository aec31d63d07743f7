/**
 * Plan cost lines: fees, monthly retainers and ad spend per creator in a plan (docs/decisions/plans.md,
 * "Fees, retainers and ad spend"). Every query is scoped to the caller's workspace: a plan, creator,
 * content record or line of another workspace is absent (40004). Each write takes the workspace's
 * version lock first (nextVersion), so the workspace's cap holds under concurrent calls, and writes
 * a history row, so a corrected or deleted line keeps what it said and who changed it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import { monthsSpanned } from '../../contract/cost-days.ts';
import { COSTS_MAX, RETAINER_MONTHS_MAX } from '../../contract/limits.ts';
import type { CostAddRequest, CostEditRequest } from '../../contract/schemas/money.ts';
import { findContent } from '../db/content.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { findLiveCreator } from '../db/creator-lookup.repository.ts';
import {
  addHistory,
  type CostDbRow,
  costExisted,
  costHistory,
  countCosts,
  findCost,
  insertCost,
  listCosts,
  toCostRow,
  updateCost,
} from '../db/plan-cost.repository.ts';
import { planTerms } from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

type Trx = Transaction<DB>;
type Db = Trx | Kysely<DB>;

async function requirePlan(db: Db, ws: number, planId: number) {
  const plan = await planTerms(db, ws, planId);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  return plan;
}

/** A retainer ends on or after its first day and spans at most RETAINER_MONTHS_MAX months. */
function checkRetainer(start: string, end: string): void {
  if (end < start) throw new AppError(40001, 'cost_end_before_start', { field: 'end_date' });
  if (monthsSpanned(start, end) > RETAINER_MONTHS_MAX)
    throw new AppError(40001, 'cost_retainer_too_long', { field: 'end_date', max: RETAINER_MONTHS_MAX });
}

/** An ad spend's video must be a live record of the same creator, in the plan's country. */
async function checkContent(db: Db, ws: number, contentId: number, creatorId: number, country: string) {
  const content = await findContent(db, ws, contentId);
  if (!content || content.country !== country) throw new AppError(40004, 'content_not_found');
  if (content.creator_id !== creatorId) {
    const creator = await findLiveCreator(db, ws, creatorId);
    if (!creator || creator.unique_id.toLowerCase() !== content.handle.toLowerCase())
      throw new AppError(40001, 'cost_content_other_creator', { field: 'content_id' });
  }
}

export async function addCost(trx: Trx, ws: number, by: Actor, input: z.infer<typeof CostAddRequest>) {
  const version = await nextVersion(trx, ws);
  const plan = await requirePlan(trx, ws, input.plan_id);
  const member = await trx
    .selectFrom('plan_creators')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', input.plan_id)
    .where('creator_id', '=', input.creator_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!member) throw new AppError(40004, 'cost_creator_not_in_plan');
  if (input.kind === 'retainer') checkRetainer(input.start_date, input.end_date!);
  if (input.kind === 'ad') await checkContent(trx, ws, input.content_id!, input.creator_id, plan.country);
  if ((await countCosts(trx, ws)) >= COSTS_MAX) throw new AppError(40009, 'cost_limit', { max: COSTS_MAX });
  const t = now();
  const row = await insertCost(trx, {
    workspace_id: ws,
    version,
    deleted_at: null,
    plan_id: input.plan_id,
    creator_id: input.creator_id,
    kind: input.kind,
    content_id: input.kind === 'ad' ? input.content_id! : 0,
    amount_cents: input.amount,
    currency: COUNTRY_CURRENCY[plan.country as Country] ?? '',
    start_date: input.start_date,
    end_date: input.kind === 'retainer' ? input.end_date! : '',
    channel: input.kind === 'ad' ? (input.channel ?? 'spark') : '',
    note: input.note ?? '',
    user_id: by.id,
    user_name: by.name,
    updated_by: by.id,
    updated_by_name: by.name,
    add_time: t,
    update_time: t,
  });
  await addHistory(trx, ws, 'add', row, by, t);
  return toCostRow(row);
}

async function requireCost(db: Db, ws: number, id: number) {
  const row = await findCost(db, ws, id);
  if (!row) throw new AppError(40004, 'cost_not_found');
  return row;
}

/** True when every field the edit names already holds that value. */
function saysNothingNew(row: CostDbRow, input: z.infer<typeof CostEditRequest>): boolean {
  return (
    (input.amount === undefined || input.amount === row.amount_cents) &&
    (input.start_date === undefined || input.start_date === row.start_date) &&
    (input.end_date === undefined || input.end_date === row.end_date) &&
    (input.channel === undefined || input.channel === row.channel) &&
    (input.note === undefined || input.note === row.note)
  );
}

/**
 * Corrects a line; the values before stay in its history. Saving a line as it stands is no
 * correction: it answers the line and writes nothing (no history row, no new version).
 */
export async function editCost(trx: Trx, ws: number, by: Actor, input: z.infer<typeof CostEditRequest>) {
  const seen = await requireCost(trx, ws, input.id);
  if (saysNothingNew(seen, input)) return toCostRow(seen);
  const version = await nextVersion(trx, ws);
  const current = await requireCost(trx, ws, input.id);
  if (input.end_date !== undefined && current.kind !== 'retainer')
    throw new AppError(40001, 'cost_end_only_retainer', { field: 'end_date' });
  if (input.channel !== undefined && current.kind !== 'ad')
    throw new AppError(40001, 'cost_content_only_ad', { field: 'channel' });
  const start = input.start_date ?? current.start_date;
  if (current.kind === 'retainer') checkRetainer(start, input.end_date ?? current.end_date);
  const t = now();
  const row = await updateCost(trx, ws, input.id, {
    ...(input.amount !== undefined && { amount_cents: input.amount }),
    ...(input.start_date !== undefined && { start_date: input.start_date }),
    // An imported ad spend moved to another day no longer stands for the file's row of its old day.
    ...(input.start_date !== undefined && input.start_date !== current.start_date && { import_key: '' }),
    ...(input.end_date !== undefined && { end_date: input.end_date }),
    ...(input.channel !== undefined && { channel: input.channel }),
    ...(input.note !== undefined && { note: input.note }),
    updated_by: by.id,
    updated_by_name: by.name,
    update_time: t,
    version,
  });
  await addHistory(trx, ws, 'edit', row, by, t);
  return toCostRow(row);
}

export async function deleteCost(trx: Trx, ws: number, by: Actor, id: number): Promise<{ id: number }> {
  const version = await nextVersion(trx, ws);
  await requireCost(trx, ws, id);
  const t = now();
  const row = await updateCost(trx, ws, id, {
    deleted_at: t,
    updated_by: by.id,
    updated_by_name: by.name,
    update_time: t,
    version,
  });
  await addHistory(trx, ws, 'delete', row, by, t);
  return { id };
}

export async function listCostsOf(db: Db, ws: number, input: { plan_id: number; creator_id?: number }) {
  await requirePlan(db, ws, input.plan_id);
  const { rows, total } = await listCosts(db, ws, input.plan_id, input.creator_id);
  return { rows: rows.map(toCostRow), total };
}

export async function historyOf(db: Db, ws: number, id: number) {
  if (!(await costExisted(db, ws, id))) throw new AppError(40004, 'cost_not_found');
  return { rows: await costHistory(db, ws, id) };
}
