/**
 * Throttling with Retry-After, injected faults (36009003, 36009007, HTTP 503, a corrupt page) and
 * the call log that records them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildTikTokSimulator } from './simulator.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const ORDERS = '/affiliate_seller/202410/orders/search';
const SAMPLES = '/affiliate_seller/202409/sample_applications/search';

let wallMs = 1_800_000_000_000;
const sim = buildTikTokSimulator({ orderLines: 500, clock: () => wallMs });
const client = simClient(sim, () => Math.floor(wallMs / 1000));
client.setToken(sim.control.issueTokens().access_token);
afterAll(() => sim.app.close());

const orders = () => client.call('POST', ORDERS, { shopCipher: US, body: {} });

describe('throttling', () => {
  it('throttles sample search at 2 QPS by default: HTTP 429, 36009002 and Retry-After', async () => {
    const call = () => client.call('POST', SAMPLES, { shopCipher: US, body: {} });
    expect((await call()).json.code).toBe(0);
    expect((await call()).json.code).toBe(0);
    const third = await call();
    expect(third.status).toBe(429);
    expect(third.json.code).toBe(36009002);
    expect(third.json.data).toBeNull();
    expect(third.headers['retry-after']).toBe('1');
    wallMs += 1000;
    expect((await call()).json.code).toBe(0);
  });

  it('applies a per-endpoint QPS set through control, and lifts it with null', async () => {
    sim.control.setQps('orders.search', 0.5);
    expect((await orders()).json.code).toBe(0);
    const throttled = await orders();
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    wallMs += 2000;
    expect((await orders()).json.code).toBe(0);
    sim.control.setQps('orders.search', null);
    for (let i = 0; i < 5; i++) expect((await orders()).json.code).toBe(0);
  });
});

describe('faults', () => {
  it('fails the next N calls of one endpoint, then answers normally', async () => {
    sim.control.failNext('orders.search', 'internal', 2);
    const a = await orders();
    const b = await orders();
    expect([a.status, a.json.code, a.json.data]).toEqual([500, 36009003, null]);
    expect(b.json.code).toBe(36009003);
    expect((await orders()).json.code).toBe(0);
  });

  it('answers 36009007 for a timeout and a bare 503 for unavailable', async () => {
    sim.control.failNext('orders.search', 'timeout');
    expect((await orders()).json.code).toBe(36009007);
    sim.control.failNext('orders.search', 'unavailable');
    const down = await orders();
    expect(down.status).toBe(503);
    expect(down.json).toBeNull();
    expect(down.text).toMatch(/Service Temporarily Unavailable/);
  });

  it('forces a throttle with a chosen Retry-After', async () => {
    sim.control.failNext('orders.search', 'throttle', 1, { retryAfterSeconds: 7 });
    const res = await orders();
    expect([res.status, res.json.code, res.headers['retry-after']]).toEqual([429, 36009002, '7']);
  });

  it('corrupts one page: one field of the first item gets the wrong type, and the log says which', async () => {
    sim.control.clearCalls();
    sim.control.failNext('orders.search', 'corrupt');
    const bad = await orders();
    expect(bad.json.code).toBe(0);
    expect(typeof bad.json.data.orders[0].id).toBe('number');
    const good = await orders();
    expect(typeof good.json.data.orders[0].id).toBe('string');
    expect(sim.control.calls()[0]).toMatchObject({
      endpoint: 'orders.search',
      fault: 'corrupt',
      corrupted: 'orders[0].id',
    });
  });

  it("'*' faults any endpoint, token host included", async () => {
    sim.control.failNext('*', 'internal');
    const res = await sim.app.inject({
      method: 'GET',
      url: `/api/v2/token/refresh?app_key=${sim.control.app.appKey}&app_secret=${sim.control.app.appSecret}&refresh_token=x&grant_type=refresh_token`,
    });
    expect(JSON.parse(res.body).code).toBe(36009003);
    sim.control.failNext('token.refresh', 'unavailable');
    const down = await sim.app.inject({ method: 'GET', url: '/api/v2/token/refresh' });
    expect(down.statusCode).toBe(503);
  });

  it('records method, path, endpoint, code and HTTP status of every call', async () => {
    sim.control.clearCalls();
    sim.control.failNext('orders.search', 'timeout');
    await orders();
    await orders();
    await client.call('GET', '/affiliate_seller/202410/unknown', { shopCipher: US });
    expect(
      sim.control.calls().map((c) => [c.method, c.path, c.endpoint, c.code, c.http, c.shopCipher]),
    ).toEqual([
      ['POST', ORDERS, 'orders.search', 36009007, 504, US],
      ['POST', ORDERS, 'orders.search', 0, 200, US],
      ['GET', '/affiliate_seller/202410/unknown', null, 36009009, 404, US],
    ]);
  });
});

describe('control over HTTP', () => {
  it('sets a fault and reads the call log through /_sim', async () => {
    const set = await sim.app.inject({
      method: 'POST',
      url: '/_sim/faults',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ endpoint: 'orders.search', kind: 'internal', count: 1 }),
    });
    expect(set.statusCode).toBe(200);
    expect((await orders()).json.code).toBe(36009003);
    const calls = JSON.parse((await sim.app.inject({ method: 'GET', url: '/_sim/calls' })).body);
    expect(calls.at(-1)).toMatchObject({ endpoint: 'orders.search', code: 36009003 });
    const bad = await sim.app.inject({
      method: 'POST',
      url: '/_sim/faults',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ endpoint: 'nope', kind: 'internal' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('can be left out', async () => {
    const closed = buildTikTokSimulator({ orderLines: 1, controlRoutes: false });
    const res = await closed.app.inject({ method: 'GET', url: '/_sim/state' });
    expect(res.statusCode).toBe(404);
    await closed.app.close();
  });
});
