/**
 * Sample requests in a real browser against the TikTok Shop simulator (started here; the server's
 * TTS_* bases point at it): a seller connects the shop, opens "Sample requests" from the plans
 * screen, approves one request and rejects another with a reason (by keyboard), sees TikTok's answer
 * on each row, and after a reload the approved and rejected ones are no longer pending while a
 * request TikTok refused stays with its reason. axe finds nothing serious in either language, at
 * 390 px and 1440 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2ereviewappkey';
const APP_SECRET = 'E2E-Review-Secret-0123456789';
const SERVICE_ID = '7300000000000000002';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'approve');
const suite = browserSuite(tts.env);

interface Pending {
  items: { application_id: string; is_approvable: number; creator: string; creator_nickname: string }[];
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
let approveId = '';
let rejectId = '';
let blockedId = '';
const row = (id: string) => page.locator(`[data-application="${id}"]`);
const outcome = (id: string) => row(id).getByTestId('sample-request-outcome');
/** Ticks a row's box by clicking its drawn box (the input under it is visually hidden). */
async function tick(p: Page, id: string): Promise<void> {
  const r = p.locator(`[data-application="${id}"]`);
  await r.locator('.cd-check').click();
  await expect.poll(() => r.getByRole('checkbox').isChecked()).toBe(true);
}

describe('Sample requests', () => {
  it('connects the shop and lists its pending requests, reached from the plans screen', async () => {
    admin = await registerEmail(suite.server.url, `review${Date.now()}@example.com`, 'Secret#2026');
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

    // The first sync brings the applications in.
    await expect
      .poll(async () => (await pendingOf(admin.token)).items.length, { timeout: 60_000 })
      .toBeGreaterThan(3);
    const { items } = await pendingOf(admin.token);
    const approvable = items.filter((i) => i.is_approvable);
    approveId = approvable[0]!.application_id;
    rejectId = approvable[1]!.application_id;
    blockedId = items.find((i) => !i.is_approvable)!.application_id;

    await page.goto('/plans');
    await page.getByRole('link', { name: 'Sample requests' }).click();
    await page.waitForURL('**/plans/sample-requests');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sample requests');
    await row(approveId).waitFor();
    expect(await row(blockedId).textContent()).toContain('No:');
    await fitsWidth(page);
    await noSeriousAxe(page);
  });

  it('approves one, rejects one with a reason by keyboard, and shows what TikTok answered', async () => {
    await tick(page, approveId);
    await tick(page, blockedId);
    await page.getByRole('button', { name: 'Approve (2)' }).click();
    await expect
      .poll(() => outcome(approveId).textContent(), { timeout: 20_000 })
      .toBe('Approved in TikTok Shop');
    await expect
      .poll(() => outcome(blockedId).textContent())
      .toMatch(/^Not done: .*not approvable.*\(\d+\)$/);
    expect(simStatus(approveId)).toBe('AWAITING_SHIPMENT');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'done' }).textContent())
      .toBe('1 done, 1 not done.');

    // Reject by keyboard: Space selects the row, the dialog asks for one of TikTok's reasons.
    await row(rejectId).getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => row(rejectId).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Reject (1)' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Reject sample requests: 1').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /Reason/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Out of stock' }).click();
    await confirm.click();
    await expect
      .poll(() => outcome(rejectId).textContent(), { timeout: 20_000 })
      .toBe('Rejected in TikTok Shop');
    expect(simStatus(rejectId)).toBe('REJECT_CANCELLED');
    await noSeriousAxe(page);
  });

  it('after a reload the reviewed requests are gone and the refused one keeps its reason', async () => {
    await page.reload();
    await row(blockedId).waitFor();
    expect(await row(approveId).count()).toBe(0);
    expect(await row(rejectId).count()).toBe(0);
    await expect.poll(() => outcome(blockedId).textContent()).toMatch(/^Not done: .*not approvable/);
    await page.setViewportSize(DESKTOP);
    await fitsWidth(page);
    await noSeriousAxe(page);
    expect(errors).toEqual([]);
  });

  it('reads in Chinese, axe clean', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, admin);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    await zh.goto('/plans/sample-requests');
    await expect.poll(() => zh.getByRole('heading', { level: 1 }).textContent()).toBe('样品申请');
    await zh.locator(`[data-application="${blockedId}"]`).waitFor();
    expect(await zh.getByRole('button', { name: /^通过/ }).count()).toBe(1);
    await tick(zh, blockedId);
    await zh.getByRole('button', { name: /^拒绝/ }).click();
    await zh.getByRole('dialog').getByText('拒绝样品申请：1 条').waitFor();
    await noSeriousAxe(zh);
    await zh.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await fitsWidth(zh);
    await noSeriousAxe(zh);
    await ctx.close();
  });
});
