/**
 * Sample requests recorded in plans (docs/decisions/shop-connection.md, "Sample requests without a
 * shop"): `plan_sample_decisions` is the history of a member's decisions on them, one row per
 * request and attempt (server only): who, when, approve or reject with the member's reason, and
 * the outcome (`done`, or `refused` with our code and message and the rule that refused it).
 * `product_ids` holds the plan's TikTok product ids at the time, as `,id,id,`, so the cap per
 * product counts a local approval for each product it sent, whatever the plan carries later.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let t = withId(db.schema.createTable('plan_sample_decisions'), engineOf(db));
  t = num(t, 'workspace_id', 'plan_id', 'creator_id', 'user_id', 'add_time');
  await str(t, 'product_ids', 'user_name', 'result', 'reason', 'outcome', 'code', 'msg', 'rule').execute();
  await sql`create index plan_sample_decisions_time on plan_sample_decisions (workspace_id, add_time)`.execute(
    db,
  );
  await sql`create index plan_sample_decisions_member on plan_sample_decisions (workspace_id, plan_id, creator_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
