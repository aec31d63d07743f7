/**
 * A workspace's Partner Center app: saved on the screen (the secret sealed at rest, never sent back)
 * or, for a single-shop install, the install's TTS_APP_KEY / TTS_APP_SECRET / TTS_SERVICE_ID for
 * every workspace without its own. Replacing the app with another app key disconnects the shops
 * authorised through the old one (their tokens belong to it); re-saving the same key (a reset
 * secret) keeps them and retries shops stopped for a signature or key error.
 */
import type { Transaction } from 'kysely';
import type { AuthContext } from './session.service.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { disconnectShops, ensureSyncStates } from '../db/shop.repository.ts';
import { requireShopAdmin } from './shop-admin.ts';
import { lockWorkspace, sealContext, type Db, type ShopDeps } from './shop-deps.ts';

export interface WorkspaceApp {
  source: 'workspace' | 'settings';
  appKey: string;
  appSecret: string;
  serviceId: string;
  updatedAt: number;
}

export const secretsMissing = (): AppError => new AppError(40009, 'shop_secrets_key_missing');

/** The app this workspace uses, with its secret opened; null when there is none. SecretUnreadable when the key changed. */
export async function workspaceApp(
  deps: ShopDeps,
  db: Db,
  workspaceId: number,
): Promise<WorkspaceApp | null> {
  const row = await db
    .selectFrom('shop_apps')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (row) {
    if (!deps.secrets) throw secretsMissing();
    return {
      source: 'workspace',
      appKey: row.app_key,
      appSecret: deps.secrets.open(row.app_secret_enc, sealContext.appSecret(workspaceId)),
      serviceId: row.service_id,
      updatedAt: Number(row.updated_at),
    };
  }
  if (deps.envApp) return { source: 'settings', ...deps.envApp, updatedAt: 0 };
  return null;
}

/** The app's public parts, without opening the secret (the status read). */
export async function workspaceAppInfo(
  deps: ShopDeps,
  db: Db,
  workspaceId: number,
): Promise<{
  source: 'workspace' | 'settings' | 'none';
  appKey: string;
  serviceId: string;
  updatedAt: number;
}> {
  const row = await db
    .selectFrom('shop_apps')
    .select(['app_key', 'service_id', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (row)
    return {
      source: 'workspace',
      appKey: row.app_key,
      serviceId: row.service_id,
      updatedAt: Number(row.updated_at),
    };
  if (deps.envApp)
    return { source: 'settings', appKey: deps.envApp.appKey, serviceId: deps.envApp.serviceId, updatedAt: 0 };
  return { source: 'none', appKey: '', serviceId: '', updatedAt: 0 };
}

/** Shops authorised through another app key than `appKey`. */
async function shopsOfOtherApps(
  trx: Transaction<DB>,
  workspaceId: number,
  appKey: string | null,
): Promise<number[]> {
  let q = trx
    .selectFrom('shop_connections')
    .innerJoin('shop_authorizations', 'shop_authorizations.id', 'shop_connections.authorization_id')
    .select('shop_connections.id')
    .where('shop_connections.workspace_id', '=', workspaceId)
    .where('shop_connections.status', '!=', 'disconnected');
  if (appKey !== null) q = q.where('shop_authorizations.app_key', '!=', appKey);
  return (await q.execute()).map((r) => Number(r.id));
}

export async function saveCredentials(
  deps: ShopDeps,
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { app_key: string; app_secret: string; service_id: string },
  kindsFor: (country: string) => readonly string[],
): Promise<void> {
  await requireShopAdmin(trx, auth);
  if (!deps.secrets) throw secretsMissing();
  const ws = auth.workspaceId;
  await lockWorkspace(trx, deps.engine, ws);
  const t = deps.now();
  const sealed = deps.secrets.seal(input.app_secret, sealContext.appSecret(ws));
  await trx
    .insertInto('shop_apps')
    .values({
      workspace_id: ws,
      app_key: input.app_key,
      app_secret_enc: sealed,
      service_id: input.service_id,
      user_id: auth.user.id,
      created_at: t,
      updated_at: t,
    })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        app_key: input.app_key,
        app_secret_enc: sealed,
        service_id: input.service_id,
        user_id: auth.user.id,
        updated_at: t,
      }),
    )
    .execute();
  const other = await shopsOfOtherApps(trx, ws, input.app_key);
  if (other.length) await disconnectShops(trx, ws, t, other);
  // Same app, new secret: shops stopped because TikTok refused our signature or key try again now.
  const revived = await trx
    .updateTable('shop_connections')
    .set({ status: 'active', stop_code: '', stop_detail: '', stopped_at: null, updated_at: t })
    .where('workspace_id', '=', ws)
    .where('status', '=', 'stopped')
    .where('stop_code', 'in', [
      'signature_invalid',
      'credentials_invalid',
      'secrets_unreadable',
      'credentials_removed',
    ])
    .returning(['id', 'workspace_id', 'country'])
    .execute();
  for (const c of revived)
    await ensureSyncStates(trx, { id: Number(c.id), workspace_id: ws }, kindsFor(c.country), t);
}

/** Removes the workspace's own app: every shop authorised through it is disconnected (tokens deleted). */
export async function removeCredentials(
  deps: ShopDeps,
  trx: Transaction<DB>,
  auth: AuthContext,
): Promise<void> {
  await requireShopAdmin(trx, auth);
  const ws = auth.workspaceId;
  await lockWorkspace(trx, deps.engine, ws);
  const row = await trx
    .deleteFrom('shop_apps')
    .where('workspace_id', '=', ws)
    .returning('app_key')
    .executeTakeFirst();
  if (!row) throw new AppError(40004, 'shop_credentials_missing');
  // The install's app (if any) takes over; shops of other keys cannot work with it.
  const shops = await shopsOfOtherApps(trx, ws, deps.envApp?.appKey ?? null);
  if (shops.length) await disconnectShops(trx, ws, deps.now(), shops);
}
