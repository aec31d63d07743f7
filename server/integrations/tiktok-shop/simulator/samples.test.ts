/**
 * Sample applications: every status, the typo'd filter, the rolling window, review transitions and
 * fulfilments with content counts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_STATUSES } from './samples-data.ts';
import { buildTikTokSimulator } from './simulator.ts';
import { simClient } from './test-client.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const BASE = '/affiliate_seller/202409/sample_applications';
const DAY = 86_400;

// Sample search throttles at 2 QPS by default; these tests are about data, so the limit is lifted.
const sim = buildTikTokSimulator({ orderLines: 100, qps: { 'samples.search': null } });
const client = simClient(sim);
client.setToken(sim.control.issueTokens().access_token);
afterAll(() => sim.app.close());

type Sample = Record<string, any>;

async function searchAll(body: Record<string, unknown> = {}, pageSize = 50): Promise<Sample[]> {
  const out: Sample[] = [];
  let token: string | undefined;
  do {
    const res = await client.call('POST', `${BASE}/search`, {
      shopCipher: US,
      query: { page_size: pageSize, ...(token ? { page_token: token } : {}) },
      body,
    });
    expect(res.json.code, res.json.message).toBe(0);
    out.push(...res.json.data.sample_applications);
    token = res.json.data.next_page_token;
  } while (token);
  return out;
}

const review = (id: string, body: Record<string, unknown>) =>
  client.call('POST', `${BASE}/${id}/review`, { shopCipher: US, body });

describe('sample application search', () => {
  it('has applications in every status, with the guide’s conventions', async () => {
    const all = await searchAll();
    expect(all).toHaveLength(150);
    expect(new Set(all.map((s) => s.status))).toEqual(new Set(SAMPLE_STATUSES));
    for (const s of all) {
      expect(s.id).toMatch(/^\d{19}$/);
      expect(s.commission_rate).toMatch(/^0\.\d+$/); // a fraction, unlike the rest of the API
      expect(s.creator.user_id).toMatch(/^\d{19}$/);
      expect(s.product.sku_id).toMatch(/^\d{19}$/);
      if (s.status === 'PENDING') expect(s.order_id).toBe('');
      if (s.status === 'SHIPPED') expect(s.tracking_number).not.toBe('');
      if ('fulfillment_percentage' in s.creator)
        expect(s.creator.fulfillment_percentage).toMatch(/^\d+\.\d\d%$/);
    }
    expect(all.some((s) => s.status === 'PENDING' && s.is_approvable === false)).toBe(true);
  });

  it('filters by status, fuzzy username and the typo’d target_collabration_id (the correct spelling is ignored)', async () => {
    const pending = await searchAll({ status: 'PENDING' });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((s) => s.status === 'PENDING')).toBe(true);
    const handle = pending[0]!.creator.username as string;
    const byName = await searchAll({ username: handle.slice(1, 5).toUpperCase() });
    expect(
      byName.every((s) =>
        (s.creator.username as string).toLowerCase().includes(handle.slice(1, 5).toLowerCase()),
      ),
    ).toBe(true);
    const target = sim.control.shop(US).targetCollaborations[0]!.id;
    const typo = await searchAll({ target_collabration_id: target });
    const spelled = await searchAll({ target_collaboration_id: target });
    expect(typo.length).toBeGreaterThan(0);
    expect(typo.length).toBeLessThan(150);
    expect(spelled).toHaveLength(150);
    const bad = await client.call('POST', `${BASE}/search`, { shopCipher: US, body: { status: 'DONE' } });
    expect(bad.json.code).toBe(98001004);
  });

  it('keeps page_size within 1-50', async () => {
    const res = await client.call('POST', `${BASE}/search`, {
      shopCipher: US,
      query: { page_size: 51 },
      body: {},
    });
    expect(res.json.code).toBe(98001004);
  });

  it('ends a walk past the rolling window with 98001004', async () => {
    sim.control.setSampleWindow(60);
    try {
      let token: string | undefined;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await client.call('POST', `${BASE}/search`, {
          shopCipher: US,
          query: { page_size: 30, ...(token ? { page_token: token } : {}) },
          body: {},
        });
        codes.push(res.json.code);
        if (res.json.code !== 0) {
          expect(res.json.message).toMatch(/only the most recent 60 applications can be queried/);
          break;
        }
        token = res.json.data.next_page_token;
      }
      expect(codes).toEqual([0, 0, 98001004]);
      // A page never reaches past the window: 50 + 10, then the refusal.
      const first = await client.call('POST', `${BASE}/search`, {
        shopCipher: US,
        query: { page_size: 50 },
        body: {},
      });
      const second = await client.call('POST', `${BASE}/search`, {
        shopCipher: US,
        query: { page_size: 50, page_token: first.json.data.next_page_token },
        body: {},
      });
      expect(second.json.data.sample_applications).toHaveLength(10);
      expect(second.json.data.next_page_token).not.toBe('');
    } finally {
      sim.control.setSampleWindow(1000);
    }
  });
});

describe('review', () => {
  it('APPROVE moves PENDING to AWAITING_SHIPMENT and creates a sample order', async () => {
    const target = (await searchAll({ status: 'PENDING' })).find((s) => s.is_approvable)!;
    const res = await review(target.id, { review_result: 'APPROVE' });
    expect(res.json.code).toBe(0);
    const after = (await searchAll()).find((s) => s.id === target.id)!;
    expect(after.status).toBe('AWAITING_SHIPMENT');
    expect(after.order_id).toMatch(/^\d{18}$/);
    expect(after.available_quantity).toBe(target.available_quantity - 1);
    expect(after.is_approvable).toBe(false);
    // Approving again is refused: it is no longer PENDING.
    expect((await review(target.id, { review_result: 'APPROVE' })).json.code).toBe(98001004);
  });

  it('REJECT needs a reject_reason and moves to REJECT_CANCELLED', async () => {
    const target = (await searchAll({ status: 'PENDING' }))[0]!;
    const missing = await review(target.id, { review_result: 'REJECT' });
    expect(missing.json.code).toBe(98001004);
    expect(missing.json.message).toMatch(/reject_reason/);
    expect((await review(target.id, { review_result: 'REJECT', reject_reason: 'BAD' })).json.code).toBe(
      98001004,
    );
    expect((await review(target.id, { review_result: 'REJECT', reject_reason: 'NOT_MATCH' })).json.code).toBe(
      0,
    );
    const after = (await searchAll()).find((s) => s.id === target.id)!;
    expect(after.status).toBe('REJECT_CANCELLED');
  });

  it('refuses to approve when is_approvable is false', async () => {
    const blocked = (await searchAll({ status: 'PENDING' })).find((s) => !s.is_approvable)!;
    expect(blocked.disapprovable_reasons.length).toBeGreaterThan(0);
    const res = await review(blocked.id, { review_result: 'APPROVE' });
    expect(res.json.code).toBe(98001004);
    expect(res.json.message).toMatch(/not approvable/);
    expect((await searchAll()).find((s) => s.id === blocked.id)!.status).toBe('PENDING');
  });

  it('refuses an unknown application and an unknown review_result', async () => {
    expect((await review('7399999999999999999', { review_result: 'APPROVE' })).json.code).toBe(98001004);
    const pending = (await searchAll({ status: 'PENDING' }))[0]!;
    expect((await review(pending.id, { review_result: 'MAYBE' })).json.code).toBe(98001004);
  });
});

describe('fulfilments', () => {
  it('returns content with counts that grow with age, filtered by format', async () => {
    const shipped = (await searchAll({ status: 'SHIPPED' }))[0]!;
    const empty = await client.call('POST', `${BASE}/${shipped.id}/fulfillments/search`, {
      shopCipher: US,
      body: {},
    });
    expect(empty.json.data.fulfillments).toEqual([]);
    sim.control.addSampleContent(US, shipped.id, 'VIDEO');
    sim.control.addSampleContent(US, shipped.id, 'LIVE');
    const read = async (body: Record<string, unknown> = {}) =>
      (await client.call('POST', `${BASE}/${shipped.id}/fulfillments/search`, { shopCipher: US, body })).json
        .data.fulfillments as Sample[];
    const now = await read();
    expect(now).toHaveLength(2);
    expect(now[0]!.content.view_count).toBe(0);
    expect(now.find((f) => f.content.format === 'LIVE')!.content.live_end_time).toBeGreaterThan(0);
    expect('live_end_time' in now.find((f) => f.content.format === 'VIDEO')!.content).toBe(false);
    sim.control.advanceTime(5 * DAY);
    client.setToken(sim.control.issueTokens().access_token);
    const later = await read({ content_format: 'VIDEO' });
    expect(later).toHaveLength(1);
    const c = later[0]!.content;
    expect(c.view_count).toBeGreaterThan(0);
    for (const k of ['like_count', 'comment_count', 'paid_order_count']) expect(typeof c[k]).toBe('number');
    expect(later[0]!.product.id).toBe(shipped.product.id);
    expect((await searchAll()).find((s) => s.id === shipped.id)!.status).toBe('COMPLETED');
  });

  it('gives completed applications content from the start', async () => {
    const done = (await searchAll({ status: 'COMPLETED' }))[0]!;
    const res = await client.call('POST', `${BASE}/${done.id}/fulfillments/search`, {
      shopCipher: US,
      body: {},
    });
    expect(res.json.data.fulfillments.length).toBeGreaterThan(0);
  });
});
