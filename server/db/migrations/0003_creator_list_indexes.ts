/**
 * Indexes for the Home, Invited and Blacklist lists: each flag filter and the invitation status
 * filter get a partial index ending in add_time (the default sort), so both the page and its
 * count read an index range instead of every creator of the country.
 */
import { sql, type Kysely } from 'kysely';

const INDEXES = [
  'create index creators_chat on creators (workspace_id, country, is_chat, add_time desc) where deleted_at is null',
  'create index creators_invited on creators (workspace_id, country, is_invitation, add_time desc) where deleted_at is null',
  'create index creators_black on creators (workspace_id, country, is_black, add_time desc) where deleted_at is null',
  'create index invitations_list on invitations (workspace_id, country, add_time desc) where deleted_at is null',
  'create index invitations_status on invitations (workspace_id, country, status, add_time desc) where deleted_at is null',
  'create index blacklist_list on blacklist (workspace_id, country, add_time desc) where deleted_at is null',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const ddl of INDEXES) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
