/**
 * Where the shop's figures came from (docs/decisions/shop-connection.md, "Choosing a shop"):
 *
 * - `workspace_settings.quota_shops`: how many connected shops' weekly figures the stored quota
 *   combines (0: a member's number, or from before this column); `quota_shop_name`: the shop
 *   whose number is the smallest, the one stored ('' when unlimited or a member's), so the plans
 *   screen can say the number is the smallest of several shops' and name it.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('workspace_settings')
    .addColumn('quota_shops', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('workspace_settings')
    .addColumn('quota_shop_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
