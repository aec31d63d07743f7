/**
 * The reasons under similar creators and plan fits say something about each creator, in a workspace
 * like the demo data where most creators sold nothing in the last 30 days: a seed without sales gets
 * no "GPM $0.00, like the seed ($0.00)" under every result, and a plan's fits never read "0× your
 * typical creator". Both locales, axe clean.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { synced } from '../helpers/tag-page.ts';

const stamp = Date.now() % 100000;
const h = (name: string) => `${name}_${stamp}`;
let me: ApiSession;
let en: Page;
let zh: Page;
const errors: string[][] = [];
let seedId = 0;
let planId = 0;

/** A zero said in words: a value of 0 or a ratio of 0, in either locale. */
const ZERO_EN = /\$0\.00|like the seed|(?<![\d.,])0(?:\.0+)?×/;
const ZERO_ZH = /US\$0\.00|与种子相近|(?<![\d.,])0(?:\.0+)? 倍/;

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  me = await registerEmail(url, `reasons${stamp}@example.com`, 'Secret#2026');
  // 31 of 51 creators (61 %) sold nothing in 30 days, the seed among them.
  const quiet = (name: string, i: number) => ({
    unique_id: h(name),
    daren_name: name === 'quiet_seed' ? 'Quiet seed' : `Quiet ${i}`,
    categorys: 'Home Supplies',
    follower_count: 20_000 + i * 2_311,
    video_view_t30: 60_000 + i * 9_173,
    gmv_t30: 0,
    units_sold_t30: 0,
    video_publish_t30: 4 + (i % 17),
    video_engagement_t30: 2 + (i % 9) * 0.7,
  });
  const creators = [
    { ...quiet('quiet_seed', 8), follower_count: 40_000, video_view_t30: 150_000, video_publish_t30: 12 },
    ...Array.from({ length: 30 }, (_, i) => quiet(`quiet${i}`, i)),
    ...Array.from({ length: 20 }, (_, i) => ({
      unique_id: h(`seller${i}`),
      daren_name: `Seller ${i}`,
      categorys: 'Pet Supplies',
      follower_count: 30_000 + i * 4_000,
      video_view_t30: 100_000 + i * 20_000,
      gmv_t30: 500 + i * 150,
      units_sold_t30: 20 + i,
      video_publish_t30: 10 + i,
      video_engagement_t30: 3 + i * 0.2,
    })),
  ];
  await ingestCreators(url, me.token, 'US', creators);
  const product = await callApi<{ id: number }>(url, me.token, 'POST', '/product/add', {
    country: 'US',
    productId: '1729000000000000002',
    productTitle: 'Dog lead',
    productCategory: 'Pet Supplies',
    productImage: 'https://example.com/lead.png',
  });
  const plan = await callApi<{ id: number }>(url, me.token, 'POST', '/plan/add', {
    name: 'Pet push',
    country: 'US',
    product_ids: [product.id],
  });
  planId = plan.id;
  const pull = decodePull(await callApi<PullWire>(url, me.token, 'POST', '/sync/pull', { cursor: '' }));
  seedId = pull.changes.creators.find((c) => c.unique_id === h('quiet_seed'))!.id;

  for (const locale of ['en-US', 'zh-CN'] as const) {
    const ctx = await newContext(suite.browser, url, locale);
    await useSession(ctx, url, me);
    const page = await ctx.newPage();
    errors.push(trackErrors(page));
    if (locale === 'en-US') en = page;
    else zh = page;
  }
});

const items = (p: Page) => p.getByTestId('similar-item');
/** Each listed creator's reasons, in order. */
const reasonsOf = (p: Page) =>
  items(p).evaluateAll((els) =>
    els.map((el) => [...el.querySelectorAll('.similar__reasons li')].map((li) => li.textContent ?? '')),
  );

async function similarOfSeed(p: Page, button: string): Promise<string[][]> {
  if (p === en) {
    await p.goto('/home');
    await synced(p);
  }
  // In Chinese the first sync fills the mirror on the creator page itself: its button waits for it.
  await p.goto(`/creator/${seedId}`);
  await p.getByRole('button', { name: button }).click({ timeout: 30_000 });
  await expect.poll(() => items(p).count()).toBe(50);
  return reasonsOf(p);
}

describe('reasons that tell creators apart', () => {
  it('similar creators of a seed without sales: no zeros, and the 50 results read differently (en-us)', async () => {
    const lists = await similarOfSeed(en, 'Show similar creators');
    for (const reasons of lists) {
      expect(reasons.length).toBeGreaterThan(0);
      for (const r of reasons) expect(r).not.toMatch(ZERO_EN);
    }
    expect(new Set(lists.map((l) => l.join(' · '))).size).toBeGreaterThanOrEqual(45);
    expect(await seriousAxeViolations(en), 'similar creators of a seed without sales, en-us').toEqual([]);
  });

  it('the same in Chinese', async () => {
    const lists = await similarOfSeed(zh, '查看相似达人');
    for (const reasons of lists) {
      expect(reasons.length).toBeGreaterThan(0);
      for (const r of reasons) expect(r).not.toMatch(ZERO_ZH);
    }
    expect(new Set(lists.map((l) => l.join(' · '))).size).toBeGreaterThanOrEqual(45);
    expect(await seriousAxeViolations(zh), 'similar creators of a seed without sales, zh-cn').toEqual([]);
  });

  it("a plan's best fits compare with the median above zero, never 0× (both locales)", async () => {
    for (const [p, button, perf, zero] of [
      [en, 'Best fit for this plan', /× the median of your creators above zero \(\$[\d,.]+\)$/, ZERO_EN],
      [zh, '最适合此计划的达人', /是您该项大于 0 的达人中位数（US\$[\d,.]+）的 [\d.]+ 倍$/, ZERO_ZH],
    ] as const) {
      await p.goto(`/plans/${planId}`);
      await p.getByRole('button', { name: button }).click({ timeout: 30_000 });
      await expect.poll(() => items(p).count()).toBeGreaterThan(20);
      const lists = await reasonsOf(p);
      for (const r of lists.flat()) expect(r).not.toMatch(zero);
      // The sellers' numbers are said against a typical value that is a real one.
      expect(lists.flat().filter((r) => perf.test(r)).length).toBeGreaterThan(0);
      expect(await seriousAxeViolations(p), `plan fit, ${button}`).toEqual([]);
    }
    expect(errors.flat()).toEqual([]);
  });
});
