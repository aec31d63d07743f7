/**
 * TikTok Shop connections (docs/decisions/shop-connection.md): a workspace's Partner Center app
 * (secret sealed), consent states (only a hash of `state`, tied to the session that asked, single
 * use, expiring), authorisations (one seller's sealed token pair, shared by the shops it covers),
 * shops, and per shop and data kind the sync cursor and its outcome. Synced business data lives in
 * its own tables, written by the data kinds' handlers. Webhook notification ids are kept for a
 * while to drop duplicates.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  let t = withId(db.schema.createTable('shop_apps'), engine).addColumn('workspace_id', 'bigint', (c) =>
    c.notNull(),
  );
  t = str(t, 'app_key', 'app_secret_enc', 'service_id');
  await num(t, 'user_id', 'created_at', 'updated_at').execute();
  await sql`create unique index shop_apps_workspace on shop_apps (workspace_id)`.execute(db);

  t = withId(db.schema.createTable('shop_consents'), engine);
  t = num(t, 'workspace_id', 'user_id', 'session_id', 'us', 'created_at', 'expires_at');
  t = str(t, 'state_hash', 'binding_hash', 'app_key');
  await t.addColumn('used_at', 'bigint').execute();
  await sql`create unique index shop_consents_state on shop_consents (state_hash)`.execute(db);
  await sql`create index shop_consents_workspace on shop_consents (workspace_id, created_at)`.execute(db);

  t = withId(db.schema.createTable('shop_authorizations'), engine);
  t = num(
    t,
    'workspace_id',
    'access_expires_at',
    'refresh_expires_at',
    'tokens_at',
    'token_version',
    'user_type',
  );
  t = str(t, 'app_key', 'open_id', 'seller_name', 'seller_base_region', 'granted_scopes');
  t = t
    .addColumn('access_token_enc', 'text')
    .addColumn('refresh_token_enc', 'text')
    .addColumn('refresh_lock_owner', 'text')
    .addColumn('refresh_lock_at', 'bigint');
  await num(t, 'created_at', 'updated_at').execute();
  await sql`create unique index shop_authorizations_seller on shop_authorizations (workspace_id, app_key, open_id)`.execute(
    db,
  );

  t = withId(db.schema.createTable('shop_connections'), engine);
  t = num(t, 'workspace_id', 'authorization_id', 'sync_requested_at', 'user_id', 'created_at', 'updated_at');
  t = str(t, 'shop_id', 'shop_name', 'region', 'seller_type', 'cipher', 'shop_code', 'country');
  t = t.addColumn('status', 'text', (c) => c.notNull().defaultTo('active'));
  t = str(t, 'stop_code', 'stop_detail');
  await t
    .addColumn('stopped_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_at', 'bigint')
    .execute();
  await sql`create unique index shop_connections_shop on shop_connections (workspace_id, shop_id)`.execute(
    db,
  );
  await sql`create index shop_connections_by_shop on shop_connections (shop_id)`.execute(db);
  await sql`create index shop_connections_authorization on shop_connections (authorization_id)`.execute(db);

  t = withId(db.schema.createTable('shop_sync_state'), engine);
  t = num(t, 'workspace_id', 'connection_id', 'next_run_at', 'lines_synced', 'lines_skipped', 'failures');
  t = str(t, 'kind', 'cursor', 'last_error_code', 'last_error_message', 'last_error_request_id');
  await num(t, 'updated_at')
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('last_error_at', 'bigint')
    .execute();
  await sql`create unique index shop_sync_state_kind on shop_sync_state (connection_id, kind)`.execute(db);
  await sql`create index shop_sync_state_due on shop_sync_state (next_run_at)`.execute(db);

  t = withId(db.schema.createTable('shop_notifications'), engine);
  t = str(t, 'notification_id', 'shop_id');
  await num(t, 'type', 'received_at').execute();
  await sql`create unique index shop_notifications_id on shop_notifications (notification_id)`.execute(db);
  await sql`create index shop_notifications_age on shop_notifications (received_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
