/**
 * The ledger on the creator page, in a real browser against the real server: a US creator in a plan
 * with a shipped sample, a posted video, two sales (one attributed to the video), a fee and an ad
 * spend. "Show ledger" (by keyboard) lists every line with running totals whose net profit is the
 * plan screen's for that creator; the weekly GMV chart keeps the house rule (hand-entered sales name
 * no video, so the per-video chart says there is none); the XLSX has one row per line
 * ending on the same net; a reload shows the same; offline it says it needs a connection. Both
 * locales, axe at 390 and 1440 px.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import zh from '../../messages/zh-cn.json';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { drawnCharts } from '../helpers/chart-check.ts';
import { ledgerNetOrState } from '../helpers/ledger.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const stamp = Date.now() % 100_000;
const HANDLE = `cl_a_${stamp}`;
const PRODUCT = '1729000000000000888';
const VIDEO = `73200000000${String(stamp).padStart(8, '0')}`;

let admin: ApiSession;
let planId = 0;
let creatorId = 0;
let money: { creators: { creator_id: number; net: number; gmv: number }[] };
const pages: Record<'en' | 'zh', Page> = {} as Record<'en' | 'zh', Page>;
const contexts: Record<'en' | 'zh', BrowserContext> = {} as Record<'en' | 'zh', BrowserContext>;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `cledger${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: 'Ledger page creator' }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk fan',
    productImage: 'https://example.com/fan.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  creatorId = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Fan ledger',
      country: 'US',
      product_ids: [product.id],
      commission_rate: 10,
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creatorId] });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [creatorId], stage: 'shipped' });
  const video = await api<{ id: number }>('POST', '/content/add', {
    country: 'US',
    link: `https://www.tiktok.com/@${HANDLE}/video/${VIDEO}`,
    plan_id: planId,
  });
  for (const [gmv, day, ref] of [
    [500, '2026-03-10', `${stamp}01`],
    [120.5, '2026-03-24', `${stamp}02`],
  ] as const)
    await api('POST', '/plan/sale.add', {
      creator_id: creatorId,
      product_id: PRODUCT,
      gmv,
      units: 1,
      commission: gmv / 10,
      day,
      ref,
    });
  await api('POST', '/plan/cost.add', {
    plan_id: planId,
    creator_id: creatorId,
    kind: 'fee',
    amount: '99.99',
    start_date: '2026-03-12',
  });
  await api('POST', '/plan/cost.add', {
    plan_id: planId,
    creator_id: creatorId,
    kind: 'ad',
    amount: 30,
    start_date: '2026-03-15',
    content_id: video.id,
    channel: 'spark',
  });
  money = await api('POST', '/plan/money', { plan_id: planId });
  const mate = await registerEmail(url, `cledger-mate${stamp}@example.com`, 'Secret#2026');
  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Ledger crew' });
  await callApi(url, mate.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  for (const [lang, locale, session] of [
    ['en', 'en-US', admin],
    ['zh', 'zh-CN', mate],
  ] as const) {
    contexts[lang] = await newContext(suite.browser, url, locale);
    await useSession(contexts[lang], url, session);
    pages[lang] = await contexts[lang].newPage();
    errors.push(trackErrors(pages[lang]));
  }
});

const attr = async (page: Page, id: string, name: string): Promise<number | null> => {
  const el = page.getByTestId(id);
  if (!(await el.count())) return null;
  return Number(await el.first().getAttribute(name));
};

async function openLedger(page: Page, show: string) {
  await page.goto(`/creator/${creatorId}`);
  const button = page.getByRole('button', { name: show });
  await button.waitFor({ timeout: 30_000 });
  // By keyboard: the button takes the focus and Enter opens the ledger.
  await button.focus();
  await page.keyboard.press('Enter');
}

describe('the ledger on the creator page', () => {
  it("matches the plan's net profit for the creator, draws its charts by the house rule, exports and reloads", async () => {
    const page = pages.en;
    const mine = money.creators.find((c) => c.creator_id === creatorId)!;
    const net = Math.round(mine.net * 100);
    // 620.50 GMV − 62.05 commission − 25 sample − 99.99 fee − 30 ad spend.
    expect(net).toBe(62_050 - 6205 - 2500 - 9999 - 3000);

    // The plan screen's figure for its one creator.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    await expect
      .poll(() => attr(page, 'plan-net-profit', 'data-net-cents'), { timeout: 30_000, interval: 250 })
      .toBe(net);

    await openLedger(page, en.ledger_show);
    await expect.poll(() => ledgerNetOrState(page), { timeout: 20_000, interval: 250 }).toBe(net);
    expect(await attr(page, 'ledger-total', 'data-gmv-cents')).toBe(62_050);
    await expect.poll(() => page.getByText(en.ledger_formula).count()).toBe(1);
    // Sample, video, two sales, the fee and the ad spend; the last line's running net is the total.
    await expect.poll(() => page.getByTestId('ledger-line').count()).toBe(6);
    await expect
      .poll(() => page.getByTestId('ledger-line').last().textContent())
      .toContain(`net $${(net / 100).toFixed(2)}`);

    // GMV per week and per video: zero-based, every label whole.
    await expect
      .poll(
        async () => {
          const d = await drawnCharts(page);
          return d.charts.length === 1 ? d.problems : [`${d.charts.length} charts drawn`, ...d.problems];
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([]);
    const { charts } = await drawnCharts(page);
    expect(charts[0]!.min).toBe(0);
    expect(charts[0]!.names).toEqual(['2026-03-09', '2026-03-23']);
    // Sales entered by hand name no video, so the per-video chart says so instead of drawing.
    await expect.poll(() => page.getByText(en.ledger_no_video_sales).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en.ledger_export }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^ledger-${HANDLE}-Fan_ledger-\\d{8}\\.xlsx$`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(1).getCell(1).value).toBe(en.ledger_col_day);
    const kinds = sheet.getRows(2, 6)!.map((r) => r.getCell(2).value);
    expect(kinds.filter((k) => k === en.ledger_kind_sale)).toHaveLength(2);
    expect(sheet.getRow(7).getCell(10).value).toBe(net / 100);

    await page.reload();
    await page.getByRole('button', { name: en.ledger_show }).click();
    await expect.poll(() => ledgerNetOrState(page), { timeout: 20_000, interval: 250 }).toBe(net);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await drawnCharts(page)).problems, { timeout: 10_000 }).toEqual([]);
      const found = await seriousAxeViolations(page);
      expect(found, `creator ledger, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }
    expect(errors[0]).toEqual([]);
  });

  it('the plan screen exports every line of the plan', async () => {
    const page = pages.en;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en.ledger_export_plan }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ledger-plan-Fan_ledger-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(2).getCell(3).value).toBe(`@${HANDLE}`);
  });

  it('in Chinese at 390 px: the same figure and the formula; offline it says it needs a connection', async () => {
    const page = pages.zh;
    const net = Math.round(money.creators.find((c) => c.creator_id === creatorId)!.net * 100);
    await page.setViewportSize({ width: 390, height: 900 });
    await openLedger(page, zh.ledger_show);
    await expect.poll(() => ledgerNetOrState(page), { timeout: 20_000, interval: 250 }).toBe(net);
    await expect.poll(() => page.getByText(zh.ledger_formula).count()).toBe(1);
    expect(await seriousAxeViolations(page), 'zh, 390 px').toEqual([]);

    // Offline: the page stays, the ledger says it needs a connection; online again, "Try again" reads it.
    await page.goto(`/creator/${creatorId}`);
    await page.getByRole('button', { name: zh.ledger_show }).waitFor({ timeout: 30_000 });
    await contexts.zh.setOffline(true);
    await page.getByRole('button', { name: zh.ledger_show }).click();
    // On a failure the poll's last value is what the panel showed instead (loading, figures, nothing).
    const offlineOrPanel = async () =>
      (await page.getByTestId('ledger-offline').count()) === 1
        ? 'offline note'
        : `panel: ${await page
            .getByTestId('ledger')
            .innerText({ timeout: 1_000 })
            .catch((e: Error) => `unreadable (${e.message.split('\n')[0]})`)}`;
    await expect.poll(offlineOrPanel, { timeout: 20_000 }).toBe('offline note');
    expect(await page.getByTestId('ledger-offline').textContent()).toBe(zh.ledger_offline);
    expect(await seriousAxeViolations(page), 'zh offline').toEqual([]);
    await contexts.zh.setOffline(false);
    await page.getByRole('button', { name: zh.ledger_retry }).click();
    await expect.poll(() => ledgerNetOrState(page), { timeout: 20_000, interval: 250 }).toBe(net);
    expect(errors[1]).toEqual([]);
  });
});
