/**
 * Sample approval rules (docs/decisions/shop-connection.md, "Sample approval rules"):
 *
 * - `sample_rules`: one row per workspace (server only). Each rule is a column that is NULL when the
 *   workspace has not set it (no rule, no verdict): minimum fit score, minimum 30-day GMV, minimum
 *   post rate (a percent), approvals per day, per product per month and per month, and a cap on what
 *   one creator's samples cost. `claims` is bumped by every approval that counts against a cap, inside
 *   the transaction that counts, so the row's lock makes the count and the claim one step.
 * - `shop_samples.review_claim_result`: what the review under way will ask TikTok (`approve` or
 *   `reject`), so an approval in flight counts against the caps before TikTok answers.
 * - `shop_sample_reviews.rule`: the rule that refused an approval ('' when the member decided).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

export const SAMPLE_RULE_COLUMNS = [
  'min_fit',
  'min_gmv30',
  'min_post_rate',
  'cap_day',
  'cap_product',
  'cap_month',
  'price_cap',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let t = withId(db.schema.createTable('sample_rules'), engineOf(db));
  t = num(t, 'workspace_id', 'claims', 'user_id', 'update_time');
  t = str(t, 'user_name');
  for (const c of SAMPLE_RULE_COLUMNS) t = t.addColumn(c, 'double precision');
  await t.execute();
  await sql`create unique index sample_rules_workspace on sample_rules (workspace_id)`.execute(db);
  await db.schema
    .alterTable('shop_samples')
    .addColumn('review_claim_result', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shop_sample_reviews')
    .addColumn('rule', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index shop_sample_reviews_time on shop_sample_reviews (workspace_id, add_time)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
