/**
 * Collaboration plans: the `plans` rows of a workspace and the products and chat template a plan
 * names. Every query takes the workspace id; a deleted plan is a tombstone (kept for sync) that only
 * `softDeletePlan` writes and no read here returns.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { PlanRow } from '../../contract/schemas/plan.ts';
import { chunks } from './creator.repository.ts';
import { numericIds } from './row-numbers.ts';
import type { DB, PlansTable } from './schema.ts';

type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;

/** The columns a plan is answered with. */
const COLS = [
  'id',
  'name',
  'country',
  'product_ids',
  'commission_rate',
  'budget',
  'sample_cost',
  'shipping_cost',
  'post_within_days',
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
    post_within_days: Number(r.post_within_days),
  };
};

const livePlans = (db: Db, ws: number) =>
  db.selectFrom('plans').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

/** A live plan's id and name, or undefined. */
export async function findPlan(
  db: Db,
  ws: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const row = await livePlans(db, ws).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  return row && { id: Number(row.id), name: row.name };
}

export async function countPlans(db: Db, ws: number): Promise<number> {
  const { n } = await livePlans(db, ws)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A live plan's dates (the caller has checked that it exists). */
export function planDates(db: Db, ws: number, id: number) {
  return livePlans(db, ws).select(['start_date', 'end_date']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** What target invitations take from a plan: its country, products (row ids) and commission. */
export function planTerms(db: Db, ws: number, id: number) {
  return livePlans(db, ws)
    .select(['id', 'name', 'country', 'product_ids', 'commission_rate'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A live plan's name, country and post-within days (the caller has checked that it exists). */
export function planPostRule(db: Db, ws: number, id: number) {
  return livePlans(db, ws)
    .select(['name', 'country', 'post_within_days'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The live plans among `ids`, with the products (row ids, comma-separated) each carries. */
export function plansWithProducts(db: Db, ws: number, ids: readonly number[]) {
  return livePlans(db, ws)
    .select(['id', 'product_ids'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertPlan(trx: Trx, values: Insertable<PlansTable>): Promise<PlanRow> {
  return numeric(await trx.insertInto('plans').values(values).returning(COLS).executeTakeFirstOrThrow());
}

export async function updatePlan(
  trx: Trx,
  ws: number,
  id: number,
  patch: Updateable<PlansTable>,
): Promise<PlanRow> {
  const row = await trx
    .updateTable('plans')
    .set(patch)
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .returning(COLS)
    .executeTakeFirstOrThrow();
  return numeric(row);
}

export async function softDeletePlan(trx: Trx, ws: number, id: number, version: number, t: number) {
  await trx
    .updateTable('plans')
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
}

/** The live products among `ids` (row ids). */
export function liveProducts(db: Db, ws: number, ids: readonly number[]) {
  return db
    .selectFrom('products')
    .select(['id', 'product_id'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
}

/** Row id → TikTok product id of the products among `ids`, deleted ones included. */
export async function tiktokProductIds(
  db: Db,
  ws: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks(ids))
    for (const r of await db
      .selectFrom('products')
      .select(['id', 'product_id'])
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute())
      out.set(Number(r.id), String(r.product_id));
  return out;
}

export async function hasLiveTemplate(db: Db, ws: number, id: number): Promise<boolean> {
  const tpl = await db
    .selectFrom('chat_templates')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  return Boolean(tpl);
}
