/**
 * Orders that never guess, in a real browser against the real server: a UK seller whose plans are
 * all in the UK imports a copy of an affiliate-orders file with nine rows damaged by hand. The
 * dialog starts on the United Kingdom, lists each refused row (row, column, what it held, what was
 * expected) and imports the good rows to the penny; a creator who arrives afterwards gets their
 * sales without importing again; an import that moved creators to "Selling" costs no sample; the
 * good file replaces the copies and is undone; a broken line is deleted from a card; importing
 * under another country waits for a confirmation that says what it replaces. A teammate reads the
 * refusals and the outcome in Chinese. axe on each state, in both locales.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators, popupOption } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { synced } from '../helpers/tag-page.ts';

const stamp = Date.now();
const PRODUCTS = ['1729000000000000001', '1729000000000000002', '1729000000000000003'];
const HERE = ['glowwithjane', 'dealsbymark', 'shopwithlee', 'skincarebyav'];
let admin: ApiSession;
let page: Page;
let mate: Page;
let planId = 0;
const errors: string[][] = [];
const csv = (name: string) => fs.readFileSync(new URL(`../fixtures/orders/${name}`, import.meta.url));

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `orders${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(
    url,
    admin.token,
    'GB',
    HERE.map((unique_id) => ({ unique_id })),
  );
  for (const productId of PRODUCTS)
    await callApi(url, admin.token, 'POST', '/product/add', {
      country: 'GB',
      productId,
      productTitle: `Product ${productId.slice(-1)}`,
      productImage: 'https://example.com/p.png',
    });
  const pulled = await pull();
  const plan = await callApi<{ id: number }>(url, admin.token, 'POST', '/plan/add', {
    name: 'UK spring',
    country: 'GB',
    product_ids: pulled.products.map((p) => p.id),
    commission_rate: 15,
    sample_cost: 5,
    shipping_cost: 2.5,
  });
  planId = plan.id;
  await callApi(url, admin.token, 'POST', '/plan/creator.add', {
    plan_id: planId,
    creator_ids: pulled.creators.map((c) => c.id),
  });
  const team = await callApi<{ invite_code: string }>(url, admin.token, 'POST', '/team/add', { title: 'UK' });
  const member = await registerEmail(url, `orders-mate${stamp}@example.com`, 'Secret#2026');
  await callApi(url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });

  const ctx = await newContext(suite.browser, url, 'en-US');
  await useSession(ctx, url, admin);
  page = await ctx.newPage();
  errors.push(trackErrors(page));
  const mateCtx = await newContext(suite.browser, url, 'zh-CN');
  await useSession(mateCtx, url, member);
  mate = await mateCtx.newPage();
  errors.push(trackErrors(mate));
});

async function pull() {
  const data = await callApi<{ changes: Record<string, { columns: string[]; rows: unknown[][] }> }>(
    suite.server.url,
    admin.token,
    'POST',
    '/sync/pull',
    { cursor: '' },
  );
  const rows = (t: string) =>
    data.changes[t]!.rows.map((r) => Object.fromEntries(data.changes[t]!.columns.map((c, i) => [c, r[i]])));
  return { products: rows('products'), creators: rows('creators') };
}

const card = (p: Page) => p.getByTestId('plan-card').filter({ hasText: 'UK spring' });
const choose = (dialog: ReturnType<Page['getByRole']>, name: string) =>
  dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: csv(name) });

describe('orders that never guess', () => {
  it('lists each refused row, imports the good ones exactly, and counts a creator who arrives later', async () => {
    await page.goto('/plans');
    await card(page).getByTestId('plan-money').getByText('No sales imported yet').waitFor();
    await page.getByRole('button', { name: 'Import orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Seller Center orders' });
    // Every plan is in the UK: the dialog starts there, not on the United States.
    await expect
      .poll(() => dialog.getByRole('button', { name: /Creators of/ }).textContent())
      .toContain('United Kingdom');
    await choose(dialog, 'affiliate-uk-damaged.csv');
    const refused = dialog.getByTestId('orders-refused');
    await refused.getByRole('heading', { name: '8 rows refused' }).waitFor();
    await refused
      .getByText('the file’s other 8 lines are imported, and nothing you imported before is lost', {
        exact: false,
      })
      .waitFor();
    const row = (n: string) =>
      refused.getByRole('row').filter({ has: page.getByRole('rowheader', { name: n, exact: true }) });
    await row('3').getByText('60,75').waitFor();
    expect(await row('3').textContent()).toContain('Payment Amount');
    expect(await row('3').textContent()).toContain(
      'A number written like 1234.50: a dot before at most two decimals',
    );
    expect(await row('6').textContent()).toContain('10/13/2025 09:12:40');
    expect(await row('6').textContent()).toContain('A date and time written DD/MM/YYYY HH:MM:SS');
    expect(await row('9').textContent()).toContain(
      'Creator Region(empty)All 31 cells of the header: the row ends here, after 12 (cut short)',
    );
    expect(await row('11').textContent()).toContain('$1.20');
    await dialog.getByText('United Kingdom chosen from the file’s currency (GBP).').waitFor();
    await dialog
      .getByTestId('orders-check')
      .getByText('New lines: 8. Already imported, replaced by this file’s copy: 0.')
      .waitFor();
    expect(await seriousAxeViolations(page), 'orders dialog with refused rows, en-us').toEqual([]);
    // At 390 px the refusal table scrolls in its own box; the page does not overflow.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    const box = await refused.getByRole('region').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 860 });
    await dialog.getByRole('button', { name: 'Import 8 lines' }).click();
    const done = dialog.getByTestId('orders-done');
    await done.getByText('New lines: 8; updated: 0.').waitFor({ timeout: 20_000 });
    await done.getByText('The sales of your creators in this file count now.').waitFor();
    await done
      .getByText(
        '2 handles are not among your creators of United Kingdom: beautybyrosie, nobodyhere_uk. Their lines are kept and count as soon as those creators are added (by a file import, the extension or an invitation).',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    // 19.99 + 9.75 + 25: no 60,75 read as 6075, no £22.50 counted twice.
    const money = card(page).getByTestId('plan-money');
    await money.getByText('GMV £54.74 · 3 orders · 4 units · commission £5.48').waitFor({ timeout: 20_000 });
    // The import moved three creators to "Selling"; no sample was recorded for them.
    await card(page)
      .getByTestId('plan-roi')
      .getByText('Samples sent to 0 creators cost £0.00 · ROI 898.9%')
      .waitFor();
    expect(await card(page).locator('[data-stage="shipped"] .plans-funnel__count').textContent()).toBe('0');

    // Rosie arrives (the extension's ingest) and joins the plan: her sales show, no second import.
    await ingestCreators(suite.server.url, admin.token, 'GB', [{ unique_id: 'beautybyrosie' }]);
    const rosie = (await pull()).creators.find((c) => c.unique_id === 'beautybyrosie')!;
    await callApi(suite.server.url, admin.token, 'POST', '/plan/creator.add', {
      plan_id: planId,
      creator_ids: [rosie.id],
    });
    await money.getByText('GMV £84.48 · 5 orders · 6 units · commission £11.43').waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page), '/plans with an import listed, en-us').toEqual([]);
    expect(errors.flat()).toEqual([]);
  });

  it('imports the good file over it, then undoes that import: the copies it replaced come back', async () => {
    await page.getByRole('button', { name: 'Import orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Seller Center orders' });
    await choose(dialog, 'affiliate-uk-shop.csv');
    await dialog
      .getByTestId('orders-check')
      .getByText('New lines: 8. Already imported, replaced by this file’s copy: 8.')
      .waitFor();
    expect(await dialog.getByTestId('orders-refused').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Import 16 lines' }).click();
    await dialog
      .getByTestId('orders-done')
      .getByText('New lines: 8; updated: 8.')
      .waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    const money = card(page).getByTestId('plan-money');
    await money
      .getByText('GMV £1,316.95 · 13 orders · 18 units · commission £147.59')
      .waitFor({ timeout: 20_000 });

    const imports = page.getByTestId('order-import');
    await expect.poll(() => imports.count()).toBe(2);
    const good = imports.filter({ hasText: 'affiliate-uk-shop.csv' });
    expect(await good.textContent()).toContain('United Kingdom · 16 lines');
    expect(await imports.filter({ hasText: 'affiliate-uk-damaged.csv' }).textContent()).toContain(
      '8 rows refused',
    );
    await good.getByRole('button', { name: 'Undo the import of affiliate-uk-shop.csv' }).click();
    const ask = page.getByRole('alertdialog');
    await ask
      .getByText(
        'Undo the import of affiliate-uk-shop.csv? Its 16 lines are removed and any copies they replaced from an earlier import come back',
        { exact: false },
      )
      .waitFor();
    expect(await seriousAxeViolations(page), 'undo confirmation, en-us').toEqual([]);
    await ask.getByRole('button', { name: 'Undo' }).click();
    await good.getByText(/^Undone by /).waitFor({ timeout: 20_000 });
    await money.getByText('GMV £84.48 · 5 orders · 6 units · commission £11.43').waitFor({ timeout: 20_000 });
    expect(errors.flat()).toEqual([]);
  });

  it('deletes a broken line from a card’s sales lines, and the sums drop', async () => {
    // A line an older build kept from a row cut short (no content, no date), beside Jane's real one.
    const res = await fetch(`${suite.server.url}/api/v0.1/plan/orders.import?language=en-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: admin.token },
      body: JSON.stringify({
        country: 'GB',
        layout: 'affiliate',
        lines: [
          {
            order_id: '576900000000001001',
            sku_id: '1729000000000000101',
            content_id: '',
            product_id: PRODUCTS[0],
            creator: 'glowwithjane',
            quantity: 1,
            gmv: 19.99,
            commission: 0,
            currency: 'GBP',
            status: 'Settled',
            void: 0,
            created_time: 0,
          },
        ],
      }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await page.goto(`/plans/${planId}`);
    await synced(page);
    const jane = page.getByTestId('plan-member').filter({ hasText: '@glowwithjane' });
    await jane
      .getByTestId('plan-sales')
      .getByText('GMV £39.98 · commission £3.00', { exact: false })
      .waitFor({ timeout: 20_000 });
    await jane.getByRole('button', { name: 'Sales lines of @glowwithjane' }).click();
    const lines = page.getByRole('dialog', { name: 'Sales lines of @glowwithjane' });
    const broken = lines.getByTestId('sales-line').filter({ hasText: 'no date' });
    await broken.waitFor();
    // Her real line, her ineligible one (listed, not counted) and the broken copy.
    await expect.poll(() => lines.getByTestId('sales-line').count(), { timeout: 20_000 }).toBe(3);
    await lines.getByTestId('sales-line').getByText('Ineligible, not counted').waitFor();
    expect(await seriousAxeViolations(page), 'sales lines, en-us').toEqual([]);
    await broken.getByRole('button', { name: 'Delete the line of order 576900000000001001' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('Delete the line of order 576900000000001001 (£19.99)?', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => lines.getByTestId('sales-line').count(), { timeout: 20_000 }).toBe(2);
    await lines.getByRole('button', { name: 'Close' }).last().click();
    await jane
      .getByTestId('plan-sales')
      .getByText('GMV £19.99 · commission £3.00', { exact: false })
      .waitFor({ timeout: 20_000 });
    // The creator's history says who deleted which line.
    await jane.getByRole('link', { name: '@glowwithjane' }).click();
    await page
      .getByText('Sale line of order 576900000000001001 deleted (£19.99)')
      .waitFor({ timeout: 20_000 });
    expect(errors.flat()).toEqual([]);
  });

  it('asks before an import under another country takes the sales of its creators', async () => {
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Import orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Seller Center orders' });
    await choose(dialog, 'affiliate-uk-shop.csv');
    await dialog.getByTestId('orders-check').waitFor();
    await dialog.getByRole('button', { name: /Creators of/ }).click();
    await popupOption(page, 'United States').click();
    const confirm = dialog.getByTestId('orders-confirm');
    await confirm
      .getByText(
        '8 of these lines were imported under United Kingdom: importing them under United States takes their sales away from the creators of United Kingdom.',
      )
      .waitFor({ timeout: 20_000 });
    await confirm
      .getByText('This file is in GBP, but creators of United States sell in USD', { exact: false })
      .waitFor();
    const start = dialog.getByRole('button', { name: 'Import 16 lines' });
    expect(await start.isDisabled()).toBe(true);
    const box = confirm.getByRole('checkbox', {
      name: 'Import under United States and replace the 8 lines imported under United Kingdom',
    });
    expect(await box.isChecked()).toBe(false);
    await confirm.locator('.cd-check').click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => start.isDisabled()).toBe(false);
    expect(await seriousAxeViolations(page), 'orders dialog asking to confirm, en-us').toEqual([]);
    // Nothing was sent: cancelling leaves the UK plan's sales where they were.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page).getByTestId('plan-money').getByText('GMV £84.48 · 5 orders', { exact: false }).waitFor();
  });

  it('tells a teammate in Chinese which rows were refused and what happens to creators not added yet', async () => {
    await mate.goto('/plans');
    await mate
      .getByTestId('order-imports')
      .getByRole('heading', { name: '订单导入记录' })
      .waitFor({ timeout: 20_000 });
    await mate.getByRole('button', { name: '导入订单' }).click();
    const dialog = mate.getByRole('dialog', { name: '导入 Seller Center 订单' });
    await expect
      .poll(() => dialog.getByRole('button', { name: /达人所属国家/ }).textContent())
      .toContain('英国');
    await choose(dialog, 'affiliate-uk-damaged.csv');
    const refused = dialog.getByTestId('orders-refused');
    await refused.getByRole('heading', { name: '8 行被拒绝' }).waitFor();
    await refused.getByText('文件中其余 8 行照常导入，之前导入的数据不会丢失', { exact: false }).waitFor();
    const row3 = refused
      .getByRole('row')
      .filter({ has: mate.getByRole('rowheader', { name: '3', exact: true }) });
    expect(await row3.textContent()).toContain('60,75形如 1234.50 的数字');
    const row9 = refused
      .getByRole('row')
      .filter({ has: mate.getByRole('rowheader', { name: '9', exact: true }) });
    expect(await row9.textContent()).toContain('应有表头的全部 31 列：该行在第 12 列后中断');
    expect(await seriousAxeViolations(mate), 'orders dialog with refused rows, zh-cn').toEqual([]);
    await dialog.getByRole('button', { name: '导入 8 行' }).click();
    const done = dialog.getByTestId('orders-done');
    await done.getByText('新增 0 行，更新 8 行。').waitFor({ timeout: 20_000 });
    await done
      .getByText(
        '1 个账号不在您英国的达人库中：nobodyhere_uk。这些订单行已保留，添加这些达人后（通过文件导入、浏览器插件或邀约）即计入其销售。',
      )
      .waitFor();
    expect(await seriousAxeViolations(mate), 'orders dialog done, zh-cn').toEqual([]);
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await card(mate)
      .getByTestId('plan-roi')
      .getByText('已寄样 0 位，样品成本 £0.00', { exact: false })
      .waitFor({ timeout: 20_000 });
    expect(errors.flat()).toEqual([]);
  });
});
