/**
 * Connecting TikTok Shop (docs/decisions/shop-connection.md). A team admin saves the workspace's
 * Partner Center app (key, secret, service id; the secret is sealed on the server and never comes
 * back), then starts the seller's consent; TikTok sends the browser back to this install's callback
 * address (`callback_url`, not a call of this table: a browser navigation that ends on
 * `SHOP_SETTINGS_PATH` with `connected` or `error`). Every member reads the shops' status and may
 * ask for a sync now; only the admin changes credentials, authorises and disconnects.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { flag } from './common.ts';
import { rowId } from './tag.ts';
import {
  SHOP_APP_KEY_MAX,
  SHOP_APP_SECRET_MAX,
  SHOP_CALLBACK_ERRORS,
  SHOP_SERVICE_ID_MAX,
  SHOP_SETTINGS_PATH,
} from '../limits.ts';

// The screen's limits and the callback's codes live in limits.ts (no zod on the screens).
export {
  SHOP_APP_KEY_MAX,
  SHOP_APP_SECRET_MAX,
  SHOP_CALLBACK_ERRORS,
  SHOP_SERVICE_ID_MAX,
  SHOP_SETTINGS_PATH,
};

export const SHOP_KIND_MAX = 32;
export type { ShopCallbackError } from '../limits.ts';

/**
 * Why a shop stopped syncing (`stop_code`): the banner names it and what to do next. The server's
 * `stop_msg` says the same in the request's language.
 */
export const SHOP_STOP_CODES = [
  /** The token could not be refreshed (TikTok refused the refresh token). */
  'refresh_failed',
  /** The seller revoked the app (or a shop), or the token keeps being refused. */
  'authorization_revoked',
  /** The seller's authorisation ran out (TikTok's refresh token expired): authorise again. */
  'authorization_expired',
  /** The seller's authorisation no longer lists this shop. */
  'shop_removed',
  /** The app (or the seller's consent) lacks a scope an endpoint needs (105005). */
  'scope_missing',
  /** TikTok refused our signature (106001): usually a changed app secret. */
  'signature_invalid',
  /** TikTok does not know the app key. */
  'credentials_invalid',
  /** The token does not match the shop (101000). */
  'shop_mismatch',
  /** The shop or seller account is deactivated. */
  'shop_deactivated',
  /** The stored tokens or secret cannot be opened (SECRETS_KEY changed or missing). */
  'secrets_unreadable',
  /** The app credentials were removed. */
  'credentials_removed',
] as const;
export type ShopStopCode = (typeof SHOP_STOP_CODES)[number];

const appKey = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .min(1, 'shop_app_key_required')
      .max(SHOP_APP_KEY_MAX, 'shop_app_key_invalid')
      .regex(/^[A-Za-z0-9_-]+$/, 'shop_app_key_invalid'),
  );
const appSecret = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .min(1, 'shop_app_secret_required')
      .max(SHOP_APP_SECRET_MAX, 'shop_app_secret_invalid')
      .regex(/^[\x21-\x7e]+$/, 'shop_app_secret_invalid'),
  );
const serviceId = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .min(1, 'shop_service_id_required')
      .max(SHOP_SERVICE_ID_MAX, 'shop_service_id_invalid')
      .regex(/^[A-Za-z0-9_-]+$/, 'shop_service_id_invalid'),
  );
const syncKind = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .max(SHOP_KIND_MAX, 'shop_kind_invalid')
      .regex(/^[a-z_]+$/, 'shop_kind_invalid')
      .optional(),
  );

export const ShopKindStatus = z.object({
  /** The data kind: `shops`, `tokens`, and the kinds later handlers add (`orders`, `samples`, …). */
  kind: z.string(),
  /** 0: never. */
  last_success_at: z.number().int(),
  lines_synced: z.number().int(),
  /** Lines TikTok sent that failed validation and were left out (logged with their request ids). */
  lines_skipped: z.number().int(),
  next_run_at: z.number().int(),
  /** '' when the last run succeeded; a TikTok code (`36009002`) or ours (`invalid_page`). */
  last_error_code: z.string(),
  last_error_msg: z.string(),
  last_error_request_id: z.string(),
  last_error_at: z.number().int(),
  /** 1 while a process runs this shop's sync. */
  running: z.number().int(),
});
export type ShopKindStatus = z.infer<typeof ShopKindStatus>;

export const ShopView = z.object({
  /** The connection's id (our row), for disconnect and sync now. */
  id: z.number().int(),
  /** TikTok's shop id. */
  shop_id: z.string(),
  shop_name: z.string(),
  shop_code: z.string(),
  region: z.string(),
  seller_type: z.string(),
  /** The workspace country the region maps to; '' = a region CreatorDesk does not serve (listed, not synced). */
  country: z.string(),
  seller_name: z.string(),
  status: z.enum(['active', 'stopped', 'disconnected']),
  /** One of SHOP_STOP_CODES when stopped, else ''. */
  stop_code: z.string(),
  /** The stop in words, with what to do next, in the request's language. */
  stop_msg: z.string(),
  stop_time: z.number().int(),
  /** When the seller's authorisation runs out (the refresh token's expiry); 0 when unknown. */
  authorization_expires_at: z.number().int(),
  granted_scopes: z.array(z.string()),
  connect_time: z.number().int(),
  kinds: z.array(ShopKindStatus),
});
export type ShopView = z.infer<typeof ShopView>;

export const ShopStatus = z.object({
  /** This install's callback address: the redirect URL to save on the Partner Center app. */
  callback_url: z.string(),
  /** 1 when the caller is the team's admin (may change credentials, authorise, disconnect). */
  can_manage: z.number().int(),
  /** 0 when the server cannot seal secrets (PostgreSQL without SECRETS_KEY): nothing can be saved. */
  secrets_ready: z.number().int(),
  credentials: z.object({
    /** `workspace`: saved on the screen; `settings`: the install's TTS_APP_KEY …; `none`. */
    source: z.enum(['workspace', 'settings', 'none']),
    /** The app key's last 4 characters (admins only; '' otherwise). */
    app_key_hint: z.string(),
    service_id: z.string(),
    update_time: z.number().int(),
  }),
  shops: z.array(ShopView),
});
export type ShopStatus = z.infer<typeof ShopStatus>;

export const ShopCredentialsRequest = z.object({
  app_key: appKey(),
  app_secret: appSecret(),
  service_id: serviceId(),
});
export const ShopAuthorizeRequest = z.object({
  /** 1: a US shop (TikTok's US consent page). */
  us: flag().default(0),
});
export const ShopAuthorizeResult = z.object({
  /** TikTok's consent page with `service_id` and `state`; the PWA sends the browser there. */
  url: z.string(),
  expires_at: z.number().int(),
});
export const ShopIdRequest = z.object({ id: rowId() });
export const ShopSyncRequest = z.object({ id: rowId(), kind: syncKind() });

export const shopEndpoints = {
  shopStatus: endpoint({
    method: 'GET',
    path: '/shop/status',
    auth: true,
    request: z.object({}),
    response: ShopStatus,
  }),
  shopCredentialsSave: endpoint({
    method: 'POST',
    path: '/shop/credentials.save',
    auth: true,
    request: ShopCredentialsRequest,
    response: ShopStatus,
  }),
  shopCredentialsDel: endpoint({
    method: 'DELETE',
    path: '/shop/credentials.del',
    auth: true,
    request: z.object({}),
    response: ShopStatus,
  }),
  shopAuthorize: endpoint({
    method: 'POST',
    path: '/shop/authorize',
    auth: true,
    request: ShopAuthorizeRequest,
    response: ShopAuthorizeResult,
  }),
  shopDisconnect: endpoint({
    method: 'DELETE',
    path: '/shop/disconnect',
    auth: true,
    request: ShopIdRequest,
    response: ShopStatus,
  }),
  shopSyncNow: endpoint({
    method: 'POST',
    path: '/shop/sync.now',
    auth: true,
    request: ShopSyncRequest,
    response: ShopStatus,
  }),
};
