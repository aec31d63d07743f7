/**
 * Sample requests recorded in plans, in a real browser, in a workspace without a shop: four creators
 * at "sample requested" in a pet plan are listed under "Recorded in plans" best fit first with the
 * rules' verdicts; the seller approves the best three in one action and the server moves them to
 * "sample approved"; the fourth, which fails the 30-day GMV rule, is refused naming the rule and stays
 * as it was. After a reload the three are gone (also on the server) and the refusal is still
 * explained. A rejection sent without a connection keeps its dialog, the reason typed and the
 * message inside it; sent again online, it moves the creator to "declined". axe finds nothing
 * serious in en-us and zh-cn, at 390 px and 1440 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators, serverAgrees } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const stamp = Date.now() % 100_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PRODUCT = `17290000${stamp}`;
/** Best fit first: big pet creators, then a small one of another category (30-day GMV 50). */
const CREATORS = [90_000, 30_000, 3_000, 50].map((gmv, i) => ({
  unique_id: `lsr_${i}_${stamp}`,
  daren_name: `Requester ${i + 1}`,
  gmv_t30: gmv,
  video_view_t30: gmv * 100,
  follower_count: gmv * 10,
  video_publish_t30: 20,
  video_engagement_t30: 5,
  categorys: i === 3 ? 'Home Supplies' : 'Pet Supplies',
}));

let admin: ApiSession;
let planId = 0;
let ids: string[] = [];
const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `local${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', CREATORS);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Pet bowl',
    productCategory: 'Pet Supplies',
    productImage: 'https://example.com/bowl.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  const idOf = new Map(pull.changes.creators.map((c) => [String(c.unique_id), Number(c.id)]));
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Pet samples',
      country: 'US',
      product_ids: [product.id],
      sample_cost: 10,
      shipping_cost: 5,
    })
  ).id;
  const creatorIds = CREATORS.map((c) => idOf.get(c.unique_id)!);
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: creatorIds });
  await api('PUT', '/plan/creator.stage', {
    plan_id: planId,
    creator_ids: creatorIds,
    stage: 'sample_requested',
  });
  await api('POST', '/shop/sample-rules.set', { min_gmv30: 1000 });
  ids = creatorIds.map((c) => `${planId}:${c}`);
});

let page: Page;
let errors: string[];
const row = (id: string) => page.locator(`[data-request="${id}"]`);
const outcome = (id: string) => row(id).getByTestId('local-sample-outcome');
const shownOrder = () =>
  page
    .locator('[data-testid="local-sample-row"]')
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-request')));
async function tick(id: string): Promise<void> {
  await row(id).locator('.cd-check').click();
  await expect.poll(() => row(id).getByRole('checkbox').isChecked()).toBe(true);
}
async function noSeriousAxe(p: Page): Promise<void> {
  expect(await seriousAxeViolations(p)).toEqual([]);
}
async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
const stagesOnServer = async () => {
  const res = await fetch(`${suite.server.url}/api/v0.1/plan/samples.pending?language=en-us`, {
    headers: { token: admin.token },
  });
  return ((await res.json()) as { data: { items: { id: string }[] } }).data.items.map((i) => i.id);
};

describe('Sample requests recorded in plans, without a shop', () => {
  it('lists the requests best fit first with the rules’ verdicts', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await useSession(ctx, suite.server.url, admin);
    page = await ctx.newPage();
    await page.setViewportSize(PHONE);
    errors = trackErrors(page);
    await page.goto('/plans/sample-requests');
    await row(ids[3]!).waitFor();
    await expect.poll(shownOrder).toEqual(ids);
    const fits = await page
      .getByTestId('local-sample-fit')
      .evaluateAll((cells) => cells.map((c) => Number.parseFloat(c.textContent ?? '')));
    expect(fits.every((f) => Number.isFinite(f))).toBe(true);
    expect(fits).toEqual([...fits].sort((a, b) => b - a));
    await expect
      .poll(() => row(ids[3]!).getByTestId('local-sample-verdicts').textContent())
      .toBe('✗ Minimum 30-day GMV: fails (50; rule 1,000)');
    await fitsWidth(page);
    await noSeriousAxe(page);
  });

  it('approves the best three in one action; the fourth is refused naming the rule', async () => {
    for (const id of ids.slice(0, 3)) await tick(id);
    await page.getByRole('button', { name: 'Approve (3)' }).click();
    for (const id of ids.slice(0, 3))
      await expect.poll(() => outcome(id).textContent()).toBe('Approved: now at “sample approved”');
    await expect
      .poll(() => page.getByTestId('local-samples-summary').textContent())
      .toBe('3 done, 0 not done.');
    await tick(ids[3]!);
    await page.getByRole('button', { name: 'Approve (1)' }).click();
    await expect
      .poll(() => outcome(ids[3]!).textContent())
      .toMatch(
        /^Not done: Refused by a rule: the creator’s 30-day GMV is 50, below the minimum of 1000 \(rule_min_gmv30\)$/,
      );
    // Nothing claimed that the server did not accept: the refused row stays, still selected.
    expect(await row(ids[3]!).getByRole('checkbox').isChecked()).toBe(true);
    expect(await serverAgrees(stagesOnServer, (s) => s.length === 1)).toEqual([ids[3]]);
    await noSeriousAxe(page);
  });

  it('after a reload the three are gone and the refusal is still explained', async () => {
    await page.reload();
    await row(ids[3]!).waitFor();
    await expect.poll(shownOrder).toEqual([ids[3]]);
    await expect.poll(() => outcome(ids[3]!).textContent()).toMatch(/^Not done: Refused by a rule/);
    await page.setViewportSize(DESKTOP);
    await fitsWidth(page);
    await noSeriousAxe(page);
    expect(errors).toEqual([]);
  });

  it('reads in Chinese, axe clean at 390 px', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, admin);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    await zh.goto('/plans/sample-requests');
    await zh.locator(`[data-request="${ids[3]}"]`).waitFor();
    await expect.poll(() => zh.getByRole('heading', { name: '计划中记录的申请' }).count()).toBe(1);
    await fitsWidth(zh);
    expect(await seriousAxeViolations(zh)).toEqual([]);
    await ctx.close();
  });

  it('keeps the reject dialog, its reason and the refusal while offline; rejects once online', async () => {
    await tick(ids[3]!);
    await page.getByRole('button', { name: 'Reject (1)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Not our audience');
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('This needs a connection to the server; nothing was sent. Try again when online.');
    expect(await dialog.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('Not our audience');
    expect(await serverAgrees(stagesOnServer, (s) => s.length === 1)).toEqual([ids[3]]);
    await noSeriousAxe(page);
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => outcome(ids[3]!).textContent()).toBe('Rejected: now at “declined”');
    expect(await serverAgrees(stagesOnServer, (s) => s.length === 0)).toEqual([]);
  });
});
