/**
 * Affiliate orders search: paging with opaque tokens holding + and /, half-open time filters,
 * programme filter, commission figures, statuses over simulated time, control-API changes found
 * by re-reading a trailing window, and the Seller Center file for the same lines.
 */
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { AFFILIATE_ORDER_HEADERS_GB, AFFILIATE_ORDER_HEADERS_US } from './seller-center-csv.ts';
import type { TikTokSimulator } from './simulator.ts';
import { buildTikTokSimulator } from './simulator.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const GB = 'GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3';
const ORDERS = '/affiliate_seller/202410/orders/search';
const DAY = 86_400;
const ANCHOR = 1_790_000_000;

type Order = { id: string; create_time: number; status: string; delivery_time: number; skus: any[] };

const sims: TikTokSimulator[] = [];
afterAll(() => Promise.all(sims.map((s) => s.app.close())));

/** A simulator on a fixed wall clock: its generated history ends at ANCHOR, the world's start. */
function setup(orderLines = 3000) {
  const wallMs = ANCHOR * 1000;
  const sim = buildTikTokSimulator({ orderLines, clock: () => wallMs, seed: 42 });
  sims.push(sim);
  const client = simClient(sim, () => ANCHOR);
  client.setToken(sim.control.issueTokens().access_token);
  /** Advances the world (tokens expire with it) and signs in again. */
  const advance = (seconds: number) => {
    sim.control.advanceTime(seconds);
    client.setToken(sim.control.issueTokens().access_token);
  };
  return { sim, client, advance };
}

async function walk(
  client: ReturnType<typeof simClient>,
  body: Record<string, unknown>,
  pageSize = 100,
  cipher = US,
): Promise<{ orders: Order[]; tokens: string[]; totals: number[] }> {
  const orders: Order[] = [];
  const tokens: string[] = [];
  const totals: number[] = [];
  let token: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const res = await client.call('POST', ORDERS, {
      shopCipher: cipher,
      query: { page_size: pageSize, ...(token ? { page_token: token } : {}) },
      body,
    });
    expect(res.json.code, res.json.message).toBe(0);
    orders.push(...res.json.data.orders);
    totals.push(res.json.data.total_count);
    token = res.json.data.next_page_token;
    if (!token) break;
    tokens.push(token);
  }
  return { orders, tokens, totals };
}

describe('orders search paging', () => {
  const { sim, client } = setup();

  it('pages through every line once with tokens holding + and /, ending on an empty token', async () => {
    const { orders, tokens, totals } = await walk(client, {}, 100);
    const lines = orders.reduce((n, o) => n + o.skus.length, 0);
    expect(lines).toBe(3000);
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
    expect(new Set(totals)).toEqual(new Set([3000]));
    expect(tokens.length).toBe(Math.ceil(orders.length / 100) - 1);
    for (const t of tokens) expect(t).toMatch(/[+]/);
    for (const t of tokens) expect(t).toMatch(/[/]/);
    // Newest first.
    for (let i = 1; i < orders.length; i++)
      expect(orders[i - 1]!.create_time).toBeGreaterThanOrEqual(orders[i]!.create_time);
    for (const o of orders) expect(o.id).toMatch(/^\d{18}$/);
  });

  it('treats create_time_ge as inclusive and create_time_lt as exclusive', async () => {
    const all = [...sim.control.orders(US)];
    const pivot = all[500]!.create_time;
    const atPivot = all.filter((o) => o.create_time === pivot).map((o) => o.id);
    const before = await walk(client, { create_time_lt: pivot });
    const after = await walk(client, { create_time_ge: pivot });
    expect(before.orders.some((o) => atPivot.includes(o.id))).toBe(false);
    expect(after.orders.filter((o) => atPivot.includes(o.id)).length).toBe(atPivot.length);
    expect(before.orders.length + after.orders.length).toBe(all.length);
    const lines = (os: Order[]) => os.reduce((n, o) => n + o.skus.length, 0);
    expect(before.totals[0]! + after.totals[0]!).toBe(3000);
    expect(lines(before.orders)).toBe(before.totals[0]);
  });

  it('filters by program_id, returning only that programme’s lines', async () => {
    const program = sim.control.shop(US).products[0]!.openCollaborationId;
    const { orders, totals } = await walk(client, { program_id: program });
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders) for (const s of o.skus) expect(s.open_collaboration_id).toBe(program);
    expect(orders.reduce((n, o) => n + o.skus.length, 0)).toBe(totals[0]);
  });

  it('keeps page_size within 1-100 and refuses a foreign or broken page token', async () => {
    for (const page_size of [0, 101]) {
      const res = await client.call('POST', ORDERS, { shopCipher: US, query: { page_size }, body: {} });
      expect(res.json.code).toBe(98001004);
      expect(res.json.message).toMatch(/page_size/);
    }
    const samples = await client.call('POST', '/affiliate_seller/202409/sample_applications/search', {
      shopCipher: US,
      query: { page_size: 1 },
      body: {},
    });
    const foreign = samples.json.data.next_page_token;
    const res = await client.call('POST', ORDERS, {
      shopCipher: US,
      query: { page_token: foreign },
      body: {},
    });
    expect(res.json.code).toBe(98001004);
    const broken = await client.call('POST', ORDERS, {
      shopCipher: US,
      query: { page_token: 'abc' },
      body: {},
    });
    expect(broken.json.code).toBe(98001004);
    const badTime = await client.call('POST', ORDERS, {
      shopCipher: US,
      body: { create_time_ge: '1700000000' },
    });
    expect(badTime.json.code).toBe(98001004);
  });

  it('defaults page_size to 20', async () => {
    const res = await client.call('POST', ORDERS, { shopCipher: US, body: {} });
    expect(res.json.data.orders).toHaveLength(20);
  });

  it('is deterministic: the same seed gives the same orders', async () => {
    const again = setup();
    const a = await client.call('POST', ORDERS, { shopCipher: US, query: { page_size: 50 }, body: {} });
    const b = await again.client.call('POST', ORDERS, { shopCipher: US, query: { page_size: 50 }, body: {} });
    expect(b.json.data.orders).toEqual(a.json.data.orders);
    expect(b.json.data.next_page_token).toBe(a.json.data.next_page_token);
  });
});

describe('order figures and statuses', () => {
  const { sim, client, advance } = setup(2000);

  it('computes commissions from the guide’s formulas, in string money', () => {
    const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100);
    let settled = 0;
    for (const o of sim.control.orders(US)) {
      for (const s of o.skus) {
        expect(s.price.currency).toBe('USD');
        expect(typeof s.price.amount).toBe('string');
        expect(s.price.amount).toMatch(/^\d+\.\d\d$/);
        const base = cents(s.price) * s.quantity;
        expect(cents(s.estimated_commission_base)).toBe(base);
        expect(cents(s.estimated_paid_commission)).toBe(
          Math.round((base * Number(s.commission_rate)) / 10_000),
        );
        expect(cents(s.estimated_paid_shop_ads_commission)).toBe(
          Math.round((base * Number(s.shop_ads_commission_rate)) / 10_000),
        );
        if (o.status === 'COMPLETED') {
          settled++;
          const actualBase = cents(s.price) * (s.quantity - s.refunded_quantity);
          expect(cents(s.actual_commission_base)).toBe(actualBase);
          expect(cents(s.actual_paid_commission)).toBe(
            Math.round((actualBase * Number(s.commission_rate)) / 10_000),
          );
        }
        if (o.status === 'PROCESSING') expect(s.actual_paid_commission.amount).toBe('0.00');
        expect(s.commission_rate).toMatch(/^\d+$/);
        expect(s.product_id).toMatch(/^\d{19}$/);
        expect(s.creator_username).not.toMatch(/^@/);
      }
    }
    expect(settled).toBeGreaterThan(100);
  });

  it('moves PROCESSING orders to COMPLETED (or CANCELLED, FROZEN, DEDUCTED) as simulated time passes', () => {
    const count = () => {
      const by: Record<string, number> = {};
      for (const o of sim.control.orders(US)) by[o.status] = (by[o.status] ?? 0) + 1;
      return by;
    };
    const before = count();
    expect(before.PROCESSING).toBeGreaterThan(0);
    advance(60 * DAY);
    const after = count();
    expect(after.PROCESSING ?? 0).toBe(0);
    expect(after.COMPLETED).toBeGreaterThan(before.COMPLETED!);
    expect(after.CANCELLED).toBeGreaterThan(0);
    expect(after.DEDUCTED).toBeGreaterThan(0);
  });

  it('shows 1,000 changed lines to a sync that re-reads a trailing window by create time', async () => {
    const windowStart = sim.control.now() - 400 * DAY;
    const snapshot = async () => {
      const map = new Map<string, string>();
      for (const o of (await walk(client, { create_time_ge: windowStart })).orders) {
        for (const s of o.skus) map.set(`${o.id}/${s.product_id}`, JSON.stringify([o.status, s]));
      }
      return map;
    };
    const before = await snapshot();
    const changed = await sim.control.changeOrderLines(US, { count: 1000, kind: 'refund' });
    expect(changed).toHaveLength(1000);
    const after = await snapshot();
    const differing = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    expect(differing.sort()).toEqual(changed.map((c) => `${c.order_id}/${c.product_id}`).sort());
    const one = sim.control.order(US, changed[0]!.order_id)!;
    const line = one.skus.find((s) => s.product_id === changed[0]!.product_id)!;
    expect(line.refunded_quantity).toBe(line.quantity);
  });

  it('adds new orders that show first on the next read', async () => {
    const ids = sim.control.addOrders(US, { count: 3 });
    const res = await client.call('POST', ORDERS, { shopCipher: US, query: { page_size: 3 }, body: {} });
    expect(res.json.data.orders.map((o: Order) => o.id).sort()).toEqual([...ids].sort());
    expect(res.json.data.orders[0].status).toBe('PROCESSING');
  });
});

describe('the Seller Center file for the same orders', () => {
  const { sim, client, advance } = setup(400);

  it('writes the guide’s US headers and one row per API line with the same keys and figures', async () => {
    advance(20 * DAY);
    const csv = sim.control.affiliateOrdersCsv(US);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...AFFILIATE_ORDER_HEADERS_US]);
    expect(parsed.meta.fields).toHaveLength(30);
    const { orders } = await walk(client, {});
    const apiLines = orders.flatMap((o) => o.skus.map((s) => ({ o, s })));
    expect(parsed.data).toHaveLength(apiLines.length);
    const byKey = new Map(parsed.data.map((r) => [`${r['Order ID']}/${r['Product ID']}`, r]));
    expect(byKey.size).toBe(apiLines.length);
    for (const { o, s } of apiLines) {
      const row = byKey.get(`${o.id}/${s.product_id}`)!;
      expect(row['Creator Username']).toBe(s.creator_username);
      expect(row['Content ID']).toBe(s.content_id);
      expect(Number(row['Est. Commission Base'])).toBeCloseTo(Number(s.estimated_commission_base.amount), 2);
      expect(row['Time Created']).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
      if (row['Order Status'] === 'Settled') {
        expect(Number(row['Actual Commission Base'])).toBeCloseTo(Number(s.actual_commission_base.amount), 2);
      }
      expect(row['SKU ID']).toMatch(/^\d{19}$/);
    }
    const statuses = new Set(parsed.data.map((r) => r['Order Status']));
    expect(statuses.has('Settled')).toBe(true);
    expect(statuses.has('Ineligible')).toBe(true);
  });

  it('writes the UK layout with Creator Region for the GB shop', () => {
    const parsed = Papa.parse<Record<string, string>>(sim.control.affiliateOrdersCsv(GB), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...AFFILIATE_ORDER_HEADERS_GB]);
    expect(parsed.meta.fields).toHaveLength(31);
    expect(parsed.meta.fields?.indexOf('Creator Region')).toBe(
      parsed.meta.fields!.indexOf('Creator Username') + 1,
    );
    expect(new Set(parsed.data.map((r) => r.Currency))).toEqual(new Set(['GBP']));
    expect(new Set(parsed.data.map((r) => r['Creator Region']))).toEqual(new Set(['GB']));
  });
});

describe('creators drawn from a caller’s list', () => {
  it('names only the given handles of the shop’s country in orders', () => {
    const creators = [
      { handle: 'demo.alice', country: 'US' },
      { handle: 'demo.bob', country: 'US' },
      { handle: 'demo.carla', country: 'GB' },
    ];
    const sim = buildTikTokSimulator({ orderLines: 300, creators });
    sims.push(sim);
    const us = new Set<string>();
    for (const o of sim.control.orders(US)) for (const s of o.skus) us.add(s.creator_username);
    expect([...us].sort()).toEqual(['demo.alice', 'demo.bob']);
    const gb = new Set<string>();
    for (const o of sim.control.orders(GB)) for (const s of o.skus) gb.add(s.creator_username);
    expect([...gb]).toEqual(['demo.carla']);
  });
});

describe('shop options', () => {
  it('refuses sizes the generated ids cannot hold, and takes an empty shop', async () => {
    expect(() => buildTikTokSimulator({ orderLines: -1 })).toThrow(/orderLines/);
    expect(() => buildTikTokSimulator({ orderLines: 1.5 })).toThrow(/orderLines/);
    expect(() => buildTikTokSimulator({ orderLines: 100_000_001 })).toThrow(/orderLines/);
    const empty = buildTikTokSimulator({ orderLines: 0 });
    sims.push(empty);
    const client = simClient(empty);
    client.setToken(empty.control.issueTokens().access_token);
    const res = await client.call('POST', ORDERS, { shopCipher: US, body: {} });
    expect(res.json.data).toEqual({ orders: [], next_page_token: '', total_count: 0 });
    const [id] = empty.control.addOrders(US, { count: 1 });
    const after = await client.call('POST', ORDERS, { shopCipher: US, body: {} });
    expect(after.json.data.orders.map((o: Order) => o.id)).toEqual([id]);
  });
});
