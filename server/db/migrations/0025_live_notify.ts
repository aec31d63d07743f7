/**
 * Live-update pokes between server processes. On PostgreSQL, triggers send a NOTIFY on
 * the channel `creatordesk_live` when a workspace's version counter moves (`v:<workspace>:<version>`)
 * and when a user's sessions or workspace change (`u:<user>`: that user's open streams check their
 * token again). NOTIFY is transactional: it is delivered at commit and never for a rolled-back
 * change, so every process hears exactly the committed changes, whoever made them (API calls,
 * jobs, the operator's commands). SQLite needs no migration: its one process installs
 * equivalent TEMP triggers on its own connection (server/db/live-feed.ts).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

export const LIVE_CHANNEL = 'creatordesk_live';

const POSTGRES = [
  `create function creatordesk_live_version() returns trigger language plpgsql as $$
   begin perform pg_notify('${LIVE_CHANNEL}', 'v:' || new.id || ':' || new.version_seq); return null; end $$`,
  `create trigger creatordesk_live_version after update of version_seq on workspaces
   for each row when (old.version_seq is distinct from new.version_seq)
   execute function creatordesk_live_version()`,
  `create function creatordesk_live_user() returns trigger language plpgsql as $$
   begin perform pg_notify('${LIVE_CHANNEL}', 'u:' || new.user_id); return null; end $$`,
  `create trigger creatordesk_live_session after update of revoked_at, workspace_id on sessions
   for each row when (old.revoked_at is distinct from new.revoked_at or old.workspace_id is distinct from new.workspace_id)
   execute function creatordesk_live_user()`,
  `create function creatordesk_live_account() returns trigger language plpgsql as $$
   begin perform pg_notify('${LIVE_CHANNEL}', 'u:' || new.id); return null; end $$`,
  `create trigger creatordesk_live_account after update of workspace_id, disabled on users
   for each row when (old.workspace_id is distinct from new.workspace_id or old.disabled is distinct from new.disabled)
   execute function creatordesk_live_account()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const ddl of POSTGRES) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
