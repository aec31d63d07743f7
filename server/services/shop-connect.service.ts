/**
 * Connecting shops: the admin starts a consent (a `state` for TikTok's page, bound to the session
 * that asked and to this browser by a cookie), TikTok sends the browser back to the callback, which
 * checks the state (known, unexpired, unused, same browser, session still live, still the admin),
 * uses it up, exchanges the code once, lists the authorised shops and stores them. Only hashes of
 * the state and the browser binding are stored (docs/security.md "How `state` is checked").
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { COUNTRIES } from '../../contract/constants.ts';
import type { ShopCallbackError } from '../../contract/schemas/shop.ts';
import type { AuthContext } from './session.service.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { dropUnusedTokens, ensureSyncStates } from '../db/shop.repository.ts';
import {
  consentUrl,
  createTtsClient,
  exchangeAuthCode,
  getAuthorizedShops,
  isTtsApiError,
  type AuthorizedShop,
  type TtsTokenSet,
} from '../integrations/tiktok-shop/index.ts';
import { SecretUnreadable } from '../secrets/secret-box.ts';
import { managesShops, requireShopAdmin } from './shop-admin.ts';
import { secretsMissing, workspaceApp } from './shop-credentials.service.ts';
import { lockWorkspace, type ShopDeps } from './shop-deps.ts';
import { sealedPair } from './shop-tokens.service.ts';

export const CONSENT_TTL_SECONDS = 30 * 60;
/** Consents an admin may start per workspace per hour (each writes a row). */
export const CONSENTS_PER_HOUR = 20;
export const BINDING_COOKIE = 'cd_shop_consent';

const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');
const random = (): string => crypto.randomBytes(32).toString('base64url');

/** The workspace country a TikTok region maps to; '' for a region CreatorDesk does not serve. */
export function countryOfRegion(region: string): string {
  const r = region.trim().toUpperCase();
  const c = r === 'UK' ? 'GB' : r;
  return (COUNTRIES as readonly string[]).includes(c) ? c : '';
}

export interface StartedConsent {
  url: string;
  expires_at: number;
  /** The browser binding, for the cookie (its hash is stored). */
  binding: string;
}

export async function startConsent(
  deps: ShopDeps,
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { us: number },
): Promise<StartedConsent> {
  await requireShopAdmin(trx, auth);
  if (!deps.secrets) throw secretsMissing();
  const ws = auth.workspaceId;
  await lockWorkspace(trx, deps.engine, ws);
  let app;
  try {
    app = await workspaceApp(deps, trx, ws);
  } catch (err) {
    if (err instanceof SecretUnreadable) throw new AppError(40009, 'shop_credentials_unreadable');
    throw err;
  }
  if (!app) throw new AppError(40004, 'shop_credentials_missing');
  const t = deps.now();
  const recent = await trx
    .selectFrom('shop_consents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', ws)
    .where('created_at', '>', t - 3600)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CONSENTS_PER_HOUR)
    throw new AppError(40029, 'shop_consent_limit', { max: CONSENTS_PER_HOUR }, 429);
  // Old, finished consents are of no use: keep the table small.
  await trx
    .deleteFrom('shop_consents')
    .where('expires_at', '<', t - 86_400)
    .execute();
  const state = random();
  const binding = random();
  const expires = t + CONSENT_TTL_SECONDS;
  await trx
    .insertInto('shop_consents')
    .values({
      workspace_id: ws,
      user_id: auth.user.id,
      session_id: auth.session.id,
      state_hash: sha256(state),
      binding_hash: sha256(binding),
      app_key: app.appKey,
      us: input.us ? 1 : 0,
      created_at: t,
      expires_at: expires,
      used_at: null,
    })
    .execute();
  return {
    url: consentUrl(deps.hosts, { serviceId: app.serviceId, state, us: input.us === 1 }),
    expires_at: expires,
    binding,
  };
}

export interface CallbackInput {
  state: string;
  code: string;
  /** TikTok's `error` (a refusal: `auth_denied`), unconfirmed. */
  error: string;
  /** The binding cookie's value ('' when the browser sent none). */
  binding: string;
}

export type CallbackOutcome = { connected: number } | { error: ShopCallbackError };

const failed = (error: ShopCallbackError): { error: ShopCallbackError } => ({ error });

/** The consent row for `state`, checked and used up (single use even when what follows fails). */
async function useConsent(deps: ShopDeps, input: CallbackInput) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(input.state)) return failed('state_invalid');
  const consent = await deps.db
    .selectFrom('shop_consents')
    .selectAll()
    .where('state_hash', '=', sha256(input.state))
    .executeTakeFirst();
  if (!consent) return failed('state_invalid');
  if (consent.used_at !== null) return failed('state_used');
  const t = deps.now();
  if (Number(consent.expires_at) <= t) return failed('state_expired');
  const a = Buffer.from(sha256(input.binding));
  const b = Buffer.from(consent.binding_hash);
  if (!input.binding || a.length !== b.length || !crypto.timingSafeEqual(a, b))
    return failed('state_browser');
  const used = await deps.db
    .updateTable('shop_consents')
    .set({ used_at: t })
    .where('id', '=', consent.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) return failed('state_used');
  // The session that asked must still be live, in this workspace, and its user still the admin.
  const session = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.revoked_at',
      'sessions.expires_at',
      'sessions.workspace_id',
      'users.id',
      'users.disabled',
      'users.workspace_id as user_workspace_id',
      'users.personal_workspace_id',
    ])
    .where('sessions.id', '=', consent.session_id)
    .executeTakeFirst();
  const ws = Number(consent.workspace_id);
  if (
    !session ||
    session.revoked_at !== null ||
    Number(session.expires_at) <= t ||
    session.disabled ||
    Number(session.workspace_id) !== ws ||
    Number(session.id) !== Number(consent.user_id)
  )
    return failed('session_ended');
  const user = {
    id: Number(session.id),
    workspace_id: Number(session.user_workspace_id),
    personal_workspace_id: Number(session.personal_workspace_id),
  };
  if (!(await managesShops(deps.db, user, ws))) return failed('not_admin');
  return { consent, ws };
}

function apiFailure(err: unknown): ShopCallbackError {
  if (!isTtsApiError(err)) throw err;
  if (err.kind === 'code_invalid') return 'code_invalid';
  if (err.kind === 'signature' || err.kind === 'app_key') return 'credentials_invalid';
  return 'tiktok_unavailable';
}

export async function finishConsent(
  deps: ShopDeps,
  input: CallbackInput,
  kindsFor: (country: string) => readonly string[],
): Promise<CallbackOutcome> {
  const checked = await useConsent(deps, input);
  if ('error' in checked) return checked;
  const { consent, ws } = checked;
  if (input.error || !input.code) return failed('denied');
  if (!/^[\x21-\x7e]{1,512}$/.test(input.code)) return failed('code_invalid');
  if (!deps.secrets) return failed('secrets_key_missing');
  let app;
  try {
    app = await workspaceApp(deps, deps.db, ws);
  } catch {
    return failed('credentials_changed');
  }
  if (!app || app.appKey !== consent.app_key) return failed('credentials_changed');

  let tokens: TtsTokenSet;
  let shops: AuthorizedShop[];
  try {
    tokens = await exchangeAuthCode(deps.rt, deps.hosts, app, input.code);
  } catch (err) {
    deps.log.warn({ err: String((err as Error).message), workspace: ws }, 'TikTok Shop code exchange failed');
    return failed(apiFailure(err));
  }
  if (tokens.userType !== 0) return failed('not_seller');
  try {
    const client = createTtsClient(deps.hosts, app, deps.rt);
    shops = (await getAuthorizedShops(client, tokens.accessToken)).shops;
  } catch (err) {
    deps.log.warn({ err: String((err as Error).message), workspace: ws }, 'TikTok Shop shop list failed');
    return failed(apiFailure(err));
  }
  return deps.db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, deps.engine, ws);
    const now = await workspaceApp(deps, trx, ws).catch(() => null);
    if (!now || now.appKey !== consent.app_key) return failed('credentials_changed');
    const n = await storeAuthorization(
      deps,
      trx,
      ws,
      Number(consent.user_id),
      app.appKey,
      tokens,
      shops,
      kindsFor,
    );
    return { connected: n };
  });
}

/** Writes the seller's authorisation and its shops (new ones added, known ones re-activated). */
export async function storeAuthorization(
  deps: ShopDeps,
  trx: Transaction<DB>,
  ws: number,
  userId: number,
  appKey: string,
  tokens: TtsTokenSet,
  shops: readonly AuthorizedShop[],
  kindsFor: (country: string) => readonly string[],
): Promise<number> {
  const t = deps.now();
  const key = { workspace_id: ws, app_key: appKey, open_id: tokens.openId };
  const pair = sealedPair(deps, key, tokens);
  const seller = {
    seller_name: tokens.sellerName.slice(0, 200),
    seller_base_region: tokens.sellerBaseRegion.slice(0, 10),
    user_type: tokens.userType,
  };
  const authz = await trx
    .insertInto('shop_authorizations')
    .values({ ...key, ...seller, ...pair, token_version: 1, created_at: t, updated_at: t })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'app_key', 'open_id']).doUpdateSet((eb) => ({
        ...seller,
        ...pair,
        token_version: eb('shop_authorizations.token_version', '+', 1),
        refresh_lock_owner: null,
        refresh_lock_at: null,
        updated_at: t,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const before = await trx
    .selectFrom('shop_connections')
    .select('authorization_id')
    .where('workspace_id', '=', ws)
    .where('shop_id', 'in', shops.length ? shops.map((s) => s.shopId) : [''])
    .execute();
  for (const s of shops) {
    const shop = {
      authorization_id: Number(authz.id),
      shop_name: s.name.slice(0, 200),
      region: s.region.slice(0, 10),
      seller_type: s.sellerType.slice(0, 40),
      cipher: s.cipher,
      shop_code: s.code.slice(0, 100),
      country: countryOfRegion(s.region),
      status: 'active' as const,
      stop_code: '',
      stop_detail: '',
      stopped_at: null,
      updated_at: t,
    };
    const row = await trx
      .insertInto('shop_connections')
      .values({ ...shop, workspace_id: ws, shop_id: s.shopId, user_id: userId, created_at: t })
      .onConflict((oc) => oc.columns(['workspace_id', 'shop_id']).doUpdateSet(shop))
      .returning(['id', 'country'])
      .executeTakeFirstOrThrow();
    await ensureSyncStates(trx, { id: Number(row.id), workspace_id: ws }, kindsFor(row.country), t);
  }
  // A shop that moved to this authorisation may leave an older one without shops: its tokens go.
  for (const old of new Set(before.map((b) => Number(b.authorization_id))))
    if (old !== Number(authz.id)) await dropUnusedTokens(trx, old, t);
  return shops.length;
}
