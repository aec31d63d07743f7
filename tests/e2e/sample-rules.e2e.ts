/**
 * Sample approval rules in a real browser against the TikTok Shop simulator: a seller sets a daily
 * cap of three in the rules dialog (by keyboard, the rule stated before saving), sees each request's
 * verdict as icon and words, approves four requests in one action and sees three go through and the
 * fourth refused naming the cap; after a reload the rules and the cap's verdicts are still there. Once a
 * plan carries the requested products, the requests are listed by the server's fit score, best first,
 * the score on each row.
 * axe finds nothing serious in either language, at 390 px and 1440 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2erulesappkey';
const APP_SECRET = 'E2E-Rules-Secret-0123456789';
const SERVICE_ID = '7300000000000000003';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'approve');
const suite = browserSuite(tts.env);

interface Pending {
  items: { application_id: string; is_approvable: number; product_id: string; fit: number | null }[];
}
const pendingOf = async (token: string): Promise<Pending> => {
  const res = await fetch(`${suite.server.url}/api/v0.1/shop/samples.pending?language=en-us`, {
    headers: { token },
  });
  return ((await res.json()) as { data: Pending }).data;
};
const simStatus = (id: string) =>
  tts
    .sim()
    .control.sellers()
    .flatMap((s) => s.shopIds)
    .flatMap((shop) => tts.sim().control.sampleApplications(shop))
    .find((a) => a.id === id)?.status;

async function noSeriousAxe(p: Page): Promise<void> {
  expect(await seriousAxeViolations(p)).toEqual([]);
}
async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

let admin: ApiSession;
let page: Page;
let errors: string[];
let ids: string[] = [];
const row = (id: string) => page.locator(`[data-application="${id}"]`);
const outcome = (id: string) => row(id).getByTestId('sample-request-outcome');
const verdicts = (id: string) => row(id).getByTestId('sample-request-verdicts');
async function tick(p: Page, id: string): Promise<void> {
  const r = p.locator(`[data-application="${id}"]`);
  await r.locator('.cd-check').click();
  await expect.poll(() => r.getByRole('checkbox').isChecked()).toBe(true);
}

describe('Sample approval rules', () => {
  it('sets a daily cap of three in the rules dialog, stated before it is saved', async () => {
    admin = await registerEmail(suite.server.url, `rules${Date.now()}@example.com`, 'Secret#2026');
    await callApi(suite.server.url, admin.token, 'POST', '/shop/credentials.save', {
      app_key: APP_KEY,
      app_secret: APP_SECRET,
      service_id: SERVICE_ID,
    });
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await useSession(ctx, suite.server.url, admin);
    page = await ctx.newPage();
    await page.setViewportSize(PHONE);
    errors = trackErrors(page);
    await page.goto('/settings/shop');
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await expect.poll(() => page.getByTestId('shop-card').count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(async () => (await pendingOf(admin.token)).items.filter((i) => i.is_approvable).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(4);
    ids = (await pendingOf(admin.token)).items
      .filter((i) => i.is_approvable)
      .slice(0, 4)
      .map((i) => i.application_id);

    await page.goto('/plans/sample-requests');
    await row(ids[0]!).waitFor();
    await expect
      .poll(() => page.getByTestId('sample-rules-current').textContent())
      .toBe('No approval rules are set.');
    await page.getByRole('button', { name: 'Approval rules' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Approvals per day, at most').focus();
    await page.keyboard.type('3');
    await expect
      .poll(() => dialog.getByTestId('sample-rules-preview').textContent())
      .toBe("At most 3 approvals a day (the shop's day)");
    await noSeriousAxe(page);
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await expect
      .poll(() => page.getByTestId('sample-rules-current').textContent())
      .toBe("Approval rules: At most 3 approvals a day (the shop's day)");
    await expect
      .poll(() => verdicts(ids[0]!).textContent())
      .toBe('✓ Approvals per day, at most: passes (0; rule 3)');
    await fitsWidth(page);
    await noSeriousAxe(page);
  });

  it('approves four in one action: three go through, the fourth is refused naming the cap', async () => {
    for (const id of ids) await tick(page, id);
    await page.getByRole('button', { name: 'Approve (4)' }).click();
    for (const id of ids.slice(0, 3))
      await expect.poll(() => outcome(id).textContent(), { timeout: 30_000 }).toBe('Approved in TikTok Shop');
    await expect
      .poll(() => outcome(ids[3]!).textContent())
      .toBe(
        'Not done: Refused by a rule: the daily cap is 3 and it is reached (approved today: 3) (rule_cap_day)',
      );
    expect(ids.map(simStatus)).toEqual([
      'AWAITING_SHIPMENT',
      'AWAITING_SHIPMENT',
      'AWAITING_SHIPMENT',
      'PENDING',
    ]);
    await noSeriousAxe(page);
  });

  it('after a reload the rules and the cap’s verdicts are still there', async () => {
    await page.reload();
    await row(ids[3]!).waitFor();
    for (const id of ids.slice(0, 3)) expect(await row(id).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('sample-rules-current').textContent())
      .toBe("Approval rules: At most 3 approvals a day (the shop's day)");
    await expect
      .poll(() => verdicts(ids[3]!).textContent())
      .toBe('✗ Approvals per day, at most: fails (3; rule 3)');
    await expect.poll(() => outcome(ids[3]!).textContent()).toMatch(/^Not done: Refused by a rule/);
    await page.setViewportSize(DESKTOP);
    await fitsWidth(page);
    await noSeriousAxe(page);
    expect(errors).toEqual([]);
  });

  it('lists the requests by fit once a plan carries their products, best first, the score on each row', async () => {
    const products = [...new Set((await pendingOf(admin.token)).items.map((i) => i.product_id))].slice(0, 10);
    for (const productId of products)
      await callApi(suite.server.url, admin.token, 'POST', '/product/add', {
        country: 'US',
        productId,
        productTitle: `Bowl ${productId.slice(-4)}`,
        productCategory: 'Pet Supplies',
        productImage: 'https://example.com/p.png',
      });
    const pull = decodePull(
      await callApi<PullWire>(suite.server.url, admin.token, 'POST', '/sync/pull', { cursor: '' }),
    );
    const rowIds = pull.changes.products.filter((p) => products.includes(p.product_id)).map((p) => p.id);
    await callApi(suite.server.url, admin.token, 'POST', '/plan/add', {
      name: 'Pets',
      country: 'US',
      product_ids: rowIds,
    });
    const server = await pendingOf(admin.token);
    const known = server.items.filter((i) => i.fit !== null);
    expect(known.length).toBeGreaterThan(0);
    await page.reload();
    const first = server.items[0]!.application_id;
    await expect
      .poll(() => row(first).getByTestId('sample-request-fit').textContent())
      .toBe(`${server.items[0]!.fit} of 100`);
    const onScreen = await page
      .getByTestId('sample-request-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-application')));
    expect(onScreen).toEqual(server.items.map((i) => i.application_id));
    const fits = server.items.map((i) => i.fit);
    expect(fits.slice(0, known.length)).toEqual(known.map((i) => i.fit));
    expect(known.map((i) => i.fit)).toEqual(known.map((i) => i.fit!).sort((a, b) => b - a));
    await noSeriousAxe(page);
    await fitsWidth(page);
  });

  it('reads in Chinese, axe clean', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, admin);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    await zh.goto('/plans/sample-requests');
    await zh.locator(`[data-application="${ids[3]}"]`).waitFor();
    await expect
      .poll(() => zh.getByTestId('sample-rules-current').textContent())
      .toBe('审批规则：每天（店铺时区）最多通过3个');
    await expect
      .poll(() =>
        zh.locator(`[data-application="${ids[3]}"]`).getByTestId('sample-request-verdicts').textContent(),
      )
      .toBe('✗ 每日最多通过数：不符合（3；规则 3）');
    await zh.getByRole('button', { name: '审批规则' }).click();
    await zh.getByRole('dialog').getByText('样品审批规则').waitFor();
    await noSeriousAxe(zh);
    await fitsWidth(zh);
    await ctx.close();
  });
});
