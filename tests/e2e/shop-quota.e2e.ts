/**
 * The plans screen's weekly quota panel fed by the shop (docs/decisions/shop-connection.md,
 * "Outreach quota"), in a real browser against the TikTok Shop simulator: a shop that reports no
 * weekly limit reads as unlimited and from the shop; a member's own number replaces it on the
 * screen and is kept across a reload until the shop's next sync; when the shops then send numbers,
 * the smallest shows with a note naming its shop. The seller has two shops, so the notes say the
 * figure combines them (one shop's note: src/features/plans/quota-note.test.ts). Each text in both
 * languages, axe clean at 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { simulatedShop } from '../helpers/e2e-shop.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const APP_KEY = 'e2equotaappkey';
const APP_SECRET = 'E2E-Quota-Secret-0123456789';
const SERVICE_ID = '7300000000000000002';
const PHONE = { width: 390, height: 844 };

const tts = simulatedShop({ appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID }, 'approve', {
  SHOP_SYNC_TICK_SECONDS: '1',
});
const suite = browserSuite(tts.env);

const TEXT = {
  en: {
    unlimited: /^New creators contacted this week: \d+\. Your TikTok Shop reports no weekly limit\.$/,
    used: (n: number) => new RegExp(`^New creators contacted this week: \\d+ of ${n}, \\d+ left\\. Resets `),
    fromShop: 'From your TikTok Shop; it replaces a number entered here at the next sync.',
    noLimits:
      'From your connected TikTok Shops, none of which reports a weekly limit; it replaces a number entered here at the next sync.',
    smallest: (shop: string) =>
      `The smallest of your connected TikTok Shops' weekly limits, from ${shop}; it replaces a number entered here at the next sync.`,
  },
  zh: {
    unlimited: /^本周已联系的新达人：\d+。您的 TikTok Shop 显示每周无上限。$/,
    used: (n: number) => new RegExp(`^本周已联系新达人：\\d+/${n}，剩余 \\d+。将于 `),
    fromShop: '来自您的 TikTok Shop；下次同步时会替换在此输入的数字。',
    noLimits: '来自您已连接的各 TikTok Shop，均未设置每周上限；下次同步时会替换在此输入的数字。',
    smallest: (shop: string) =>
      `取自您已连接的各 TikTok Shop 每周上限中最小的一个（${shop}）；下次同步时会替换在此输入的数字。`,
  },
};

let admin: ApiSession;
let en: Page;
let zh: Page;
let zhCtx: BrowserContext;
let errors: string[];
let shopIds: number[] = [];
/** TikTok's shop id → its name, as /shop/status shows them. */
const shopNames = new Map<string, string>();

const quotaText = (p: Page) => p.getByTestId('quota-text').textContent();
const fromShopShown = (p: Page, text: string) => p.getByText(text, { exact: true }).count();

async function fitsWidth(p: Page): Promise<void> {
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The server's last successful outreach_quota run of every connected shop (0 when one has none). */
async function quotaSyncedAt(): Promise<number> {
  type Status = {
    shops: {
      id: number;
      shop_id: string;
      shop_name: string;
      kinds: { kind: string; last_success_at: number }[];
    }[];
  };
  const res = await fetch(`${suite.server.url}/api/v0.1/shop/status?language=en-us`, {
    headers: { token: admin.token },
  });
  const s = ((await res.json()) as { data: Status }).data;
  shopIds = s.shops.map((x) => x.id);
  for (const x of s.shops) shopNames.set(x.shop_id, x.shop_name);
  const times = s.shops.map((x) => x.kinds.find((k) => k.kind === 'outreach_quota')?.last_success_at ?? 0);
  return times.length ? Math.min(...times) : 0;
}

async function openPlans(locale: 'en-US' | 'zh-CN'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(suite.browser, suite.server.url, locale);
  await useSession(ctx, suite.server.url, admin);
  const page = await ctx.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/plans');
  return { ctx, page };
}

describe('Weekly quota from the shop on the plans screen', () => {
  it('shows a shop without a weekly limit as unlimited, from the shop, in both languages', async () => {
    // Every shop of the seller reports no limit before the first sync.
    for (const s of tts.sim().control.sellers()[0]!.shopIds)
      tts.sim().control.setOutreachQuota(s, { unlimited: true });
    admin = await registerEmail(suite.server.url, `quota${Date.now()}@example.com`, 'Secret#2026');
    await callApi(suite.server.url, admin.token, 'POST', '/shop/credentials.save', {
      app_key: APP_KEY,
      app_secret: APP_SECRET,
      service_id: SERVICE_ID,
    });
    const opened = await openPlans('en-US');
    en = opened.page;
    errors = trackErrors(en);
    await en.goto('/settings/shop');
    await en.getByRole('button', { name: 'Authorize', exact: true }).click();
    await expect.poll(() => en.getByTestId('shop-card').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(quotaSyncedAt, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);

    await en.goto('/plans');
    await expect.poll(() => quotaText(en), { timeout: 30_000 }).toMatch(TEXT.en.unlimited);
    expect(shopIds).toHaveLength(2);
    // The page may hold the settings row of the first shop's sync (unlimited, one shop: "From your
    // TikTok Shop") until its next pull brings the second's; the note for both is what it settles on.
    await expect.poll(() => fromShopShown(en, TEXT.en.noLimits), { timeout: 30_000 }).toBe(1);
    expect(await fromShopShown(en, TEXT.en.fromShop)).toBe(0);
    await fitsWidth(en);
    expect(await seriousAxeViolations(en), 'unlimited, en-us').toEqual([]);

    ({ ctx: zhCtx, page: zh } = await openPlans('zh-CN'));
    await expect.poll(() => quotaText(zh), { timeout: 30_000 }).toMatch(TEXT.zh.unlimited);
    await expect.poll(() => fromShopShown(zh, TEXT.zh.noLimits), { timeout: 30_000 }).toBe(1);
    await fitsWidth(zh);
    expect(await seriousAxeViolations(zh), 'unlimited, zh-cn').toEqual([]);
  }, 150_000);

  it("keeps a member's own number, without the shop's note, across a reload", async () => {
    await en.getByRole('button', { name: 'Set weekly quota' }).click();
    const dialog = en.getByRole('dialog');
    await dialog.getByLabel('New creators per week (from Seller Center)').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => quotaText(en)).toMatch(TEXT.en.used(50));
    expect(await fromShopShown(en, TEXT.en.fromShop)).toBe(0);
    expect(await fromShopShown(en, TEXT.en.noLimits)).toBe(0);
    expect(await seriousAxeViolations(en), 'own number, en-us').toEqual([]);

    // The server holds the member's number (another device shows it after its pull).
    await zh.reload();
    await expect.poll(() => quotaText(zh), { timeout: 30_000 }).toMatch(TEXT.zh.used(50));
    expect(await fromShopShown(zh, TEXT.zh.fromShop)).toBe(0);
    expect(await seriousAxeViolations(zh), 'own number, zh-cn').toEqual([]);

    await en.reload();
    await expect.poll(() => quotaText(en), { timeout: 30_000 }).toMatch(TEXT.en.used(50));
    expect(await fromShopShown(en, TEXT.en.fromShop)).toBe(0);
  });

  it("replaces the member's number with the smallest of the shops' when they later send numbers", async () => {
    const [first, second] = tts.sim().control.sellers()[0]!.shopIds;
    tts.sim().control.setOutreachQuota(first!, { unlimited: false, quota_sum: 300 });
    tts.sim().control.setOutreachQuota(second!, { unlimited: false, quota_sum: 250 });
    const before = await quotaSyncedAt();
    for (const id of shopIds)
      await callApi(suite.server.url, admin.token, 'POST', '/shop/sync.now', { id, kind: 'outreach_quota' });
    await expect.poll(quotaSyncedAt, { timeout: 60_000, interval: 500 }).toBeGreaterThan(before);

    const name = shopNames.get(second!);
    expect(name).toBeTruthy();
    await expect.poll(() => quotaText(en), { timeout: 30_000 }).toMatch(TEXT.en.used(250));
    await expect.poll(() => fromShopShown(en, TEXT.en.smallest(name!))).toBe(1);
    expect(await fromShopShown(en, TEXT.en.fromShop)).toBe(0);
    await fitsWidth(en);
    expect(await seriousAxeViolations(en), 'shop number, en-us').toEqual([]);

    await zh.reload();
    await expect.poll(() => quotaText(zh), { timeout: 30_000 }).toMatch(TEXT.zh.used(250));
    await expect.poll(() => fromShopShown(zh, TEXT.zh.smallest(name!))).toBe(1);
    await fitsWidth(zh);
    expect(await seriousAxeViolations(zh), 'shop number, zh-cn').toEqual([]);
    await zhCtx.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
