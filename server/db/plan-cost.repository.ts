/**
 * Plan cost lines (`plan_costs`, 0047) and their history (`plan_cost_history`). Every query takes
 * the workspace id; a deleted line is a tombstone no read here returns.
 */
import type { Insertable, Transaction, Updateable } from 'kysely';
import { COST_HISTORY_MAX, COST_LIST_MAX } from '../../contract/limits.ts';
import type { CostRow } from '../../contract/schemas/money.ts';
import type { Db } from './creator.repository.ts';
import type { DB, PlanCostsTable } from './schema.ts';

type Trx = Transaction<DB>;

const COLS = [
  'id',
  'plan_id',
  'creator_id',
  'kind',
  'content_id',
  'amount_cents',
  'currency',
  'start_date',
  'end_date',
  'channel',
  'note',
  'user_id',
  'user_name',
  'updated_by',
  'updated_by_name',
  'add_time',
  'update_time',
] as const;

export type CostDbRow = Omit<CostRow, 'amount'> & { amount_cents: number };

const NUMS = ['id', 'plan_id', 'creator_id', 'content_id', 'amount_cents', 'user_id', 'updated_by'];
const numeric = (row: Record<string, unknown>): CostDbRow => {
  const out: Record<string, unknown> = { ...row };
  for (const k of [...NUMS, 'add_time', 'update_time']) out[k] = Number(row[k]);
  return out as CostDbRow;
};
/** The wire row: the amount in the currency's units (cents / 100 is exact to two decimals). */
export const toCostRow = ({ amount_cents, ...r }: CostDbRow): CostRow => ({
  ...r,
  amount: amount_cents / 100,
});

const live = (db: Db, ws: number) =>
  db.selectFrom('plan_costs').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

export async function findCost(db: Db, ws: number, id: number): Promise<CostDbRow | undefined> {
  const row = await live(db, ws).select(COLS).where('id', '=', id).executeTakeFirst();
  return row && numeric(row);
}

export async function countCosts(db: Db, ws: number): Promise<number> {
  const { n } = await live(db, ws)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A plan's live lines (one creator's when named), newest first, at most COST_LIST_MAX, and the total. */
export async function listCosts(db: Db, ws: number, planId: number, creatorId?: number) {
  let q = live(db, ws).where('plan_id', '=', planId);
  if (creatorId !== undefined) q = q.where('creator_id', '=', creatorId);
  const rows = await q.select(COLS).orderBy('id', 'desc').limit(COST_LIST_MAX).execute();
  const { n } = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map(numeric), total: Number(n) };
}

/** Every live line of a plan, for its net profit. */
export async function planCosts(db: Db, ws: number, planId: number) {
  return (await live(db, ws).select(COLS).where('plan_id', '=', planId).execute()).map(numeric);
}

export async function insertCost(trx: Trx, values: Insertable<PlanCostsTable>): Promise<CostDbRow> {
  return numeric(await trx.insertInto('plan_costs').values(values).returning(COLS).executeTakeFirstOrThrow());
}

export async function updateCost(
  trx: Trx,
  ws: number,
  id: number,
  patch: Updateable<PlanCostsTable>,
): Promise<CostDbRow> {
  return numeric(
    await trx
      .updateTable('plan_costs')
      .set(patch)
      .where('workspace_id', '=', ws)
      .where('id', '=', id)
      .returning(COLS)
      .executeTakeFirstOrThrow(),
  );
}

export async function addHistory(
  trx: Trx,
  ws: number,
  action: 'add' | 'edit' | 'delete',
  row: CostDbRow,
  by: { id: number; name: string },
  at: number,
): Promise<void> {
  await trx
    .insertInto('plan_cost_history')
    .values({
      workspace_id: ws,
      cost_id: row.id,
      action,
      amount_cents: row.amount_cents,
      start_date: row.start_date,
      end_date: row.end_date,
      channel: row.channel,
      note: row.note,
      user_id: by.id,
      user_name: by.name,
      at,
    })
    .execute();
}

/** A line's history, newest first (a deleted line's too: the history outlives it). */
export async function costHistory(db: Db, ws: number, costId: number) {
  const rows = await db
    .selectFrom('plan_cost_history')
    .select([
      'action',
      'amount_cents',
      'start_date',
      'end_date',
      'channel',
      'note',
      'user_id',
      'user_name',
      'at',
    ])
    .where('workspace_id', '=', ws)
    .where('cost_id', '=', costId)
    .orderBy('id', 'desc')
    .limit(COST_HISTORY_MAX)
    .execute();
  return rows.map(({ amount_cents, ...r }) => ({
    ...r,
    action: r.action as 'add' | 'edit' | 'delete',
    amount: Number(amount_cents) / 100,
    user_id: Number(r.user_id),
    at: Number(r.at),
  }));
}

/** Whether a cost line with this id ever existed in the workspace (history of a deleted line). */
export async function costExisted(db: Db, ws: number, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('plan_costs')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .executeTakeFirst());
}
