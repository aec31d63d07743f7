/**
 * Samples that turn into content, in a real browser against the real server, with no shop
 * connected: a US seller's plan has two creators whose samples were shipped. Pasting one creator's
 * video link for the plan moves them to "Content posted" on the plan's board, and a reload keeps
 * it. The other creator's sample was shipped 20 days ago (the plan allows 14): it is on "Samples
 * without content" with its cost and days overdue, and "Draft reminder" fills the plan's chat
 * template with their name and the product, to copy. The list is worked out on the device from the
 * mirror: offline after the first sync, a reload still shows the overdue sample with its cost. Both
 * locales, axe, 360 px and the keyboard.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import {
  browserSuite,
  callApi,
  ingestCreators,
  popupOption,
  serverAgrees,
} from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { openFor } from '../reliability/accounts.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const stamp = Date.now();
const PRODUCT = '1729000000000000077';
const POSTER = 'sunnyday_ledger';
const LATE = 'latepost_ledger';
let admin: ApiSession;
let ctx: BrowserContext;
let page: Page;
let planId = 0;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `ledger${stamp}@example.com`, 'Secret#2026');
  const api = <T>(method: string, path: string, body: Record<string, unknown>) =>
    callApi<T>(url, admin.token, method, path, body);
  await ingestCreators(url, admin.token, 'US', [{ unique_id: POSTER }, { unique_id: LATE }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk lamp',
    productImage: 'https://example.com/p.png',
  });
  await api('POST', '/chattmp/add', {
    country: 'US',
    title: 'Content nudge',
    content: 'Hi {creator_name}, did the {product_id} sample arrive? We would love to see your video.',
  });
  const pulled = await api<{ changes: Record<string, { columns: string[]; rows: unknown[][] }> }>(
    'POST',
    '/sync/pull',
    { cursor: '' },
  );
  const rows = (t: string) =>
    pulled.changes[t]!.rows.map((r) =>
      Object.fromEntries(pulled.changes[t]!.columns.map((c, i) => [c, r[i]])),
    );
  const plan = await api<{ id: number }>('POST', '/plan/add', {
    name: 'Lamp launch',
    country: 'US',
    product_ids: rows('products').map((p) => p.id),
    sample_cost: 12,
    shipping_cost: 3.5,
    chat_template_id: rows('chat_templates')[0]!.id,
  });
  planId = plan.id;
  const creatorIds = rows('creators').map((c) => c.id);
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: creatorIds });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: creatorIds, stage: 'shipped' });
  // The late creator's samples went out 20 days ago: the data a shipment then would have left.
  const database = await openFor(suite.server.dataDir);
  try {
    const late = rows('creators').find((c) => c.unique_id === LATE)!;
    await database.db
      .updateTable('plan_creators')
      .set({ sample_time: Math.floor(Date.now() / 1000) - 20 * 86_400 })
      .where('plan_id', '=', planId)
      .where('creator_id', '=', Number(late.id))
      .execute();
  } finally {
    await database.close();
  }

  ctx = await newContext(suite.browser, url, 'en-US');
  await useSession(ctx, url, admin);
  page = await ctx.newPage();
  errors.push(trackErrors(page));
});

const column = (p: Page, stage: string) => p.locator(`section[data-stage="${stage}"]`);

describe('samples that turn into content', () => {
  it('a pasted video link moves the shipped sample to "Content posted", and a reload keeps it', async () => {
    await page.goto('/plans');
    await page.getByRole('link', { name: 'Samples without content' }).click();
    await page.getByRole('heading', { name: 'Record a video' }).waitFor();
    const link = page.getByRole('textbox', { name: 'TikTok video link' });
    // Not a video link: said at once, nothing sent.
    await link.fill('https://vm.tiktok.com/ZMabc123/');
    await page.getByRole('button', { name: 'Record video' }).click();
    await page.getByText('Short links (vm.tiktok.com) cannot be read', { exact: false }).waitFor();
    await link.fill(`https://www.tiktok.com/@${POSTER}/video/7312345678901234567?is_from_webapp=1`);
    await page.getByRole('button', { name: 'For plan' }).click();
    await popupOption(page, 'Lamp launch · US').click();
    await page.getByRole('button', { name: 'Record video' }).click();
    await expect
      .poll(() => page.getByTestId('ledger-outcome').textContent(), { timeout: 20_000 })
      .toBe(`Video of @${POSTER} recorded; moved to “Content posted”`);
    expect(await seriousAxeViolations(page), 'samples without content, after a paste').toEqual([]);

    await page.goto(`/plans/${planId}`);
    await column(page, 'posted').getByText(`@${POSTER}`).waitFor({ timeout: 20_000 });
    await page.reload();
    await column(page, 'posted').getByText(`@${POSTER}`).waitFor({ timeout: 20_000 });
    expect(await column(page, 'shipped').getByText(`@${POSTER}`).count()).toBe(0);
  });

  it('an overdue sample is listed with its cost and a drafted reminder, by keyboard, at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/plans/samples-without-content');
    const row = page.getByTestId('ledger-overdue-row').filter({ hasText: `@${LATE}` });
    await row.waitFor({ timeout: 20_000 });
    // Only the creator without content is listed.
    expect(await page.getByTestId('ledger-overdue-row').count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual(['Desk lamp', 'Lamp launch', '$15.50']);
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Shipped 20 days ago with 14 to post: 6 shop days late (5 or 7 around Pacific midnight).
    expect(['5', '6', '7']).toContain(cells[5]);
    // The page itself does not scroll sideways; the table scrolls in its own region.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            el.getBoundingClientRect().right > window.innerWidth + 1 &&
            !el.parentElement?.closest('.ledger-scroll'),
        )
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
        .slice(0, 8),
    );
    expect(wide, 'elements past the right edge at 360 px').toEqual([]);
    // A visually hidden header, absolutely placed, once widened the page from inside the table's region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page), 'overdue samples at 360 px').toEqual([]);

    const draft = row.getByRole('button', { name: 'Draft reminder' });
    await draft.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reminder for @${LATE}` });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('ledger-reminder').textContent())
      .toBe(`Hi ${LATE}, did the ${PRODUCT} sample arrive? We would love to see your video.`);
    expect(await seriousAxeViolations(page), 'reminder dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('offline after the first sync, a reload still lists the overdue sample with its cost', async () => {
    await page.goto('/plans/samples-without-content');
    const row = page.getByTestId('ledger-overdue-row').filter({ hasText: `@${LATE}` });
    await row.waitFor({ timeout: 20_000 });
    // The app is served by its service worker from here on (the offline reload needs it).
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
        {
          timeout: 60_000,
        },
      )
      .toBe('activated');
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await row.waitFor({ timeout: 20_000 });

    await ctx.setOffline(true);
    try {
      await page.reload();
      await row.waitFor({ timeout: 20_000 });
      await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('$15.50');
      expect(await page.getByTestId('ledger-overdue-row').count()).toBe(1);
      expect(await page.getByText('This needs a connection to the server').count()).toBe(0);
    } finally {
      await ctx.setOffline(false);
    }
  }, 120_000);

  it("a plan's days to post, set in its terms, decide which samples are overdue", async () => {
    await page.goto(`/plans/${planId}`);
    await page.getByRole('button', { name: 'Edit terms' }).click();
    const terms = page.getByRole('dialog', { name: 'Edit Lamp launch' });
    const days = terms.getByRole('textbox', { name: 'Days to post after shipping' });
    await days.fill('0');
    await terms.getByRole('button', { name: 'Save' }).click();
    await terms.getByText('Days to post must be a whole number from 1 to 365').waitFor();
    await days.fill('30');
    await terms.getByRole('button', { name: 'Save' }).click();
    await terms.waitFor({ state: 'detached' });
    await serverAgrees(
      () =>
        callApi<{ rows: unknown[] }>(suite.server.url, admin.token, 'POST', '/content/samples.overdue', {}),
      (s) => s.rows.length === 0,
    );
    await page.goto('/plans/samples-without-content');
    await page.getByText('No overdue samples.').waitFor({ timeout: 20_000 });
  });

  it('reads in Chinese', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, admin);
    const zh = await ctx.newPage();
    errors.push(trackErrors(zh));
    await callApi(suite.server.url, admin.token, 'PUT', '/plan/edit', { id: planId, post_within_days: 14 });
    await zh.goto('/plans/samples-without-content');
    await zh.getByRole('heading', { name: '逾期样品' }).waitFor();
    await zh
      .getByTestId('ledger-overdue-row')
      .filter({ hasText: `@${LATE}` })
      .waitFor({ timeout: 20_000 });
    await zh.getByRole('button', { name: '起草提醒' }).click();
    await zh.getByRole('dialog', { name: `给@${LATE}的提醒` }).waitFor();
    expect(await seriousAxeViolations(zh), 'zh-cn reminder').toEqual([]);
    expect(errors.flat()).toEqual([]);
  });
});
