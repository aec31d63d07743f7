/**
 * Creator content per product, marketplace creators, target collaborations and the outreach quota.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildTikTokSimulator } from './simulator.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const GB = 'GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3';
const A = '/affiliate_seller';

const sim = buildTikTokSimulator({ orderLines: 100 });
const client = simClient(sim);
client.setToken(sim.control.issueTokens().access_token);
afterAll(() => sim.app.close());

describe('creator content details', () => {
  it('lists creators with video and LIVE counts only, paged', async () => {
    const product = sim.control.shop(US).products[0]!.id;
    const rows: any[] = [];
    let token: string | undefined;
    let total: number | undefined;
    do {
      const res = await client.call('GET', `${A}/202412/open_collaborations/creator_content_details`, {
        shopCipher: US,
        query: { product_id: product, page_size: 5, ...(token ? { page_token: token } : {}) },
      });
      expect(res.json.code, res.json.message).toBe(0);
      rows.push(...res.json.data.creator_content_details);
      expect(res.json.data.product.id).toBe(product);
      total = res.json.data.total_count;
      token = res.json.data.next_page_token;
    } while (token);
    expect(rows.length).toBe(total);
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual([
        'creator_profile',
        'live_count',
        'promotion_end_time',
        'promotion_status',
        'video_count',
      ]);
      expect(['NORMAL', 'TERMINATING']).toContain(r.promotion_status);
      expect(r.creator_profile.avatar.url).toMatch(/^https:/);
      expect(r.video_count + r.live_count).toBeGreaterThan(0);
    }
  });

  it('requires product_id and keeps page_size within 1-100', async () => {
    const missing = await client.call('GET', `${A}/202412/open_collaborations/creator_content_details`, {
      shopCipher: US,
    });
    expect(missing.json.code).toBe(98001004);
    const big = await client.call('GET', `${A}/202412/open_collaborations/creator_content_details`, {
      shopCipher: US,
      query: { product_id: '1', page_size: 101 },
    });
    expect(big.json.code).toBe(98001004);
  });
});

describe('marketplace creators', () => {
  it('gives a creator’s performance with distributions in hundredths of a percent', async () => {
    const creator = sim.control.shop(US).creators[0]!;
    const res = await client.call('GET', `${A}/202406/marketplace_creators/${creator.userId}`, {
      shopCipher: US,
    });
    expect(res.json.code, res.json.message).toBe(0);
    const c = res.json.data.creator;
    expect(c.username).toBe(creator.handle);
    expect(c.gpm.currency).toBe('USD');
    const sum = (xs: { value: string }[]) => xs.reduce((n, x) => n + Number(x.value), 0);
    expect(sum(c.category_gmv_distribution)).toBe(10_000);
    expect(sum(c.content_gmv_distribution)).toBe(10_000);
    for (const k of [
      'bio_description',
      'avg_commission_rate',
      'ec_live_engagement_rate',
      'avg_gmv_per_buyer',
    ])
      expect(c).toHaveProperty(k);
  });

  it('omits exact GMV for creators who do not share it: ranges in US shops, nothing in GB', async () => {
    let sawRange = false;
    for (const creator of sim.control.shop(US).creators.slice(0, 60)) {
      const c = (
        await client.call('GET', `${A}/202406/marketplace_creators/${creator.userId}`, { shopCipher: US })
      ).json.data.creator;
      if (!('gmv' in c)) {
        expect(c.gmv_range).toBeDefined();
        sawRange = true;
      } else expect(c.gmv_range).toBeUndefined();
    }
    expect(sawRange).toBe(true);
    for (const creator of sim.control.shop(GB).creators.slice(0, 60)) {
      const c = (
        await client.call('GET', `${A}/202406/marketplace_creators/${creator.userId}`, { shopCipher: GB })
      ).json.data.creator;
      expect(c.gmv_range).toBeUndefined();
    }
  });

  it('answers an unknown creator with 98001004', async () => {
    const res = await client.call('GET', `${A}/202406/marketplace_creators/6999999999999999999`, {
      shopCipher: US,
    });
    expect(res.json.code).toBe(98001004);
  });

  it('search accepts page_size 12 or 20 only, and keeps its ranking while search_key is sent back', async () => {
    const search = (query: Record<string, string | number>, body: Record<string, unknown>) =>
      client.call('POST', `${A}/202406/marketplace_creators/search`, { shopCipher: US, query, body });
    expect((await search({ page_size: 15 }, {})).json.code).toBe(98001004);
    const first = await search({ page_size: 12 }, {});
    const key = first.json.data.search_key as string;
    const second = await search(
      { page_size: 12, page_token: first.json.data.next_page_token },
      { search_key: key },
    );
    const againFirst = await search({ page_size: 12 }, { search_key: key });
    expect(againFirst.json.data.creators).toEqual(first.json.data.creators);
    const names = (r: any) => r.json.data.creators.map((c: any) => c.username);
    expect(names(second).some((n: string) => names(first).includes(n))).toBe(false);
    const fresh = await search({ page_size: 12 }, {});
    expect(fresh.json.data.search_key).not.toBe(key);
  });
});

describe('target collaborations', () => {
  const create = (body: Record<string, unknown>) =>
    client.call('POST', `${A}/202405/target_collaborations`, { shopCipher: US, body });
  const shop = sim.control.shop(US);
  const end = String(sim.control.now() + 14 * 86_400);
  const freeCreator = shop.creators[40]!.userId;

  it('creates an invite with end_time as a string', async () => {
    const res = await create({
      name: 'Autumn',
      message: 'Hi',
      end_time: end,
      products: [{ id: shop.products[20]!.id, target_commission_rate: 2001 }],
      creator_user_ids: [freeCreator],
      seller_contact_info: { email: 'team@example.com' },
      free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: false },
    });
    expect(res.json.code, res.json.message).toBe(0);
    expect(res.json.data.target_collaboration.id).toMatch(/^\d{19}$/);
    expect(res.json.data.target_collaboration_conflicts).toEqual([]);
  });

  it('refuses a numeric end_time, more than 50 creators or 100 products, and rates out of range', async () => {
    const base = {
      name: 'X',
      end_time: end,
      products: [{ id: shop.products[21]!.id, target_commission_rate: 1500 }],
      creator_user_ids: [shop.creators[41]!.userId],
    };
    const numeric = await create({ ...base, end_time: Number(end) });
    expect(numeric.json.code).toBe(98001004);
    expect(numeric.json.message).toMatch(/invalid_params/);
    const many = Array.from({ length: 51 }, (_, i) => String(7000000000000000000n + BigInt(i)));
    expect((await create({ ...base, creator_user_ids: many })).json.code).toBe(98001004);
    expect((await create({ ...base, creator_user_ids: many.slice(0, 50) })).json.code).toBe(0);
    const products = Array.from({ length: 101 }, () => ({
      id: shop.products[22]!.id,
      target_commission_rate: 1500,
    }));
    expect((await create({ ...base, products })).json.code).toBe(98001004);
    expect(
      (await create({ ...base, products: [{ id: shop.products[22]!.id, target_commission_rate: 99 }] })).json
        .code,
    ).toBe(98001004);
  });

  it('refuses a product named twice, a rate that is not an integer, bad sample switches and a bad contact email', async () => {
    const base = {
      name: 'Strict',
      end_time: end,
      products: [{ id: shop.products[23]!.id, target_commission_rate: 1500 }],
      creator_user_ids: [shop.creators[42]!.userId],
    };
    const reply = async (body: Record<string, unknown>) => (await create({ ...base, ...body })).json;
    const rate = (r: unknown) => ({ products: [{ id: shop.products[23]!.id, target_commission_rate: r }] });
    const twice = await reply({ products: [base.products[0], base.products[0]] });
    expect(twice.code).toBe(98001004);
    expect(twice.message).toMatch(/named twice/);
    for (const bad of [15.5, '1500', 8001, 99]) expect((await reply(rate(bad))).code).toBe(98001004);
    expect((await reply({ free_sample_rule: { has_free_sample: 'yes' } })).code).toBe(98001004);
    expect((await reply({ seller_contact_info: { email: 'not an address' } })).code).toBe(98001004);
    expect((await reply({ end_time: String(sim.control.now() - 1) })).message).toMatch(/end_time/);
    expect(
      sim.control.shop(US).targetCollaborations.some((t) => t.productIds.includes(base.products[0]!.id)),
    ).toBe(false);
  });

  it('fails only the second call of a batch when a fault skips the first', async () => {
    sim.control.failNext('target.create', 'internal', 1, { skip: 1 });
    const body = (i: number) => ({
      name: `Batch ${i}`,
      end_time: end,
      products: [{ id: shop.products[24]!.id, target_commission_rate: 1500 }],
      creator_user_ids: [shop.creators[43 + i]!.userId],
    });
    expect((await create(body(0))).json.code).toBe(0);
    expect((await create(body(1))).json.code).toBe(36009003);
    expect(sim.control.pendingFaults()).toEqual([]);
  });

  it('reports conflicts when a creator-product pair is already in another live invite, creating nothing', async () => {
    const existing = shop.targetCollaborations[0]!;
    const res = await create({
      name: 'Clash',
      end_time: end,
      products: [{ id: existing.productIds[0]!, target_commission_rate: 1800 }],
      creator_user_ids: [existing.creatorUserIds[0]!, shop.creators[45]!.userId],
    });
    expect(res.json.code).toBe(0);
    expect(res.json.data.target_collaboration_conflicts).toEqual([
      { creator_user_id: existing.creatorUserIds[0], product_id: existing.productIds[0] },
    ]);
    expect(res.json.data.target_collaboration).toBeUndefined();
    expect(sim.control.shop(US).targetCollaborations.length).toBe(shop.targetCollaborations.length + 3);
  });
});

describe('creator outreach quota (unconfirmed shape)', () => {
  it('nests the payload as data.data with string counters and millisecond times', async () => {
    const res = await client.call('GET', `${A}/202607/creator_outreach/quota`, { shopCipher: US });
    expect(res.json.code).toBe(0);
    const q = res.json.data.data;
    expect(q.shop_id).toBe(sim.control.shop(US).id);
    for (const k of ['quota_sum', 'quota_use', 'start_time', 'end_time', 'new_connect_count'])
      expect(typeof q[k]).toBe('string');
    expect(Number(q.end_time) - Number(q.start_time)).toBe(7 * 86_400_000);
    expect(Number(q.start_time)).toBeGreaterThan(1e12);
    sim.control.setOutreachQuota(US, { unlimited: true });
    expect(
      (await client.call('GET', `${A}/202607/creator_outreach/quota`, { shopCipher: US })).json.data.data
        .unlimited,
    ).toBe(true);
  });
});
