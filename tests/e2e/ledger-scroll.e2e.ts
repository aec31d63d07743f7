/**
 * The ledger's lines load by page as they are scrolled, in a real browser against the real server:
 * a creator whose ledger is longer than one page (250 imported sales and a sample shipped today,
 * the last line: 251 lines, pages of 200 by key). The list is scrolled to its end by keyboard (End in the focused
 * list) and, after a reload, by the mouse wheel; each time the last line is shown with the
 * closing running net the plan screen's money call gives for the creator, every line once.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { LEDGER_VIEW_PAGE } from '../../contract/limits.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { ledgerNetOrState } from '../helpers/ledger.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const stamp = Date.now() % 100_000;
const HANDLE = `cl_scroll_${stamp}`;
const PRODUCT = '1729000000000000889';
const SALES = 250;
/** The sample and every sale. */
const LINES = SALES + 1;

let admin: ApiSession;
let creatorId = 0;
let net = 0;
let page: Page;
let errors: string[] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `cscroll${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: 'Long ledger creator' }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk lamp',
    productImage: 'https://example.com/lamp.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  creatorId = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  const planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Lamp ledger',
      country: 'US',
      product_ids: [product.id],
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creatorId] });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [creatorId], stage: 'shipped' });
  // The sales through the order import (JSON), one an hour from 2026-03-01, of 10.00-16.00 each.
  const res = await fetch(`${url}/api/v0.1/plan/orders.import?language=en-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: admin.token },
    body: JSON.stringify({
      country: 'US',
      layout: 'affiliate',
      lines: Array.from({ length: SALES }, (_, i) => ({
        order_id: `5769${String(stamp).padStart(5, '0')}${String(i).padStart(6, '0')}`,
        sku_id: '1729000000000000101',
        content_id: '',
        product_id: PRODUCT,
        creator: HANDLE,
        quantity: 1,
        gmv: 10 + (i % 7),
        commission: 1,
        currency: 'USD',
        status: 'Settled',
        void: 0,
        created_time: 1_772_352_000 + i * 3600,
      })),
    }),
  });
  const imported = (await res.json()) as { code: number; msg: string };
  expect(imported.code, JSON.stringify(imported)).toBe(200);
  const money = await api<{ creators: { creator_id: number; net: number }[] }>('POST', '/plan/money', {
    plan_id: planId,
  });
  net = Math.round(money.creators.find((c) => c.creator_id === creatorId)!.net * 100);
  const context = await newContext(suite.browser, url, 'en-US');
  await useSession(context, url, admin);
  page = await context.newPage();
  errors = trackErrors(page);
});

const lines = () => page.getByRole('region', { name: en.ledger_lines.replace('{count}', String(LINES)) });

async function openLedger() {
  await page.goto(`/creator/${creatorId}`);
  const button = page.getByRole('button', { name: en.ledger_show });
  await button.waitFor({ timeout: 30_000 });
  await button.click();
  // A ledger that never shows its total fails with what it shows instead.
  await expect.poll(() => ledgerNetOrState(page), { timeout: 30_000, interval: 250 }).toBe(net);
}

/** The place (aria-posinset) of the last line drawn, after `step` scrolled once more. */
async function scrollToEnd(step: () => Promise<void>) {
  await expect
    .poll(
      async () => {
        await step();
        const row = page.getByTestId('ledger-line').last();
        return Number(await row.getAttribute('aria-posinset'));
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(LINES);
  const last = page.locator(`[data-testid="ledger-line"][aria-posinset="${LINES}"]`);
  expect(await last.getAttribute('aria-setsize')).toBe(String(LINES));
  expect(Number(await last.getAttribute('data-run-net-cents'))).toBe(net);
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(net / 100);
  expect(await last.textContent()).toContain(`net ${dollars}`);
  // Every page loaded: no "more" button is left.
  const more = en.ledger_more.slice(0, en.ledger_more.indexOf('{')).trim();
  await expect.poll(() => page.getByRole('button', { name: more }).count()).toBe(0);
}

describe('the ledger scrolled to its end', () => {
  it('by keyboard and, after a reload, by the wheel: the last line and its closing running net', async () => {
    // 25 sample cost − commissions 250 + GMV of 250 sales of 10-16.
    let gmv = 0;
    for (let i = 0; i < SALES; i++) gmv += (10 + (i % 7)) * 100;
    expect(net).toBe(gmv - 250 * 100 - 2500);
    expect(LINES).toBeGreaterThan(LEDGER_VIEW_PAGE);
    await page.setViewportSize({ width: 1440, height: 900 });

    await openLedger();
    // The first page only, at first.
    await expect.poll(() => lines().count(), { timeout: 20_000 }).toBe(1);
    expect(Number(await page.getByTestId('ledger-line').first().getAttribute('aria-posinset'))).toBe(1);
    await lines().focus();
    await scrollToEnd(() => page.keyboard.press('End'));

    await page.reload();
    await openLedger();
    await expect.poll(() => lines().count(), { timeout: 20_000 }).toBe(1);
    // The wheel over the list (in view) scrolls the list.
    const wheel = async () => {
      await lines().scrollIntoViewIfNeeded();
      const box = (await lines().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 4000);
    };
    await scrollToEnd(wheel);
    expect(errors).toEqual([]);
  });
});
