/**
 * Queries on the shop connection tables shared by the shop services and the sync jobs. Every
 * query that takes ids from a request also takes the caller's workspace.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from './schema.ts';
import type { ShopAuthorizationsTable, ShopConnectionsTable, ShopSyncStateTable } from './shop-schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type ConnectionRow = Selectable<ShopConnectionsTable>;
export type AuthorizationRow = Selectable<ShopAuthorizationsTable>;
export type SyncStateRow = Selectable<ShopSyncStateTable>;

export function connectionsOf(db: Db, workspaceId: number): Promise<ConnectionRow[]> {
  return db
    .selectFrom('shop_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
}

export function connectionOf(db: Db, workspaceId: number, id: number): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('shop_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function authorizationsOf(db: Db, workspaceId: number): Promise<AuthorizationRow[]> {
  return db.selectFrom('shop_authorizations').selectAll().where('workspace_id', '=', workspaceId).execute();
}

export function syncStatesOf(db: Db, connectionIds: number[]): Promise<SyncStateRow[]> {
  if (connectionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shop_sync_state')
    .selectAll()
    .where('connection_id', 'in', connectionIds)
    .orderBy('connection_id')
    .orderBy('kind')
    .execute();
}

/**
 * A state row for each kind the shop should sync, due at `nextRunAt`; existing rows keep their
 * cursor and are made due too (a reconnect or a new kind syncs soon).
 */
export async function ensureSyncStates(
  trx: Transaction<DB>,
  c: { id: number; workspace_id: number },
  kinds: readonly string[],
  nextRunAt: number,
): Promise<void> {
  if (kinds.length === 0) return;
  await trx
    .insertInto('shop_sync_state')
    .values(
      kinds.map((kind) => ({
        workspace_id: c.workspace_id,
        connection_id: c.id,
        kind,
        next_run_at: nextRunAt,
        updated_at: nextRunAt,
      })),
    )
    .onConflict((oc) => oc.columns(['connection_id', 'kind']).doNothing())
    .execute();
  await trx
    .updateTable('shop_sync_state')
    .set({ next_run_at: nextRunAt, failures: 0, updated_at: nextRunAt })
    .where('connection_id', '=', c.id)
    .where('kind', 'in', [...kinds])
    .execute();
}

/**
 * Drops an authorisation's tokens once no shop of it is connected any more (a disconnect, a
 * replaced app): deleted, not kept. Bumps the version so a refresh in flight cannot write them back.
 */
export async function dropUnusedTokens(
  trx: Transaction<DB>,
  authorizationId: number,
  at: number,
): Promise<void> {
  const used = await trx
    .selectFrom('shop_connections')
    .select('id')
    .where('authorization_id', '=', authorizationId)
    .where('status', '!=', 'disconnected')
    .executeTakeFirst();
  if (used) return;
  await trx
    .updateTable('shop_authorizations')
    .set((eb) => ({
      access_token_enc: null,
      refresh_token_enc: null,
      token_version: eb('token_version', '+', 1),
      refresh_lock_owner: null,
      refresh_lock_at: null,
      updated_at: at,
    }))
    .where('id', '=', authorizationId)
    .execute();
}

/**
 * Disconnects shops (all of the workspace's when `ids` is absent): jobs stop at their next commit
 * or heartbeat, tokens no other shop needs are deleted, synced data stays.
 */
export async function disconnectShops(
  trx: Transaction<DB>,
  workspaceId: number,
  at: number,
  ids?: number[],
): Promise<number[]> {
  let q = trx
    .updateTable('shop_connections')
    .set({ status: 'disconnected', lease_owner: null, lease_at: null, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('status', '!=', 'disconnected');
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.returning(['id', 'authorization_id']).execute();
  for (const authz of new Set(rows.map((r) => Number(r.authorization_id))))
    await dropUnusedTokens(trx, authz, at);
  return rows.map((r) => Number(r.id));
}

/** Stops shops (by id) with a code for the banner; only active ones (a stop never revives a disconnected shop). */
export async function stopShops(
  db: Db,
  ids: number[],
  stop: { code: string; detail: string },
  at: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('shop_connections')
    .set({
      status: 'stopped',
      stop_code: stop.code,
      stop_detail: stop.detail.slice(0, 1000),
      stopped_at: at,
      updated_at: at,
    })
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The ids of every not-disconnected shop an authorisation covers. */
export async function shopsOfAuthorization(db: Db, authorizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_connections')
    .select('id')
    .where('authorization_id', '=', authorizationId)
    .where('status', '!=', 'disconnected')
    .execute();
  return rows.map((r) => Number(r.id));
}
