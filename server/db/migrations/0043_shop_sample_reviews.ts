/**
 * Reviewing the shop's sample applications from CreatorDesk (docs/decisions/shop-connection.md,
 * "Reviewing sample applications"):
 *
 * - `shop_samples.is_approvable` / `disapprovable_reasons`: whether TikTok allowed APPROVE when the
 *   sync last saw the application, and its reasons when not (joined with `,`).
 * - `shop_samples.review_claim_at`: a review under way (the claim a second review of the same
 *   application must not take while the first one talks to TikTok); 0 when none. A claim older than
 *   the review's deadline belongs to a process that stopped and may be taken again.
 * - `shop_sample_reviews`: the history of reviews, one row per application and attempt: who, when,
 *   APPROVE or REJECT, the reason, and the outcome (`done`, or `refused` with TikTok's code and
 *   message, or ours).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_samples')
    .addColumn('is_approvable', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('shop_samples')
    .addColumn('disapprovable_reasons', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shop_samples')
    .addColumn('review_claim_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  let t = withId(db.schema.createTable('shop_sample_reviews'), engineOf(db));
  t = num(t, 'workspace_id', 'connection_id', 'creator_id', 'user_id', 'add_time');
  await str(
    t,
    'application_id',
    'user_name',
    'result',
    'reason',
    'outcome',
    'code',
    'msg',
    'request_id',
  ).execute();
  await sql`create index shop_sample_reviews_application on shop_sample_reviews (workspace_id, application_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
