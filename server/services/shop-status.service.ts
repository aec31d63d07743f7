/**
 * What every member sees of the workspace's shops (no secrets: the app key only as its last four
 * characters, to the admin), and the two actions on one shop: disconnect (admin) and sync now (any
 * member, at most once a minute per shop across processes: a conditional update on the shop row).
 */
import type { Transaction } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import type { ShopKindStatus, ShopStatus, ShopView } from '../../contract/schemas/shop.ts';
import type { AuthContext } from './session.service.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { message, MESSAGES } from '../domain/messages.ts';
import {
  authorizationsOf,
  connectionOf,
  connectionsOf,
  disconnectShops,
  syncStatesOf,
  type SyncStateRow,
} from '../db/shop.repository.ts';
import { managesShops, requireShopAdmin } from './shop-admin.ts';
import { workspaceAppInfo } from './shop-credentials.service.ts';
import { lockWorkspace, type Db, type ShopDeps } from './shop-deps.ts';

export const SYNC_NOW_EVERY_SECONDS = 60;
/** A lease older than this belongs to a process that stopped (the sync's heartbeat renews it). */
export const LEASE_SECONDS = 60;

const scopesOf = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').slice(0, 100) : [];
  } catch {
    return [];
  }
};

/** Our own error codes have words in both languages; TikTok's come with TikTok's message. */
function errorText(row: SyncStateRow, lang: Language): string {
  const key = `shop_error_${row.last_error_code}`;
  return MESSAGES[key] ? message(key, lang) : row.last_error_message;
}

function kindView(row: SyncStateRow, running: boolean, lang: Language): ShopKindStatus {
  return {
    kind: row.kind,
    last_success_at: Number(row.last_success_at ?? 0),
    lines_synced: Number(row.lines_synced),
    lines_skipped: Number(row.lines_skipped),
    next_run_at: Number(row.next_run_at),
    last_error_code: row.last_error_code,
    last_error_msg: row.last_error_code ? errorText(row, lang) : '',
    last_error_request_id: row.last_error_request_id,
    last_error_at: Number(row.last_error_at ?? 0),
    running: running ? 1 : 0,
  };
}

export async function shopStatus(
  deps: ShopDeps,
  db: Db,
  auth: AuthContext,
  lang: Language,
  callbackUrl: string,
): Promise<ShopStatus> {
  const ws = auth.workspaceId;
  const [admin, info, shops, authzs] = await Promise.all([
    managesShops(db, auth.user, ws),
    workspaceAppInfo(deps, db, ws),
    connectionsOf(db, ws),
    authorizationsOf(db, ws),
  ]);
  const states = await syncStatesOf(
    db,
    shops.map((s) => Number(s.id)),
  );
  const t = deps.now();
  const byAuthz = new Map(authzs.map((a) => [Number(a.id), a]));
  const views: ShopView[] = shops.map((s) => {
    const a = byAuthz.get(Number(s.authorization_id));
    const running = s.lease_owner !== null && Number(s.lease_at ?? 0) > t - LEASE_SECONDS;
    const stopKey = `shop_stop_${s.stop_code}`;
    return {
      id: Number(s.id),
      shop_id: s.shop_id,
      shop_name: s.shop_name,
      shop_code: s.shop_code,
      region: s.region,
      seller_type: s.seller_type,
      country: s.country,
      seller_name: a?.seller_name ?? '',
      status: s.status,
      stop_code: s.status === 'stopped' ? s.stop_code : '',
      stop_msg: s.status === 'stopped' && MESSAGES[stopKey] ? message(stopKey, lang) : '',
      stop_time: s.status === 'stopped' ? Number(s.stopped_at ?? 0) : 0,
      authorization_expires_at: a?.refresh_token_enc ? Number(a.refresh_expires_at) : 0,
      granted_scopes: a ? scopesOf(a.granted_scopes) : [],
      connect_time: Number(s.created_at),
      kinds: states
        .filter((k) => Number(k.connection_id) === Number(s.id))
        .map((k) => kindView(k, running, lang)),
    };
  });
  return {
    callback_url: callbackUrl,
    can_manage: admin ? 1 : 0,
    secrets_ready: deps.secrets ? 1 : 0,
    credentials: {
      source: info.source,
      app_key_hint: admin && info.appKey ? info.appKey.slice(-4) : '',
      service_id: info.serviceId,
      update_time: info.updatedAt,
    },
    shops: views,
  };
}

/** Disconnects one shop of the caller's workspace (admin): its jobs stop, its tokens go unless another shop shares them. */
export async function disconnectShop(
  deps: ShopDeps,
  trx: Transaction<DB>,
  auth: AuthContext,
  id: number,
): Promise<void> {
  await requireShopAdmin(trx, auth);
  await lockWorkspace(trx, deps.engine, auth.workspaceId);
  const shop = await connectionOf(trx, auth.workspaceId, id);
  if (!shop) throw new AppError(40004, 'shop_not_found');
  if (shop.status === 'disconnected') return;
  await disconnectShops(trx, auth.workspaceId, deps.now(), [id]);
}

/**
 * Makes a shop's kinds (or one) due now. Any member may; once a minute per shop, counted on the
 * shop row itself, so parallel requests and other processes see the same limit.
 */
export async function requestSync(
  deps: ShopDeps,
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { id: number; kind?: string },
  kinds: readonly string[],
): Promise<void> {
  const shop = await connectionOf(trx, auth.workspaceId, input.id);
  if (!shop) throw new AppError(40004, 'shop_not_found');
  if (shop.status !== 'active') throw new AppError(40009, 'shop_not_active');
  if (input.kind !== undefined && !kinds.includes(input.kind))
    throw new AppError(40001, 'shop_kind_invalid', { field: 'kind' });
  const t = deps.now();
  const claimed = await trx
    .updateTable('shop_connections')
    .set({ sync_requested_at: t })
    .where('id', '=', input.id)
    .where('workspace_id', '=', auth.workspaceId)
    .where('status', '=', 'active')
    .where('sync_requested_at', '<=', t - SYNC_NOW_EVERY_SECONDS)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const wait = Math.max(1, Number(shop.sync_requested_at) + SYNC_NOW_EVERY_SECONDS - t);
    throw new AppError(40029, 'shop_sync_wait', { seconds: wait }, 429);
  }
  let q = trx
    .updateTable('shop_sync_state')
    .set({ next_run_at: t, updated_at: t })
    .where('connection_id', '=', input.id)
    .where('workspace_id', '=', auth.workspaceId);
  if (input.kind) q = q.where('kind', '=', input.kind);
  const made = await q.executeTakeFirst();
  if (Number(made.numUpdatedRows) === 0 && input.kind)
    throw new AppError(40001, 'shop_kind_invalid', { field: 'kind' });
}
