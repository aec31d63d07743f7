/**
 * Ad spend imported from a file on a plan: a small Spark Ads download (any layout: its columns are
 * guessed and shown) is checked, its bad rows refused and named, then imported; the plan's net
 * profit and the video's line fall by exactly the spend once the server accepted it, stay after a
 * reload, and importing the same file again adds nothing. By keyboard, in both languages, at 360 and
 * 1440 px, axe clean.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import zh from '../../messages/zh-cn.json';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const stamp = Date.now() % 100_000;
const HANDLE = `ads_a_${stamp}`;
const PRODUCT = '1729000000000000888';
const VIDEO = `73200000000${String(stamp).padStart(8, '0')}`;
// 500 GMV on the video − 50 commission − 25 samples.
const START = 42_500;
const FILE = [
  'Campaign name,Date,Video ID,Cost,Currency,Impressions',
  `Spring,2026-03-10,${VIDEO},12.34,USD,1000`,
  `Spring,2026/03/11,${VIDEO},0.66,USD,80`,
  `Spring,2026-03-12,7399999999999999999,5,USD,10`,
  `Spring,2026-03-12,${VIDEO},1.005,USD,10`,
  `Spring,12/03/2026,${VIDEO},-2,USD,10`,
].join('\n');

let admin: ApiSession;
let planId = 0;
const pages: Record<'en' | 'zh', Page> = {} as Record<'en' | 'zh', Page>;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `ads${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: 'Ad spend creator' }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk fan',
    productImage: 'https://example.com/fan.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  const creator = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Fan ads',
      country: 'US',
      product_ids: [product.id],
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creator] });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [creator], stage: 'shipped' });
  await api('POST', '/content/add', {
    country: 'US',
    link: `https://www.tiktok.com/@${HANDLE}/video/${VIDEO}`,
    plan_id: planId,
  });
  await api('POST', '/plan/sale.add', {
    creator_id: creator,
    product_id: PRODUCT,
    gmv: 500,
    units: 2,
    commission: 50,
    day: '2026-03-10',
    ref: `${stamp}01`,
  });
  const mate = await registerEmail(url, `ads-mate${stamp}@example.com`, 'Secret#2026');
  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Ads crew' });
  await callApi(url, mate.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  for (const [lang, locale, session] of [
    ['en', 'en-US', admin],
    ['zh', 'zh-CN', mate],
  ] as const) {
    const ctx = await newContext(suite.browser, url, locale);
    await useSession(ctx, url, session);
    pages[lang] = await ctx.newPage();
    errors.push(trackErrors(pages[lang]));
  }
});

const cents = async (page: Page, selector: string): Promise<number | null> => {
  const el = page.locator(selector).first();
  if (!(await el.count())) return null;
  return Number(await el.getAttribute('data-net-cents'));
};
const pollNet = (page: Page, want: number) =>
  expect.poll(() => cents(page, '[data-testid=plan-net-profit]'), { timeout: 20_000 }).toBe(want);
const pollVideo = (page: Page, want: number) =>
  expect.poll(() => cents(page, `li[data-video="${VIDEO}"]`), { timeout: 20_000 }).toBe(want);

async function openImport(page: Page, label: string) {
  // By keyboard: focus the button and press Enter.
  await page.getByRole('button', { name: label }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles({ name: 'spark-ads.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
}

describe('ad spend imported from a file', () => {
  it('lands on the video: net profit and the video fall by exactly the spend, bad rows named, a repeat adds nothing', async () => {
    const page = pages.en;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Fan ads', level: 1 }).waitFor({ timeout: 30_000 });
    await pollNet(page, START);
    const videoStart = await cents(page, `li[data-video="${VIDEO}"]`);
    expect(videoStart).not.toBeNull();

    await openImport(page, en.money_ads_import);
    const dialog = page.getByRole('dialog');
    // The columns were guessed from the headers: Impressions is not imported.
    await expect.poll(() => dialog.getByText('spark-ads.csv').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: en.money_ads_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('ads-check').textContent()).toContain('would add: 2');
    const refused = page.getByTestId('ads-refused').locator('tbody tr');
    // Row 6 holds two cells that do not fit: each is named.
    await expect.poll(() => refused.count()).toBe(4);
    expect(await refused.allTextContents()).toEqual([
      expect.stringMatching(/^4.*7399999999999999999.*no content record/),
      expect.stringMatching(/^5.*1\.005.*at most two decimals/),
      expect.stringMatching(/^6.*-2.*cannot be negative/),
      expect.stringMatching(/^6.*12\/03\/2026.*real day/),
    ]);
    // Nothing is written by the check.
    await pollNet(page, START);
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await seriousAxeViolations(page);
      expect(found, `import dialog, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: en.money_ads_run, exact: true }).click();
    await expect.poll(() => page.getByTestId('ads-done').textContent()).toContain('Added: 2');
    await dialog.getByRole('button', { name: en.common_close, exact: true }).last().click();
    await pollNet(page, START - 1_300);
    await pollVideo(page, videoStart! - 1_300);

    await page.reload();
    await pollNet(page, START - 1_300);
    await pollVideo(page, videoStart! - 1_300);

    // The same file again: its lines are found, nothing is added.
    await openImport(page, en.money_ads_import);
    await dialog.getByRole('button', { name: en.money_ads_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('ads-check').textContent()).toContain('Already there: 2');
    await dialog.getByRole('button', { name: en.money_ads_run, exact: true }).click();
    await expect.poll(() => page.getByTestId('ads-done').textContent()).toContain('Added: 0');
    await dialog.getByRole('button', { name: en.common_close, exact: true }).last().click();
    await pollNet(page, START - 1_300);
    await page.getByRole('button', { name: en.money_costs_show }).click();
    await expect.poll(() => page.getByTestId('plan-costs').getByRole('listitem').count()).toBe(2);
    expect(errors[0]).toEqual([]);
  });

  it('speaks Chinese to a teammate, with the same figures, at 360 px', async () => {
    const page = pages.zh;
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto(`/plans/${planId}`);
    await pollNet(page, START - 1_300);
    await openImport(page, zh.money_ads_import);
    await expect.poll(() => page.getByRole('dialog').getByText(zh.money_ads_title).count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: zh.money_ads_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('ads-check').textContent()).toContain('已存在：2');
    expect(await seriousAxeViolations(page), 'zh, 360 px').toEqual([]);
    expect(errors[1]).toEqual([]);
  });
});
