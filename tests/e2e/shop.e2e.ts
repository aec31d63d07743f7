/**
 * Settings → TikTok Shop in a real browser against the TikTok Shop simulator (started here, in this
 * process; the server's TTS_* bases point at it): an admin (a new account's own workspace) sees a
 * refused save explained, saves the Partner Center app (the secret never comes back), copies the
 * callback address, authorizes on the simulator's consent page and comes back to the shops listed
 * with region → country; "Sync now" shows a newer sync time; the seller revokes the app in the
 * simulator and the stopped-shop banner appears on another screen, with what to do next, and stays
 * after a reload; axe finds nothing serious in either language at 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2eshopappkey';
const APP_SECRET = 'E2E-Shop-Secret-0123456789';
const SERVICE_ID = '7300000000000000001';
const PHONE = { width: 390, height: 844 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'page');
const suite = browserSuite(tts.env);

let admin: ApiSession;
let page: Page;
let errors: string[];

async function noSeriousAxe(p: Page): Promise<void> {
  expect(await seriousAxeViolations(p)).toEqual([]);
}

/** The page scrolls only vertically at this width: nothing wider than the window. */
async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const lastSuccess = (p: Page) =>
  p.getByTestId('shop-card').first().getByTestId('shop-kind-tokens').getByTestId('shop-kind-last-success');

describe('TikTok Shop settings', () => {
  it('saves the app credentials after explaining a refused save, and never shows the secret back', async () => {
    admin = await registerEmail(suite.server.url, `shop${Date.now()}@example.com`, 'Secret#2026');
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await useSession(ctx, suite.server.url, admin);
    page = await ctx.newPage();
    await page.setViewportSize(PHONE);
    errors = trackErrors(page);

    // Reachable from the user menu.
    await page.goto('/home');
    await page.locator('.account-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'TikTok Shop connection' }).click();
    await page.waitForURL('**/settings/shop');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('TikTok Shop connection');
    await page.getByText('No app credentials yet.').waitFor();

    // The server refuses an App Key with a space: its code and msg are shown, the typed values stay.
    await page.getByLabel('App Key').fill('bad key');
    await page.getByLabel('App Secret').fill(APP_SECRET);
    await page.getByLabel('Service ID').fill(SERVICE_ID);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not changed:' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/App Key.*\(code \d+\)/);
    expect(await page.getByLabel('App Secret').inputValue()).toBe(APP_SECRET);
    await page.getByText('No app credentials yet.').waitFor();

    // By keyboard this time: Enter in a field submits the form.
    await page.getByLabel('App Key').fill(APP_KEY);
    await page.getByLabel('Service ID').press('Enter');
    const saved = page.getByTestId('shop-credentials');
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain(`ending in ${APP_KEY.slice(-4)}`);
    expect(await saved.textContent()).toContain('Saved (never shown again)');
    expect(await saved.textContent()).toContain(SERVICE_ID);
    expect(await page.content()).not.toContain(APP_SECRET);
    await expect.poll(() => refused.count()).toBe(0);

    // This install's callback address, copied as shown.
    const callback = `${suite.server.url}/api/v0.1/shop/callback`;
    expect(await page.getByTestId('shop-callback-url').inputValue()).toBe(callback);
    await page.getByRole('button', { name: 'Copy address' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(callback);
    await noSeriousAxe(page);
  });

  it("authorizes on the simulator's consent page and lists the shops with region → country", async () => {
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    // TikTok's (the simulator's) page, then back through the server's callback.
    await page.waitForURL(/\/open\/authorize\?/);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/settings/shop');
    await expect
      .poll(() => page.getByTestId('shop-consent-note').textContent())
      .toBe('Authorization finished. Shops in this authorization: 2.');
    const cards = page.getByTestId('shop-card');
    await expect.poll(() => cards.count()).toBe(2);
    const regions = await page.getByTestId('shop-region').allTextContents();
    expect(regions.sort()).toEqual(['Region GB → United Kingdom', 'Region US → United States']);
    // The address is cleaned: a reload does not announce the consent again.
    expect(new URL(page.url()).search).toBe('');
    await fitsWidth(page);
    await noSeriousAxe(page);
  });

  it('"Sync now" shows a newer successful sync', async () => {
    // The first sync runs right after the consent; wait for its time.
    await expect.poll(() => lastSuccess(page).textContent(), { timeout: 30_000 }).not.toBe('Never');
    const before = (await lastSuccess(page).textContent()) ?? '';
    // Times show to the second: let one pass so a new sync cannot read the same.
    await page.waitForFunction((t) => Date.now() >= t, Date.now() + 1100);
    await page.getByTestId('shop-card').first().getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => lastSuccess(page).textContent(), { timeout: 30_000 }).not.toBe(before);
    expect(((await lastSuccess(page).textContent()) ?? '') > before).toBe(true);
  });

  it('a revocation in the simulator shows the banner on another screen, after a reload too', async () => {
    const deliveries = await tts.sim().control.revokeAuthorization();
    expect(deliveries.length).toBeGreaterThan(0);
    await page.goto('/team');
    const banner = page.getByTestId('shop-banner');
    await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toContain('TikTok Shop sync stopped');
    expect(await banner.textContent()).toContain('The seller revoked the authorization');
    await banner.getByRole('link', { name: 'Open TikTok Shop settings' }).waitFor();
    await page.reload();
    await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toContain('TikTok Shop sync stopped');
    // The cold start pays nothing for it: one status call, begun after the first contentful paint.
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      calls: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/v0.1/shop/status'))
        .map((e) => e.startTime),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.calls).toHaveLength(1);
    expect(timing.calls[0]).toBeGreaterThanOrEqual(timing.fcp);
    await fitsWidth(page);
    await noSeriousAxe(page);

    // The link leads the admin to the screen, where the shops read as stopped.
    await banner.getByRole('link', { name: 'Open TikTok Shop settings' }).click();
    await page.waitForURL('**/settings/shop');
    await expect.poll(() => page.getByTestId('shop-card').filter({ hasText: 'Stopped' }).count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('disconnects a shop after a confirmation, by keyboard; its banner line goes with it', async () => {
    const card = page.getByTestId('shop-card').first();
    const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    expect(name).not.toBe('');
    await card.getByRole('button', { name: 'Disconnect' }).focus();
    await page.keyboard.press('Enter');
    const box = page.locator('.cd-modal').getByRole('alertdialog');
    await box.getByText(`Disconnect ${name}?`, { exact: false }).waitFor();
    await box.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('shop-card').count()).toBe(1);
    expect(await page.getByTestId('shop-card').first().textContent()).not.toContain(name);
    const banner = page.getByTestId('shop-banner');
    await expect.poll(() => banner.textContent()).not.toContain(name);
    expect(await banner.textContent()).toContain('TikTok Shop sync stopped');
  });

  it('reads in Chinese, banner included, and axe finds nothing serious', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, admin);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    await zh.goto('/settings/shop');
    await expect.poll(() => zh.getByRole('heading', { level: 1 }).textContent()).toBe('TikTok Shop 连接');
    await expect
      .poll(() => zh.getByTestId('shop-banner').textContent(), { timeout: 20_000 })
      .toContain('TikTok Shop 同步已停止');
    expect(await zh.getByTestId('shop-banner').textContent()).toContain('卖家已撤销授权');
    await zh.getByText('已连接的店铺').waitFor();
    await fitsWidth(zh);
    await noSeriousAxe(zh);
    // And wide.
    await zh.setViewportSize({ width: 1440, height: 900 });
    await fitsWidth(zh);
    await noSeriousAxe(zh);
    await ctx.close();
  });

  it('shows a team member the connection read-only: no credentials form, no Authorize', async () => {
    const stamp = Date.now();
    const owner = await registerEmail(suite.server.url, `shopadmin${stamp}@example.com`, 'Secret#2026');
    const team = await callApi<{ invite_code?: string }>(suite.server.url, owner.token, 'POST', '/team/add', {
      title: 'Shop team',
    });
    const member = await registerEmail(suite.server.url, `shopmember${stamp}@example.com`, 'Secret#2026');
    await callApi(suite.server.url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await useSession(ctx, suite.server.url, member);
    const p = await ctx.newPage();
    await p.setViewportSize(PHONE);
    await p.goto('/settings/shop');
    await p.getByText('Only the team admin can change the connection.', { exact: false }).waitFor();
    expect(await p.getByTestId('shop-callback-url').inputValue()).toContain('/api/v0.1/shop/callback');
    expect(await p.getByRole('button', { name: 'Save credentials' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Authorize', exact: true }).count()).toBe(0);
    await noSeriousAxe(p);
    await ctx.close();
  });
});
