/**
 * "Invite in TikTok Shop" in a real browser against the TikTok Shop simulator (started here; the
 * server's TTS_* bases point at it): a seller connects the shop, its sample applications sync (they
 * carry the creators' TikTok user ids), two of those creators sit in a plan; in the plan's table
 * they are selected, the dialog states its limits, is filled by keyboard and sent; TikTok's answer
 * shows per call; after a reload the creators are "Invited" and the collaboration exists in the
 * simulator with the rate in hundredths; axe finds nothing serious in either language at 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HANDLE_PATTERN } from '../../contract/constants.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2etargetappkey';
const APP_SECRET = 'E2E-Target-Secret-0123456789';
const SERVICE_ID = '7300000000000000002';
const US_SHOP = '7495540735365777507';
const PHONE = { width: 390, height: 844 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'page', {
  // The samples sync runs within a second of the connection, not the default half minute.
  SHOP_SYNC_TICK_SECONDS: '1',
});
const suite = browserSuite(tts.env);

let seller: ApiSession;
let page: Page;
let errors: string[];
let planId = 0;
let handles: string[] = [];
let productId = '';

const dataRows = (p: Page) => p.locator('.cd-grid__body [role="row"]');
const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
  callApi<T>(suite.server.url, seller.token, method, path, body);

async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('Invite in TikTok Shop', () => {
  it('connects the shop and puts two creators with synced sample applications in a plan', async () => {
    seller = await registerEmail(suite.server.url, `target${Date.now()}@example.com`, 'Secret#2026');
    await api('POST', '/shop/credentials.save', {
      app_key: APP_KEY,
      app_secret: APP_SECRET,
      service_id: SERVICE_ID,
    });
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await useSession(ctx, suite.server.url, seller);
    page = await ctx.newPage();
    await page.setViewportSize(PHONE);
    errors = trackErrors(page);
    await page.goto('/settings/shop');
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL(/\/open\/authorize\?/);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/settings/shop');
    await expect.poll(() => page.getByTestId('shop-card').count()).toBe(2);

    // The samples sync stores each application's creator with their TikTok user id.
    type Status = { shops: { shop_id: string; kinds: { kind: string; last_success_at: number }[] }[] };
    await expect
      .poll(
        async () => {
          const res = await fetch(`${suite.server.url}/api/v0.1/shop/status?language=en-us`, {
            headers: { token: seller.token },
          });
          const s = ((await res.json()) as { data: Status }).data;
          const us = s.shops.find((x) => x.shop_id === US_SHOP);
          return us?.kinds.find((k) => k.kind === 'samples')?.last_success_at ?? 0;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);

    // Two creators and a product that no live collaboration of the shop holds yet (no conflict).
    const shop = tts.sim().control.shop(US_SHOP);
    const taken = new Set(shop.targetCollaborations.flatMap((t) => t.creatorUserIds));
    const takenProducts = new Set(shop.targetCollaborations.flatMap((t) => t.productIds));
    const apps = tts.sim().control.sampleApplications(US_SHOP);
    handles = [
      ...new Set(
        apps
          .filter((a) => HANDLE_PATTERN.test(a.creator.username) && !taken.has(a.creator.user_id))
          .map((a) => a.creator.username),
      ),
    ].slice(0, 2);
    expect(handles).toHaveLength(2);
    productId = shop.products.find((p) => !takenProducts.has(p.id))!.id;
    await api('POST', '/product/add', {
      country: 'US',
      productId,
      productTitle: 'Vitamin serum',
      productImage: 'https://example.com/p.png',
    });
    const products = await api<{ list: { id: number; product_id: string }[] }>('POST', '/product/lists', {
      country: 'US',
    });
    const product = products.list.find((p) => String(p.product_id) === productId)!;
    const creators = await api<{ list: { id: number; unique_id: string }[] }>('POST', '/blogger/lists', {
      country: 'US',
      limit: 1000,
    });
    const ids = handles.map((h) => creators.list.find((c) => c.unique_id === h)!.id);
    const plan = await api<{ id: number }>('POST', '/plan/add', {
      name: 'Serum launch',
      country: 'US',
      product_ids: [product.id],
      commission_rate: 12,
    });
    planId = plan.id;
    await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: ids });
  }, 120_000);

  it('selects the creators, fills the dialog by keyboard, and shows what TikTok answered', async () => {
    await page.goto(`/plans/${planId}?view=table`);
    await expect.poll(() => dataRows(page).count(), { timeout: 30_000 }).toBe(2);
    for (const h of handles) await dataRows(page).filter({ hasText: h }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Invite in TikTok Shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite in TikTok Shop' });
    await dialog.waitFor();
    // The limits come before anything is sent.
    expect(await dialog.textContent()).toContain('creators up to 100 and products up to 10');
    expect(await dialog.getByTestId('shop-target-selected').textContent()).toBe(
      'Creators selected: 2 · TikTok calls: 1',
    );
    await fitsWidth(page);
    expect(await seriousAxeViolations(page), 'dialog, en-us').toEqual([]);

    // A bad rate and no email are named before the server is asked.
    await dialog.getByLabel('Name (creators see it)').fill('Serum launch week');
    await dialog.getByLabel('Commission for Vitamin serum (%)').fill('95');
    await dialog.getByRole('button', { name: 'Create in TikTok Shop' }).click();
    await dialog.getByText('Enter a commission from 1% to 80% with at most two decimals.').waitFor();
    await dialog.getByText('Enter a valid email address.').waitFor();
    expect(
      tts
        .sim()
        .control.calls()
        .filter((c) => c.endpoint === 'target.create'),
    ).toHaveLength(0);

    await dialog.getByLabel('Commission for Vitamin serum (%)').fill('15.5');
    await dialog.getByLabel('Seller contact email').fill('team@example.com');
    await dialog.getByLabel('Seller contact email').press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Create in TikTok Shop');
    await page.keyboard.press('Enter');
    const outcome = dialog.getByTestId('shop-target-outcome');
    await outcome.waitFor();
    await expect
      .poll(() => outcome.textContent())
      .toMatch(/Call 1: created \(collaboration \d+\); creators invited: 2\./);
    expect(await seriousAxeViolations(page), 'outcome, en-us').toEqual([]);

    const made = tts
      .sim()
      .control.shop(US_SHOP)
      .targetCollaborations.filter((t) => t.productIds.includes(productId));
    expect(made).toHaveLength(1);
    const sent = tts
      .sim()
      .control.calls()
      .filter((c) => c.endpoint === 'target.create');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.code).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('shows the creators invited after a reload', async () => {
    await page.reload();
    await expect
      .poll(() => dataRows(page).filter({ hasText: 'Invited' }).count(), { timeout: 30_000 })
      .toBe(2);
    await page.setViewportSize({ width: 1440, height: 900 });
    await fitsWidth(page);
    expect(errors).toEqual([]);
  });

  it('opens the dialog in Chinese, clean for axe at 390 px', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, seller);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    await zh.goto(`/plans/${planId}?view=table`);
    await expect.poll(() => dataRows(zh).count(), { timeout: 30_000 }).toBe(2);
    await dataRows(zh).first().getByRole('checkbox').check();
    await zh.getByRole('button', { name: '在 TikTok Shop 邀约' }).click();
    const dialog = zh.getByRole('dialog', { name: '在 TikTok Shop 邀约' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('shop-target-selected').textContent())
      .toBe('已选达人：1 · TikTok 调用次数：1');
    await fitsWidth(zh);
    expect(await seriousAxeViolations(zh), 'dialog, zh-cn').toEqual([]);
    await ctx.close();
  });
});
