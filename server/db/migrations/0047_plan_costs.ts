/**
 * What a plan pays a creator besides samples and commission (docs/decisions/plans.md, "Fees, retainers
 * and ad spend"). `plan_costs`: one row per fee, monthly retainer or ad spend, for a creator in a
 * plan, in whole cents of the plan's country's currency (exact sums; an amount with more decimals is
 * refused, never rounded). A fee and an ad spend fall on `start_date`; a retainer covers
 * `start_date`..`end_date` (both `YYYY-MM-DD`, inclusive). An ad spend names the content record it
 * paid for (`content_id`; 0 for fees). Read through /plan/cost.list and /plan/money; mirrored to the
 * app since sync version 3 (contract/sync.ts).
 * `plan_cost_history`: every add, correction and deletion as a row (who, when, the values after),
 * so a corrected line keeps what it said before.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str, synced } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await num(
    str(
      synced(withId(db.schema.createTable('plan_costs'), e)),
      'kind',
      'currency',
      'start_date',
      'end_date',
      'channel',
      'note',
      'user_name',
      'updated_by_name',
    ),
    'plan_id',
    'creator_id',
    'content_id',
    'amount_cents',
    'user_id',
    'updated_by',
    'add_time',
    'update_time',
  ).execute();
  await sql`create index plan_costs_plan on plan_costs (workspace_id, plan_id)`.execute(db);

  await num(
    str(
      withId(db.schema.createTable('plan_cost_history'), e).addColumn('workspace_id', 'bigint', (c) =>
        c.notNull(),
      ),
      'action',
      'start_date',
      'end_date',
      'channel',
      'note',
      'user_name',
    ),
    'cost_id',
    'amount_cents',
    'user_id',
    'at',
  ).execute();
  await sql`create index plan_cost_history_cost on plan_cost_history (workspace_id, cost_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
