/**
 * Saved views of the Home list: workspace-owned and mirrored (version + deleted_at like
 * every synced table), with an index for the sync pull.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('saved_views'), engineOf(db))
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('add_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create index saved_views_sync on saved_views (workspace_id, version)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
