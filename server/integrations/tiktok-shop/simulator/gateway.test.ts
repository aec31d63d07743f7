/**
 * Every business request's checks, in the order the gateway applies them, and the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from './scopes.ts';
import { buildTikTokSimulator } from './simulator.ts';
import { computeSign } from './signature.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const OTHER_SELLER_SHOP = 'ROW_Qm9vbGVhbkFub3RoZXJTaG9wMDE';
const SHOPS = '/authorization/202309/shops';
const ORDERS = '/affiliate_seller/202410/orders/search';

describe('gateway checks', () => {
  const sim = buildTikTokSimulator({ orderLines: 500 });
  const client = simClient(sim);
  let token: string;

  beforeAll(() => {
    token = sim.control.issueTokens().access_token;
    client.setToken(token);
  });
  afterAll(() => sim.app.close());

  it('lists the seller’s two shops in different regions, with 19-digit ids and ciphers', async () => {
    const res = await client.call('GET', SHOPS);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(0);
    expect(res.json.message).toBe('Success');
    expect(res.json.request_id).toMatch(/^\d{17}[0-9A-F]{17}$/);
    const shops = res.json.data.shops as Record<string, string>[];
    expect(shops.map((s) => s.region)).toEqual(['US', 'GB']);
    for (const s of shops) {
      expect(Object.keys(s)).toEqual(['id', 'name', 'region', 'seller_type', 'cipher', 'code']);
      expect(s.id).toMatch(/^\d{19}$/);
      expect(s.cipher).toMatch(/^(ROW|GCP)_/);
    }
    // Another seller's shop never appears.
    expect(shops.some((s) => s.cipher === OTHER_SELLER_SHOP)).toBe(false);
  });

  it('answers unknown paths, methods and versions with their own codes', async () => {
    const path = await client.call('GET', '/affiliate_seller/202410/nothing_here');
    expect([path.status, path.json.code, path.json.data]).toEqual([404, 36009009, null]);
    const other = await client.call('GET', '/analytics/202409/shop_videos/performance');
    expect([other.status, other.json.code]).toEqual([404, 36009009]);
    const method = await client.call('GET', ORDERS, { shopCipher: US });
    expect(method.json.code).toBe(36009010);
    const version = await client.call('POST', '/affiliate_seller/202501/orders/search', {
      shopCipher: US,
      body: {},
    });
    expect(version.json.code).toBe(36009014);
    const notSimulated = await client.call('POST', '/affiliate_seller/202412/conversatons/read', {
      shopCipher: US,
      body: {},
    });
    expect(notSimulated.status).toBe(501);
    expect(notSimulated.json.message).toMatch(/not implemented by the local simulator/);
  });

  it('refuses an unknown app_key with 36009004 and HTTP 400', async () => {
    const res = await client.call('GET', SHOPS, { appKey: 'nope' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(36009004);
    expect(res.json.message).toMatch(/Invalid 'app_key'/);
    expect(res.json.data).toBeNull();
  });

  it('refuses a missing sign and timestamps outside now−5 min .. now+30 s', async () => {
    const missing = await client.call('GET', SHOPS, { sign: null });
    expect([missing.status, missing.json.code]).toEqual([400, 36009004]);
    expect(missing.json.message).toMatch(/^Missing credentials/);
    const now = Math.floor(Date.now() / 1000);
    const old = await client.call('GET', SHOPS, { timestamp: now - 301 });
    expect(old.json.code).toBe(36009004);
    expect(old.json.message).toMatch(/older than 5 minutes/);
    const ahead = await client.call('GET', SHOPS, { timestamp: now + 31 });
    expect(ahead.json.message).toMatch(/more than 30 seconds ahead/);
    expect((await client.call('GET', SHOPS, { timestamp: now - 290 })).json.code).toBe(0);
    expect((await client.call('GET', SHOPS, { timestamp: now + 25 })).json.code).toBe(0);
  });

  it('recomputes the signature: a wrong, upper-case or body-mismatched sign is 106001', async () => {
    const wrong = await client.call('GET', SHOPS, { sign: 'a'.repeat(64) });
    expect([wrong.status, wrong.json.code]).toEqual([401, 106001]);
    const { appKey, appSecret } = sim.control.app;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const good = computeSign({ secret: appSecret, path: SHOPS, query: { app_key: appKey, timestamp } });
    const upper = await client.call('GET', SHOPS, { timestamp: Number(timestamp), sign: good.toUpperCase() });
    expect(upper.json.code).toBe(106001);
    // Signed over one serialisation, sent with another: the bytes differ, so the sign does.
    const query = { app_key: appKey, timestamp, shop_cipher: US };
    const signed = computeSign({
      secret: appSecret,
      path: ORDERS,
      query,
      body: '{"create_time_ge":1}',
      contentType: 'application/json',
    });
    const res = await client.call('POST', ORDERS, {
      shopCipher: US,
      timestamp: Number(timestamp),
      rawBody: '{"create_time_ge": 1}',
      sign: signed,
    });
    expect(res.json.code).toBe(106001);
  });

  it('signs query values decoded: a page token sent with a raw + arrives as a space and fails', async () => {
    const { appKey, appSecret } = sim.control.app;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const pageToken = 'ab+cd/ef';
    const query = { app_key: appKey, timestamp, shop_cipher: US, page_token: pageToken };
    const sign = computeSign({
      secret: appSecret,
      path: ORDERS,
      query,
      body: '{}',
      contentType: 'application/json',
    });
    const raw = `app_key=${appKey}&timestamp=${timestamp}&shop_cipher=${US}&page_token=ab+cd/ef&sign=${sign}`;
    const res = await sim.app.inject({
      method: 'POST',
      url: `${ORDERS}?${raw}`,
      headers: { 'content-type': 'application/json', 'x-tts-access-token': token },
      payload: '{}',
    });
    expect(JSON.parse(res.body).code).toBe(106001);
  });

  it('checks the token header: missing or unknown 36009004, expired 105002', async () => {
    const missing = await client.call('GET', SHOPS, { token: null });
    expect(missing.json.code).toBe(36009004);
    expect(missing.json.message).toMatch(/x-tts-access-token/);
    const unknown = await client.call('GET', SHOPS, { token: 'TTP_notatoken' });
    expect(unknown.json.code).toBe(36009004);
    // An access token in the query is neither signed nor accepted in place of the header.
    const inQuery = await client.call('GET', SHOPS, { token: null, query: { access_token: token } });
    expect(inQuery.json.code).toBe(36009004);
    const other = buildTikTokSimulator({ orderLines: 10, accessTokenLifetime: 60 });
    const otherClient = simClient(other);
    otherClient.setToken(other.control.issueTokens().access_token);
    expect((await otherClient.call('GET', SHOPS)).json.code).toBe(0);
    other.control.advanceTime(61);
    const expired = await otherClient.call('GET', SHOPS);
    expect(expired.json.code).toBe(105002);
    expect(expired.json.data).toBeNull();
    await other.app.close();
  });

  it('refuses shop_cipher on the shop list, requires it on affiliate calls, and matches it to the token', async () => {
    const unexpected = await client.call('GET', SHOPS, { shopCipher: US });
    expect(unexpected.json.code).toBe(36009004);
    expect(unexpected.json.message).toMatch(/^Unexpected identifier/);
    const required = await client.call('POST', ORDERS, { body: {} });
    expect(required.json.code).toBe(106013);
    const foreign = await client.call('POST', ORDERS, { shopCipher: OTHER_SELLER_SHOP, body: {} });
    expect(foreign.json.code).toBe(101000);
    const ok = await client.call('POST', ORDERS, { shopCipher: US, body: {} });
    expect(ok.json.code).toBe(0);
  });

  it('checks the endpoint’s scope per seller: removing one gives 105005', async () => {
    const seller = sim.control.sellers()[0]!.openId;
    sim.control.setGrantedScopes(seller, [SCOPES.affiliateWrite]);
    const denied = await client.call('POST', ORDERS, { shopCipher: US, body: {} });
    expect(denied.json.code).toBe(105005);
    expect(denied.json.message).toMatch(/seller\.affiliate_collaboration\.read/);
    sim.control.setGrantedScopes(seller, Object.values(SCOPES));
    expect((await client.call('POST', ORDERS, { shopCipher: US, body: {} })).json.code).toBe(0);
  });

  it('takes an empty body as none, [] or {}, and refuses a body that is not JSON', async () => {
    for (const rawBody of ['', '{}', '[]']) {
      const res = await client.call('POST', ORDERS, {
        shopCipher: US,
        rawBody,
        contentType: 'application/json',
      });
      expect(res.json.code).toBe(0);
    }
    const form = await client.call('POST', ORDERS, {
      shopCipher: US,
      rawBody: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.json.code).toBe(36009022);
    const broken = await client.call('POST', ORDERS, {
      shopCipher: US,
      rawBody: '{"a":',
      contentType: 'application/json',
    });
    expect(broken.json.code).toBe(36009022);
  });

  it('gives every reply a unique request id, errors included', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await client.call('GET', i % 2 ? SHOPS : '/affiliate_seller/202410/nope');
      ids.add(res.json.request_id);
    }
    expect(ids.size).toBe(50);
  });

  it('logs every call with method, path and code for tests to assert on', async () => {
    sim.control.clearCalls();
    await client.call('GET', SHOPS);
    await client.call('GET', SHOPS, { appKey: 'nope' });
    expect(sim.control.calls().map((c) => [c.method, c.path, c.endpoint, c.code, c.http])).toEqual([
      ['GET', SHOPS, 'shops.list', 0, 200],
      ['GET', SHOPS, 'shops.list', 36009004, 400],
    ]);
  });
});
