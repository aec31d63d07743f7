/**
 * The shop sync's content, outreach quota and marketplace creator kinds
 * (docs/decisions/shop-connection.md, "Content, quota and creator details from the API"):
 *
 * - `shop_samples.content_read_at`: when the sync last read the application's fulfilments (0:
 *   never); `content_read_status`: the application's status then; `content_newest`: the create
 *   time of its newest content then (0: none). Together they decide which applications a run
 *   reads again (what can still change).
 * - `workspace_settings.quota_source`: '' when a member set the weekly quota (or nobody did),
 *   'shop' when the shop's API gave it; `quota_unlimited` 1 when the shop says there is no limit
 *   (then `weekly_quota` stays -1: no number is made up).
 * - `shop_creator_reads` (server only): when the sync last read a creator's marketplace details, by
 *   TikTok user id, so each run reads the few read longest ago.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const col of ['content_read_at', 'content_newest'])
    await db.schema
      .alterTable('shop_samples')
      .addColumn(col, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .alterTable('shop_samples')
    .addColumn('content_read_status', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('workspace_settings')
    .addColumn('quota_source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('workspace_settings')
    .addColumn('quota_unlimited', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await num(
    str(withId(db.schema.createTable('shop_creator_reads'), engineOf(db)), 'creator_user_id'),
    'workspace_id',
    'creator_id',
    'read_at',
  ).execute();
  await sql`create unique index shop_creator_reads_user on shop_creator_reads (workspace_id, creator_user_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
