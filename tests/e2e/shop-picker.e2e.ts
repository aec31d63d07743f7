/**
 * Choosing the shop for "Invite in TikTok Shop" when the plan's country has two connected shops
 * (docs/decisions/shop-connection.md, "Choosing a shop"), in a real browser against the TikTok Shop
 * simulator: two sellers' US shops are connected to one workspace; the dialog asks which shop and
 * sends nothing until the member picks one; the pick is made by keyboard, the collaboration is
 * created in that shop only, and the dialog opened again starts with the same shop. Both
 * languages, axe clean at 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HANDLE_PATTERN } from '../../contract/constants.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2epickerappkey';
const APP_SECRET = 'E2E-Picker-Secret-0123456789';
const SERVICE_ID = '7300000000000000002';
const US_SHOP = '7495540735365777507';
const ANOTHER_US_SHOP = '7495540735365001122';
const PHONE = { width: 390, height: 844 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'approve', {
  SHOP_SYNC_TICK_SECONDS: '1',
});
const suite = browserSuite(tts.env);

let seller: ApiSession;
let page: Page;
let errors: string[];
let planId = 0;
let handles: string[] = [];

const dataRows = (p: Page) => p.locator('.cd-grid__body [role="row"]');
const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
  callApi<T>(suite.server.url, seller.token, method, path, body);
const creates = () =>
  tts
    .sim()
    .control.calls()
    .filter((c) => c.endpoint === 'target.create');

async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openDialog(p: Page, name: string, count: number) {
  await p.goto(`/plans/${planId}?view=table`);
  await expect.poll(() => dataRows(p).count(), { timeout: 30_000 }).toBe(2);
  for (const row of (await dataRows(p).all()).slice(0, count)) await row.getByRole('checkbox').check();
  await p.getByRole('button', { name }).click();
  const dialog = p.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

describe('Choosing the shop to invite from', () => {
  it('connects two US shops of two sellers to one workspace and puts two creators in a plan', async () => {
    seller = await registerEmail(suite.server.url, `picker${Date.now()}@example.com`, 'Secret#2026');
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
    await expect.poll(() => page.getByTestId('shop-card').count(), { timeout: 30_000 }).toBe(2);
    // The second seller consents too: their US shop joins the workspace.
    const other = tts
      .sim()
      .control.sellers()
      .find((s) => s.shopIds.includes(ANOTHER_US_SHOP))!;
    tts.sim().control.setConsentSeller(other.openId);
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await expect.poll(() => page.getByTestId('shop-card').count(), { timeout: 30_000 }).toBe(3);

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

    const shop = tts.sim().control.shop(US_SHOP);
    const taken = new Set(shop.targetCollaborations.flatMap((t) => t.creatorUserIds));
    const takenProducts = new Set(shop.targetCollaborations.flatMap((t) => t.productIds));
    handles = [
      ...new Set(
        tts
          .sim()
          .control.sampleApplications(US_SHOP)
          .filter((a) => HANDLE_PATTERN.test(a.creator.username) && !taken.has(a.creator.user_id))
          .map((a) => a.creator.username),
      ),
    ].slice(0, 2);
    expect(handles).toHaveLength(2);
    const productId = shop.products.find((p) => !takenProducts.has(p.id))!.id;
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
    const plan = await api<{ id: number }>('POST', '/plan/add', {
      name: 'Serum launch',
      country: 'US',
      product_ids: [product.id],
      commission_rate: 12,
    });
    planId = plan.id;
    await api('POST', '/plan/creator.add', {
      plan_id: planId,
      creator_ids: handles.map((h) => creators.list.find((c) => c.unique_id === h)!.id),
    });
  }, 150_000);

  it('sends nothing until a shop is picked, then creates the collaboration in the picked shop only', async () => {
    const dialog = await openDialog(page, 'Invite in TikTok Shop', 2);
    const trigger = dialog.getByRole('button', { name: /Shop to invite from/ });
    expect(await trigger.textContent()).toContain('Choose a shop');
    await dialog.getByLabel('Seller contact email').fill('team@example.com');
    await dialog.getByRole('button', { name: 'Create in TikTok Shop' }).click();
    await dialog
      .getByText('This country has several connected shops: choose the one to invite from.', { exact: true })
      .waitFor();
    expect(creates()).toHaveLength(0);
    await fitsWidth(page);
    expect(await seriousAxeViolations(page), 'no shop picked, en-us').toEqual([]);

    // By keyboard: the select opens on Enter and lists both US shops by name and region.
    await trigger.focus();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual([
      'Glow Lab US (US)',
      'Another Shop (US)',
    ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Glow Lab US (US)');
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.textContent()).toContain('Glow Lab US (US)');
    expect(
      await dialog
        .getByText('This country has several connected shops: choose the one to invite from.', {
          exact: true,
        })
        .count(),
    ).toBe(0);

    const before = { mine: tts.sim().control.shop(US_SHOP).targetCollaborations.length };
    const others = tts.sim().control.shop(ANOTHER_US_SHOP).targetCollaborations.length;
    await dialog.getByRole('button', { name: 'Create in TikTok Shop' }).click();
    const outcome = dialog.getByTestId('shop-target-outcome');
    await outcome.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => outcome.textContent())
      .toMatch(/Call 1: created \(collaboration \d+\); creators invited: 2\./);
    expect(tts.sim().control.shop(US_SHOP).targetCollaborations).toHaveLength(before.mine + 1);
    expect(tts.sim().control.shop(ANOTHER_US_SHOP).targetCollaborations).toHaveLength(others);
    expect(creates()).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('starts with the shop picked last time on this device', async () => {
    await page.reload();
    const dialog = await openDialog(page, 'Invite in TikTok Shop', 1);
    await expect
      .poll(() => dialog.getByRole('button', { name: /Shop to invite from/ }).textContent())
      .toContain('Glow Lab US (US)');
    expect(await seriousAxeViolations(page), 'remembered shop, en-us').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  }, 60_000);

  it('asks in Chinese too, axe clean at 390 px', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, seller);
    const zh = await ctx.newPage();
    await zh.setViewportSize(PHONE);
    const dialog = await openDialog(zh, '在 TikTok Shop 邀约', 1);
    const trigger = dialog.getByRole('button', { name: /用于邀约的店铺/ });
    expect(await trigger.textContent()).toContain('选择店铺');
    await trigger.click();
    await expect
      .poll(() => zh.getByRole('listbox').getByRole('option').allTextContents())
      .toEqual(['Glow Lab US（US）', 'Another Shop（US）']);
    await zh.keyboard.press('Escape');
    await dialog.getByRole('button', { name: '在 TikTok Shop 创建' }).click();
    await dialog.getByText('该国家有多个已连接的店铺，请选择用于邀约的店铺。', { exact: true }).waitFor();
    await fitsWidth(zh);
    expect(await seriousAxeViolations(zh), 'no shop picked, zh-cn').toEqual([]);
    expect(creates()).toHaveLength(1);
    await ctx.close();
  }, 60_000);
});
