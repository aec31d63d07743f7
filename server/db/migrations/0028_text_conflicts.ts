/**
 * The history of conflicts on text records: one row per conflict a member resolved,
 * with its outcome (their text saved over the teammate's, a deleted record brought back, or the
 * teammate's kept). Workspace-owned and mirrored like every synced table; the sync panel lists them
 * and a note's conflicts also land on its creator's timeline (creator_events).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('text_conflicts'), engineOf(db))
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('other_user_id', 'bigint', (c) => c.notNull())
    .addColumn('other_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('add_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create index text_conflicts_sync on text_conflicts (workspace_id, version)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
