/**
 * Workspace settings: one mirrored row per workspace, for what the team sets once and
 * everyone's screens use. First: the weekly quota of new (unconnected) creators TikTok allows the
 * shop, which the seller copies from Seller Center (TikTok publishes its tiers only as images and
 * changes them, so the app never guesses them). -1: not set.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('workspace_settings'), engineOf(db))
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('weekly_quota', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index workspace_settings_one on workspace_settings (workspace_id)`.execute(db);
  await sql`create index workspace_settings_sync on workspace_settings (workspace_id, version)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
