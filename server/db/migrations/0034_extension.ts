/**
 * The browser extension. A session gets a kind: 'app' (the one-live-session rule applies)
 * or 'extension' (a paired browser's token: a sign-in elsewhere leaves it, the member lists and
 * revokes it), a name the member knows it by, and when it was last used. Pairing codes are one-time
 * secrets stored as sha256, valid for minutes, one live per member.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('app'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index sessions_user_kind on sessions (user_id, kind, revoked_at)`.execute(db);

  await withId(db.schema.createTable('pair_codes'), engineOf(db))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await sql`create unique index pair_codes_hash on pair_codes (code_hash)`.execute(db);
  await sql`create index pair_codes_user on pair_codes (user_id, used_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
