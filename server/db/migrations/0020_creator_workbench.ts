/**
 * The creator workbench: notes, follow-ups and history rows per creator. All three
 * are workspace-owned and mirrored (version + deleted_at like every synced table). Each has an
 * index for the sync pull (workspace, version) and one for a creator's page (workspace, creator).
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

const owned = (t: Table): Table =>
  t
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('creator_id', 'bigint', (c) => c.notNull());
const str = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'text', (c) => c.notNull().defaultTo('')), t);
const num = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0)), t);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const create = (name: string): Table => withId(db.schema.createTable(name), e);

  await num(
    str(owned(create('creator_notes')), 'content', 'user_name'),
    'user_id',
    'add_time',
    'update_time',
  ).execute();
  await num(
    str(owned(create('creator_followups')), 'due_date', 'text', 'user_name'),
    'done_time',
    'user_id',
    'add_time',
    'update_time',
  ).execute();
  await num(
    str(owned(create('creator_events')), 'kind', 'detail', 'user_name'),
    'user_id',
    'add_time',
  ).execute();

  for (const t of ['creator_notes', 'creator_followups', 'creator_events']) {
    await sql`create index ${sql.raw(`${t}_sync`)} on ${sql.table(t)} (workspace_id, version)`.execute(db);
    await sql`create index ${sql.raw(`${t}_creator`)} on ${sql.table(t)} (workspace_id, creator_id)`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
