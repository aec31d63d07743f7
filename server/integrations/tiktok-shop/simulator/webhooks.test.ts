/**
 * Webhook subscriptions through the API and deliveries signed as the guide's "Webhooks" section:
 * unique notification ids, the duplicate switch and retries after a non-2xx answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTikTokSimulator } from './simulator.ts';
import { webhookSignature } from './signature.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const HOOKS = '/event/202309/webhooks';

interface Received {
  authorization: string | undefined;
  body: string;
}
let received: Received[] = [];
/** Status codes to answer with, one per delivery, then 200. */
let answers: number[] = [];
let address = '';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ authorization: req.headers.authorization, body });
    res.statusCode = answers.shift() ?? 200;
    res.end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tts`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  received = [];
  answers = [];
});

const sim = buildTikTokSimulator({ orderLines: 200, webhookRetryDelaysMs: [20, 40] });
const client = simClient(sim);
client.setToken(sim.control.issueTokens().access_token);
afterAll(() => sim.app.close());

describe('webhook subscriptions', () => {
  it('PUT sets, GET lists, DELETE removes (and succeeds when nothing is set)', async () => {
    const put = await client.call('PUT', HOOKS, {
      shopCipher: US,
      body: { address, event_type: 'ORDER_STATUS_CHANGE' },
    });
    expect(put.json.code, put.json.message).toBe(0);
    const got = await client.call('GET', HOOKS, { shopCipher: US });
    expect(got.json.data.total_count).toBe(1);
    expect(got.json.data.webhooks[0]).toMatchObject({ address, event_type: 'ORDER_STATUS_CHANGE' });
    expect(typeof got.json.data.webhooks[0].create_time).toBe('number');
    const del = await client.call('DELETE', HOOKS, {
      shopCipher: US,
      body: { event_type: 'ORDER_STATUS_CHANGE' },
    });
    expect(del.json.code).toBe(0);
    const again = await client.call('DELETE', HOOKS, {
      shopCipher: US,
      body: { event_type: 'ORDER_STATUS_CHANGE' },
    });
    expect(again.json.code).toBe(0);
    expect((await client.call('GET', HOOKS, { shopCipher: US })).json.data.total_count).toBe(0);
  });

  it('refuses an unknown event type and an address over 255 characters', async () => {
    const bad = await client.call('PUT', HOOKS, { shopCipher: US, body: { address, event_type: 'NOPE' } });
    expect(bad.json.code).toBe(98001004);
    const long = await client.call('PUT', HOOKS, {
      shopCipher: US,
      body: { address: `https://x.example/${'a'.repeat(240)}`, event_type: 'ORDER_STATUS_CHANGE' },
    });
    expect(long.json.code).toBe(98001004);
  });
});

describe('webhook deliveries', () => {
  beforeAll(async () => {
    for (const event_type of [
      'ORDER_STATUS_CHANGE',
      'SELLER_DEAUTHORIZATION',
      'UPCOMING_AUTHORIZATION_EXPIRATION',
    ]) {
      await client.call('PUT', HOOKS, { shopCipher: US, body: { address, event_type } });
    }
  });

  it('signs each delivery as hex HMAC-SHA256(app_secret, app_key + body) with a unique notification id', async () => {
    const changed = await sim.control.changeOrderLines(US, { count: 3, kind: 'settle', webhooks: true });
    expect(changed.length).toBe(3);
    await sim.control.warnAuthorizationExpiry();
    const { appKey, appSecret } = sim.control.app;
    const ids = new Set<string>();
    for (const r of received) {
      expect(r.authorization).toBe(webhookSignature(appKey, appSecret, r.body));
      const body = JSON.parse(r.body);
      expect(Object.keys(body)).toEqual(['type', 'tts_notification_id', 'shop_id', 'timestamp', 'data']);
      expect(body.shop_id).toBe(sim.control.shop(US).id);
      ids.add(body.tts_notification_id);
    }
    expect(ids.size).toBe(received.length);
    const types = received.map((r) => JSON.parse(r.body).type);
    expect(types.filter((t) => t === 1).length).toBe(new Set(changed.map((c) => c.order_id)).size);
    expect(types.at(-1)).toBe(7);
    const status = JSON.parse(received[0]!.body).data;
    expect(status.order_status).toBe('COMPLETED');
    expect(changed.map((c) => c.order_id)).toContain(status.order_id);
  });

  it('delivers duplicates with the same notification id when switched on', async () => {
    sim.control.setWebhookDuplicates(true);
    try {
      await sim.control.emitWebhook(US, 'ORDER_STATUS_CHANGE', { order_id: '1', order_status: 'COMPLETED' });
    } finally {
      sim.control.setWebhookDuplicates(false);
    }
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
  });

  it('retries after a non-2xx answer until one succeeds', async () => {
    answers = [500, 503];
    const first = await sim.control.emitWebhook(US, 'SELLER_DEAUTHORIZATION', { open_id: 'x' });
    expect(first[0]!.status).toBe(500);
    await sim.control.webhooksIdle();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const attempts = sim.control
      .webhookDeliveries()
      .filter((d) => d.notificationId === first[0]!.notificationId);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it('gives up after the last retry', async () => {
    answers = [500, 500, 500, 500];
    const first = await sim.control.emitWebhook(US, 'SELLER_DEAUTHORIZATION', { open_id: 'x' });
    await sim.control.webhooksIdle();
    expect(received).toHaveLength(3);
    expect(
      sim.control.webhookDeliveries().filter((d) => d.notificationId === first[0]!.notificationId),
    ).toHaveLength(3);
  });
});
