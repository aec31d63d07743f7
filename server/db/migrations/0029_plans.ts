/**
 * Collaboration plans: `plans` (a push for products: name, country, products,
 * commission, budget, dates, chat template, owner) and `plan_creators` (one row per creator in a
 * plan, with the stage it is at). Both are workspace-owned and mirrored (version + deleted_at).
 * A creator is in a plan once: (plan_id, creator_id) is unique among live rows, kept by the service
 * (a removed creator's tombstone stays for sync and is revived if they are added again).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { dbl, num, str, synced, type Table } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const create = (name: string): Table => withId(db.schema.createTable(name), e);

  await num(
    dbl(
      str(synced(create('plans')), 'name', 'country', 'product_ids', 'start_date', 'end_date', 'user_name'),
      'commission_rate',
      'budget',
    ),
    'chat_template_id',
    'user_id',
    'add_time',
    'update_time',
  ).execute();
  await num(
    str(synced(create('plan_creators')), 'stage', 'reason', 'user_name'),
    'plan_id',
    'creator_id',
    'stage_time',
    'user_id',
    'add_time',
    'update_time',
  ).execute();

  for (const t of ['plans', 'plan_creators']) {
    await sql`create index ${sql.raw(`${t}_sync`)} on ${sql.table(t)} (workspace_id, version)`.execute(db);
  }
  await sql`create unique index plan_creators_member on plan_creators (plan_id, creator_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
