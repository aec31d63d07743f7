/**
 * The adapter against a strict local stand-in of TikTok's hosts (tests/helpers/tts-stub.ts, which
 * recomputes every signature): signing what is sent, retries, token calls, paging.
 * To move onto the simulator once it lands.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, ok, startTtsStub, type TtsStub } from '../../../tests/helpers/tts-stub.ts';
import { createRuntime, type TtsRuntime } from './runtime.ts';
import { createTtsClient } from './client.ts';
import { exchangeAuthCode, refreshAccessToken } from './tokens.ts';
import { getAuthorizedShops } from './shops.ts';
import { pages } from './paging.ts';
import { consentUrl } from './consent.ts';
import { DEFAULT_RETRY } from './backoff.ts';
import { TtsApiError } from './errors.ts';

const KEY = 'appkey123';
const SECRET = 'appsecret456';
const CIPHER = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const TOKEN_PLUS = '6AsPQsUMvH3RkchNUPPh22NROHkE0D8pmq/N5M1kHYcZmtRyv9aVrNv65W7Q6tFA+7D1';

let stub: TtsStub;
let clockMs = Date.parse('2026-03-01T00:00:00Z');
const sleeps: number[] = [];
const logs: string[] = [];

const runtime = (over: Partial<TtsRuntime> = {}): TtsRuntime =>
  createRuntime({
    nowMs: () => clockMs,
    // Time passes only by waiting: a retry must carry a new timestamp.
    sleep: async (ms) => {
      sleeps.push(ms);
      clockMs += ms;
    },
    random: () => 0.5,
    log: {
      warn: (o, m) => void logs.push(`${m} ${JSON.stringify(o)}`),
      info: (o, m) => void logs.push(`${m} ${JSON.stringify(o)}`),
    },
    ...over,
  });
const hosts = () => ({
  apiBase: stub.base,
  authBase: `${stub.base}/`,
  consentBase: 'https://consent.example',
  consentBaseUs: 'https://consent-us.example/',
});
const client = (rt = runtime()) => createTtsClient(hosts(), { appKey: KEY, appSecret: SECRET }, rt);

beforeAll(async () => {
  stub = await startTtsStub({ apps: { [KEY]: SECRET }, clock: () => Math.floor(clockMs / 1000) });
});
afterAll(() => stub.close());
afterEach(() => {
  stub.requests.length = 0;
  sleeps.length = 0;
  logs.length = 0;
});

describe('signed calls', () => {
  it('lists shops: signed GET, token header, no shop_cipher on an authorization path', async () => {
    stub.once(
      '/authorization/202309/shops',
      ok(
        {
          shops: [
            {
              id: '7000714532876273420',
              name: 'Maomao beauty shop',
              region: 'GB',
              seller_type: 'CROSS_BORDER',
              cipher: 'GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3',
              code: 'CNGBCBA4LLU8',
            },
          ],
        },
        '202203070749000101890810281E8C70B7',
      ),
    );
    const c = createTtsClient(hosts(), { appKey: KEY, appSecret: SECRET }, runtime());
    const res = await getAuthorizedShops(c, 'TTP_access');
    expect(res).toEqual({
      requestId: '202203070749000101890810281E8C70B7',
      shops: [
        {
          shopId: '7000714532876273420',
          name: 'Maomao beauty shop',
          region: 'GB',
          sellerType: 'CROSS_BORDER',
          cipher: 'GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3',
          code: 'CNGBCBA4LLU8',
        },
      ],
    });
    const [r] = stub.requests;
    expect(r!.method).toBe('GET');
    expect(r!.headers['x-tts-access-token']).toBe('TTP_access');
    expect(Object.keys(r!.query).sort()).toEqual(['app_key', 'sign', 'timestamp']);
    expect(r!.query.timestamp).toBe(String(Math.floor(clockMs / 1000)));
    expect(r!.body.length).toBe(0);
  });

  it('sends the body bytes it signed, with shop_cipher, and a page token encoded in the URL and signed decoded', async () => {
    stub.once('/affiliate_seller/202410/orders/search', ok({ orders: [], next_page_token: '' }));
    const body = { create_time_ge: 1700000000, create_time_lt: 1700086400, note: 'é ü 🙂' };
    await client().call({
      method: 'POST',
      path: '/affiliate_seller/202410/orders/search',
      query: { page_size: 20, page_token: TOKEN_PLUS },
      body,
      accessToken: 'TTP_a',
      shopCipher: CIPHER,
      data: z.object({}).passthrough(),
    });
    const [r] = stub.requests;
    // The stub answered (not 106001), so the signature it recomputed matched; and these bytes are it.
    expect(r!.body.toString('utf8')).toBe(JSON.stringify(body));
    expect(r!.rawUrl).toContain(
      'page_token=6AsPQsUMvH3RkchNUPPh22NROHkE0D8pmq%2FN5M1kHYcZmtRyv9aVrNv65W7Q6tFA%2B7D1',
    );
    expect(r!.query.page_token).toBe(TOKEN_PLUS);
    expect(r!.query.shop_cipher).toBe(CIPHER);
    expect(r!.headers['content-type']).toBe('application/json');
  });

  it('sends {} for a POST without a body and refuses a shop call without a cipher', async () => {
    stub.once(
      '/affiliate_seller/202405/products/1/promotion_link/generate',
      ok({ product_promotion_link: 'x' }),
    );
    await client().call({
      method: 'POST',
      path: '/affiliate_seller/202405/products/1/promotion_link/generate',
      accessToken: 't',
      shopCipher: CIPHER,
      data: z.object({ product_promotion_link: z.string() }),
    });
    expect(stub.requests[0]!.body.toString()).toBe('{}');
    expect(() =>
      client().call({
        method: 'GET',
        path: '/affiliate_seller/202409/x',
        accessToken: 't',
        data: z.object({}),
      }),
    ).toThrow(/needs the shop's cipher/);
    expect(() =>
      client().call({ method: 'GET', path: '/a/../b', accessToken: 't', data: z.object({}) }),
    ).toThrow(/not an API path/);
  });

  it('throttled: waits Retry-After, then re-stamps and re-signs the retry', async () => {
    stub.once(
      '/authorization/202309/shops',
      fail(36009002, 'Too many requests', 429, { 'retry-after': '7' }),
    );
    stub.once('/authorization/202309/shops', ok({ shops: [] }));
    await getAuthorizedShops(client(), 't');
    expect(sleeps).toEqual([7250]);
    const [a, b] = stub.requests;
    expect(Number(b!.query.timestamp) - Number(a!.query.timestamp)).toBe(7);
    expect(b!.query.sign).not.toBe(a!.query.sign);
    expect(logs.join('\n')).toContain('"kind":"throttled","code":36009002,"requestId":"REQ_36009002"');
    expect(logs.join('\n')).not.toMatch(/sign=|app_key=|x-tts/);
  });

  it('reads Retry-After as an HTTP date, and backs off on 5xx and 36009003 without one', async () => {
    clockMs = Math.ceil(clockMs / 1000) * 1000; // HTTP dates have whole seconds
    const at = new Date(clockMs + 3000).toUTCString();
    stub.once('/authorization/202309/shops', fail(36009002, 'slow', 429, { 'retry-after': at }));
    stub.once('/authorization/202309/shops', { status: 502, body: '<html>bad gateway</html>' });
    stub.once('/authorization/202309/shops', fail(36009003, 'Internal error, try again'));
    stub.once('/authorization/202309/shops', ok({ shops: [] }));
    await getAuthorizedShops(client(), 't');
    // 3 s + jitter; then backoff 2 s and 4 s (+250 ms jitter at random 0.5).
    expect(sleeps).toEqual([3250, 2250, 4250]);
  });

  it('gives up after the policy tries, and at once on errors retrying cannot fix', async () => {
    stub.on((r) => (r.path === '/always/503' ? { status: 503, body: 'down' } : undefined));
    const err = await client()
      .call({ method: 'GET', path: '/always/503', accessToken: 't', data: z.object({}) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TtsApiError);
    expect(err).toMatchObject({ kind: 'transient', httpStatus: 503 });
    expect(stub.requests).toHaveLength(DEFAULT_RETRY.maxAttempts);

    stub.requests.length = 0;
    stub.once('/authorization/202309/shops', fail(105005, 'you should apply auth pkg for this api'));
    await expect(getAuthorizedShops(client(), 't')).rejects.toMatchObject({
      kind: 'scope_missing',
      action: 'stop',
      code: 105005,
      requestId: 'REQ_105005',
    });
    expect(stub.requests).toHaveLength(1);

    // A Retry-After beyond what a call waits out goes back to the caller to reschedule.
    stub.requests.length = 0;
    stub.once('/authorization/202309/shops', fail(36009002, 'slow', 429, { 'retry-after': '3600' }));
    await expect(getAuthorizedShops(client(), 't')).rejects.toMatchObject({
      kind: 'throttled',
      retryAfterMs: 3_600_000,
    });
    expect(stub.requests).toHaveLength(1);
  });

  it('refuses data that fails validation after retrying, naming the request id', async () => {
    stub.on((r) =>
      r.path === '/authorization/202309/shops'
        ? // A JSON number id, as a gateway would send it if it ever did: digits already lost when parsed.
          {
            body: '{"code":0,"message":"Success","request_id":"REQ_BAD","data":{"shops":[{"id":7000714532876273420,"cipher":"x"}]}}',
          }
        : undefined,
    );
    await expect(getAuthorizedShops(client(), 't')).rejects.toMatchObject({
      kind: 'invalid_response',
      requestId: 'REQ_BAD',
      apiMessage: expect.stringContaining('shops.0.id'),
    });
    expect(stub.requests).toHaveLength(DEFAULT_RETRY.maxAttempts);
  });
});

describe('token calls', () => {
  const tokenData = (over: Record<string, unknown> = {}) => ({
    access_token: 'TTP_new_access',
    access_token_expire_in: 1660556783,
    refresh_token: 'TTP_new_refresh',
    refresh_token_expire_in: 1691487031,
    open_id: '7010736057180325637',
    seller_name: 'Test Seller',
    seller_base_region: 'US',
    user_type: 0,
    granted_scopes: ['seller.affiliate_collaboration.read'],
    ...over,
  });

  it('exchanges the code with the literal grant type, unsigned, and reads absolute expiries', async () => {
    stub.once('/api/v2/token/get', ok(tokenData()));
    const set = await exchangeAuthCode(runtime(), hosts(), { appKey: KEY, appSecret: SECRET }, 'CODE+/1');
    expect(set).toEqual({
      accessToken: 'TTP_new_access',
      accessExpiresAt: 1660556783,
      refreshToken: 'TTP_new_refresh',
      refreshExpiresAt: 1691487031,
      openId: '7010736057180325637',
      sellerName: 'Test Seller',
      sellerBaseRegion: 'US',
      userType: 0,
      grantedScopes: ['seller.affiliate_collaboration.read'],
    });
    const [r] = stub.requests;
    expect(r!.method).toBe('GET');
    expect(r!.query).toEqual({
      app_key: KEY,
      app_secret: SECRET,
      auth_code: 'CODE+/1',
      grant_type: 'authorized_code',
    });
  });

  it('never retries the exchange, and keeps the secret out of errors and logs', async () => {
    stub.once('/api/v2/token/get', { status: 503, body: 'down' });
    const err = (await exchangeAuthCode(runtime(), hosts(), { appKey: KEY, appSecret: SECRET }, 'c').catch(
      (e: unknown) => e,
    )) as TtsApiError;
    expect(err).toMatchObject({ kind: 'transient' });
    expect(stub.requests).toHaveLength(1);
    expect(`${err.message} ${err.stack} ${logs.join(' ')}`).not.toContain(SECRET);
  });

  it('retries a refresh on a server fault; reads a duration-looking expiry defensively', async () => {
    stub.once('/api/v2/token/refresh', fail(36009003, 'Internal error', 500));
    stub.once('/api/v2/token/refresh', ok(tokenData({ access_token_expire_in: 604800 })));
    const set = await refreshAccessToken(runtime(), hosts(), { appKey: KEY, appSecret: SECRET }, 'TTP_old');
    expect(stub.requests.map((r) => r.query.grant_type)).toEqual(['refresh_token', 'refresh_token']);
    expect(stub.requests[1]!.query.refresh_token).toBe('TTP_old');
    expect(set.accessExpiresAt).toBe(Math.floor(clockMs / 1000) + 604800);
    expect(logs.join(' ')).not.toContain(SECRET);
  });

  it('classifies an expired refresh token as a revoked authorisation', async () => {
    stub.once('/api/v2/token/refresh', fail(36004001, 'rt has expired'));
    await expect(
      refreshAccessToken(runtime(), hosts(), { appKey: KEY, appSecret: SECRET }, 'x'),
    ).rejects.toMatchObject({ kind: 'auth_revoked', action: 'stop' });
  });
});

describe('paging', () => {
  const Item = z.object({ id: z.string().regex(/^\d+$/) });

  it('walks page tokens (with + and /) until an empty one, resuming from a committed token', async () => {
    const script: Record<string, { orders: unknown[]; next_page_token: string }> = {
      '': { orders: [{ id: '1' }, { id: '2' }], next_page_token: 'a+b/c=' },
      'a+b/c=': { orders: [{ id: '3' }], next_page_token: 'd/e+f' },
      'd/e+f': { orders: [{ id: '4' }], next_page_token: '' },
    };
    stub.on((r) =>
      r.path === '/affiliate_seller/202410/orders/search'
        ? ok({ ...script[r.query.page_token ?? '']!, total_count: 4 }, `REQ_${r.query.page_token ?? 'first'}`)
        : undefined,
    );
    const q = {
      method: 'POST' as const,
      path: '/affiliate_seller/202410/orders/search',
      body: { create_time_ge: 1 },
      accessToken: 't',
      shopCipher: CIPHER,
      pageSize: 50,
    };
    const seen: string[][] = [];
    for await (const p of pages(client(), q, { itemsField: 'orders', item: Item }))
      seen.push([p.pageToken, p.nextPageToken, ...p.items.map((i) => i.id)]);
    expect(seen).toEqual([
      ['', 'a+b/c=', '1', '2'],
      ['a+b/c=', 'd/e+f', '3'],
      ['d/e+f', '', '4'],
    ]);
    // No page_token on the first page; page_size on every one.
    expect(stub.requests.map((r) => r.query.page_token)).toEqual([undefined, 'a+b/c=', 'd/e+f']);
    expect(stub.requests.every((r) => r.query.page_size === '50')).toBe(true);

    stub.requests.length = 0;
    const resumed: string[] = [];
    for await (const p of pages(client(), { ...q, pageToken: 'd/e+f' }, { itemsField: 'orders', item: Item }))
      resumed.push(...p.items.map((i) => i.id));
    expect(resumed).toEqual(['4']);
    expect(stub.requests).toHaveLength(1);
  });

  it('fetches a page with invalid items again, then reports them with the request id', async () => {
    stub.on((r) =>
      r.path === '/affiliate_seller/202409/sample_applications/search'
        ? ok({ sample_applications: [{ id: '1' }, { id: 2 }], next_page_token: '' }, 'REQ_SAMPLES')
        : undefined,
    );
    const got = [];
    for await (const p of pages(
      client(),
      {
        method: 'POST',
        path: '/affiliate_seller/202409/sample_applications/search',
        accessToken: 't',
        shopCipher: CIPHER,
        pageSize: 50,
      },
      { itemsField: 'sample_applications', item: Item },
    ))
      got.push(p);
    expect(stub.requests).toHaveLength(3);
    expect(got).toEqual([
      expect.objectContaining({
        items: [{ id: '1' }],
        rejected: [{ index: 1, problem: expect.stringContaining('id') }],
        requestId: 'REQ_SAMPLES',
      }),
    ]);
  });

  it('refuses a next_page_token that repeats the page (an endless walk)', async () => {
    stub.on((r) =>
      r.path === '/affiliate_seller/202412/open_collaborations/creator_content_details'
        ? ok({ creator_content_details: [], next_page_token: 'same' })
        : undefined,
    );
    const walk = async () => {
      for await (const _ of pages(
        client(),
        {
          method: 'GET',
          path: '/affiliate_seller/202412/open_collaborations/creator_content_details',
          query: { product_id: '1729570313535393936' },
          accessToken: 't',
          shopCipher: CIPHER,
          pageSize: 20,
          pageToken: 'same',
        },
        { itemsField: 'creator_content_details', item: Item },
      ));
    };
    await expect(walk()).rejects.toMatchObject({ kind: 'invalid_response' });
  });
});

describe('consent page', () => {
  it('builds the consent address per market, with service_id and state only', () => {
    expect(consentUrl(hosts(), { serviceId: '7123', state: 'a+b/c', us: false })).toBe(
      'https://consent.example/open/authorize?service_id=7123&state=a%2Bb%2Fc',
    );
    expect(consentUrl(hosts(), { serviceId: '7123', state: 's', us: true })).toBe(
      'https://consent-us.example/open/authorize?service_id=7123&state=s',
    );
  });
});
