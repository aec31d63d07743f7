/**
 * A test app wired to the TikTok stand-in (tts-stub.ts) for the shop connection suites: TikTok's
 * hosts point at the stub, the sync scheduler ticks only when a test asks (SHOP_SYNC_TICK_SECONDS=0),
 * the adapter's clock is the test's (moving it moves TikTok's clock too) and retries wait no time.
 * A stub seller answers the token and shop-list calls; tests script business calls on `stub`.
 */
import type { Engine } from '../../server/db/dialect.ts';
import { createTestApp, type SignedIn, type TestApp } from './test-app.ts';
import { ok, startTtsStub, type TtsStub } from './tts-stub.ts';

export const APP_KEY = 'testappkey1';
export const APP_SECRET = 'Test-App-Secret-0123456789';
export const SERVICE_ID = '7123456789';
export const OTHER_KEY = 'otherappkey2';
export const OTHER_SECRET = 'Other-App-Secret-987';

export interface StubShop {
  id: string;
  name: string;
  region: string;
  seller_type: string;
  cipher: string;
  code: string;
}

export interface Seller {
  openId: string;
  shops: StubShop[];
  /** Seconds the access token lives (from the stub's clock). */
  accessLife: number;
  refreshLife: number;
  userType: number;
  /** Every access token issued, newest last; the refresh tokens likewise. */
  access: string[];
  refresh: string[];
  /** Refresh tokens already used (rotated away): a second use answers 36004001 when `strictRotation`. */
  spent: Set<string>;
  strictRotation: boolean;
  codes: Map<string, boolean>;
}

export interface ShopHarness {
  app: TestApp & { close(): Promise<void> };
  stub: TtsStub;
  clock: { ms: number };
  seller: Seller;
  /** Starts a consent for `who`; answers the consent URL's state and the binding cookie. */
  authorize(
    who: SignedIn,
    us?: boolean,
  ): Promise<{ url: string; state: string; cookie: string; code: number; msg: string }>;
  /** Lands on the callback as TikTok's redirect would; answers the redirect's query. */
  callback(
    q: Record<string, string>,
    cookie?: string,
  ): Promise<{ status: number; query: URLSearchParams; location: string }>;
  /** Saves credentials, authorizes and lands on the callback with a fresh code: the whole connect. */
  connect(who: SignedIn): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export const shop = (id: string, region: string, n = 1): StubShop => ({
  id,
  name: `Shop ${region} ${n}`,
  region,
  seller_type: 'LOCAL',
  cipher: `ROW_cipher_${id}_+/=`,
  code: `CODE${n}${region}`,
});

export async function createShopHarness(
  engine: Engine,
  env: Record<string, string> = {},
  opts: { shops?: StubShop[] } = {},
): Promise<ShopHarness> {
  const clock = { ms: Date.now() };
  const nowSec = () => Math.floor(clock.ms / 1000);
  const stub = await startTtsStub({
    apps: { [APP_KEY]: APP_SECRET, [OTHER_KEY]: OTHER_SECRET },
    clock: nowSec,
  });
  const seller: Seller = {
    openId: '7010736057180325637',
    shops: opts.shops ?? [shop('7000714532876273420', 'US', 1), shop('7000714532876273421', 'DE', 2)],
    accessLife: 7 * 86_400,
    refreshLife: 365 * 86_400,
    userType: 0,
    access: [],
    refresh: [],
    spent: new Set(),
    strictRotation: true,
    codes: new Map(),
  };
  let n = 0;
  const issue = () => {
    n++;
    const a = `TTP_access_${n}_${Math.random().toString(36).slice(2)}`;
    const r = `TTP_refresh_${n}_${Math.random().toString(36).slice(2)}`;
    seller.access.push(a);
    seller.refresh.push(r);
    return ok({
      access_token: a,
      access_token_expire_in: nowSec() + seller.accessLife,
      refresh_token: r,
      refresh_token_expire_in: nowSec() + seller.refreshLife,
      open_id: seller.openId,
      seller_name: 'Stub Seller',
      seller_base_region: 'US',
      user_type: seller.userType,
      granted_scopes: ['seller.affiliate_collaboration.read', 'seller.authorization.info'],
    });
  };
  stub.on((r) => {
    if (r.path === '/api/v2/token/get') {
      const code = r.query.auth_code ?? '';
      if (seller.codes.get(code) !== false)
        return {
          body: { code: 36004004, message: 'Invalid auth code.', request_id: 'REQ_CODE', data: null },
        };
      seller.codes.set(code, true);
      return issue();
    }
    if (r.path === '/api/v2/token/refresh') {
      const rt = r.query.refresh_token ?? '';
      if (!seller.refresh.includes(rt) || (seller.strictRotation && seller.spent.has(rt)))
        return { body: { code: 36004001, message: 'rt has expired', request_id: 'REQ_RT', data: null } };
      seller.spent.add(rt);
      return issue();
    }
    if (r.path === '/authorization/202309/shops') {
      const token = String(r.headers['x-tts-access-token']);
      if (token !== seller.access.at(-1))
        return { body: { code: 105002, message: 'Expired credentials', request_id: 'REQ_EXP', data: null } };
      return ok({ shops: seller.shops }, `REQ_SHOPS_${stub.requests.length}`);
    }
    return undefined;
  });

  const app = await createTestApp(
    engine,
    {
      TTS_API_BASE: stub.base,
      TTS_AUTH_BASE: stub.base,
      TTS_CONSENT_BASE: 'https://consent.example',
      TTS_CONSENT_BASE_US: 'https://consent-us.example',
      SHOP_SYNC_TICK_SECONDS: '0',
      // PostgreSQL has no key file: a team install sets it, so do the tests.
      SECRETS_KEY: '5e'.repeat(32),
      ...env,
    },
    undefined,
    {
      // The stub answers only what a test scripts: TikTok's data kinds run against the simulator
      // (tests/helpers/sim-harness.ts).
      shopDataKinds: false,
      ttsRuntime: {
        nowMs: () => clock.ms,
        sleep: async () => undefined,
        random: () => 0.5,
        retry: { maxAttempts: 3, baseMs: 1, capMs: 2, jitterMs: 0, maxRetryAfterMs: 60_000 },
      },
    },
  );

  const authorize: ShopHarness['authorize'] = async (who, us = false) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v0.1/shop/authorize',
      headers: { token: who.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `us=${us ? 1 : 0}&language=en-us`,
    });
    const env = res.json() as { code: number; msg: string; data: { url: string } | null };
    const setCookie = String(res.headers['set-cookie'] ?? '');
    const url = env.data?.url ?? '';
    return {
      url,
      state: url ? (new URL(url).searchParams.get('state') ?? '') : '',
      cookie: setCookie.split(';')[0] ?? '',
      code: env.code,
      msg: env.msg,
    };
  };
  const callback: ShopHarness['callback'] = async (q, cookie) => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/v0.1/shop/callback?${new URLSearchParams(q).toString()}`,
      headers: cookie ? { cookie } : {},
    });
    const location = String(res.headers.location ?? '');
    return { status: res.statusCode, location, query: new URL(location || 'http://x/').searchParams };
  };
  let codes = 0;
  const connect: ShopHarness['connect'] = async (who) => {
    const saved = await app.call(
      'POST',
      '/shop/credentials.save',
      { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
      { token: who.token },
    );
    if (saved.code !== 200) throw new Error(`credentials.save: ${saved.code} ${saved.msg}`);
    const a = await authorize(who);
    const code = `AUTHCODE_${++codes}_${engine}`;
    seller.codes.set(code, false);
    return (await callback({ code, state: a.state }, a.cookie)).query;
  };
  return {
    app,
    stub,
    clock,
    seller,
    authorize,
    callback,
    connect,
    close: async () => {
      await app.close();
      await stub.close();
    },
  };
}
