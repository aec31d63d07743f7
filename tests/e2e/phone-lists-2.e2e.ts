/**
 * More lists on a phone, in a real browser against the real server, its demo seed and the demo
 * topic collector: at 390 px the blacklist, the amateurs, a topic's influencers and videos and a
 * plan's table show each row as a card with nothing to scroll sideways; where a list has a bulk
 * action, a card picked by keyboard (arrows and space, as in the grid) goes through it and the
 * server has the change. At 1440 px the same lists keep their columns; axe finds nothing serious
 * on the cards in en-us and zh-cn.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, popupOption, serverAgrees } from '../helpers/browser-suite.ts';
import { expectToast, signInDemo, useSession, type ApiSession } from '../helpers/shell.ts';
import { synced } from '../helpers/tag-page.ts';

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];
let topicId = 0;
let planId = 0;

const api = <T>(method: string, path: string, body: Record<string, unknown> = {}): Promise<T> =>
  callApi<T>(suite.server.url, session.token, method, path, body);

const suite = browserSuite(
  { TOPIC_COLLECTOR: 'on', TOPIC_SCHEDULE_TICK_SECONDS: '1' },
  async ({ browser, server }) => {
    ctx = await newContext(browser, server.url, 'en-US');
    session = await signInDemo(ctx, server.url, 'en');
    page = await ctx.newPage();
    errors = trackErrors(page);
    // A live seeded topic: the collector fills it within seconds.
    const topics = await api<{ list: { id: number; end_time: number | null }[] }>(
      'POST',
      '/challenge/lists',
      {
        country: 'US',
      },
    );
    const now = Date.now() / 1000;
    topicId = topics.list.find((t) => !t.end_time || t.end_time > now)!.id;
    // A plan of four demo creators for the plan table.
    const product = `17290000000${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const productRow = await api<{ id: number }>('POST', '/product/add', {
      country: 'US',
      productId: product,
      productTitle: 'Phone cards',
      productImage: 'https://example.com/phone.png',
    });
    planId = (
      await api<{ id: number }>('POST', '/plan/add', {
        name: 'Phone cards',
        country: 'US',
        product_ids: [productRow.id],
        commission_rate: 10,
      })
    ).id;
    const creators = await api<{ list: { id: number }[] }>('POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 4,
    });
    await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: creators.list.map((c) => c.id) });
  },
);

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const dataRows = (p: Page) => p.locator('.cd-grid__body .cd-grid__row:has([role=gridcell])');
const focused = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('data-cell'));

/** Nothing runs off the side: neither the page nor the list scrolls sideways. */
const sideways = (p: Page) =>
  p.evaluate(() => {
    const doc = document.documentElement;
    const grid = document.querySelector<HTMLElement>('[role=grid]');
    return {
      page: doc.scrollWidth - doc.clientWidth,
      list: grid ? grid.scrollWidth - grid.clientWidth : -1,
    };
  });

/** Opens a list and reloads until its grid shows real rows (the collector may not have run yet). */
async function openUntilRows(p: Page, path: string) {
  const until = Date.now() + 60_000;
  await p.goto(path);
  for (;;) {
    try {
      await dataRows(p).first().getByRole('link').first().waitFor({ timeout: 5_000 });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`no rows on ${path}`);
      await p.reload();
    }
  }
}

/**
 * openUntilRows, then waits for the sync to be up to date (en-us pages): rows a later page of the
 * first pull brings would otherwise slide in above the ones a test has read and is about to pick.
 */
async function openToPick(p: Page, path: string) {
  await openUntilRows(p, path);
  await synced(p);
}

/** The list shows cards (a checkbox cell and a card cell, or the card cell alone) and no sideways scroll. */
async function expectCards(p: Page, colCount: string) {
  await p.locator('.cd-grid--cards').waitFor({ timeout: 30_000 });
  expect(await p.getByRole('grid').getAttribute('aria-colcount')).toBe(colCount);
  await expect.poll(() => sideways(p)).toEqual({ page: 0, list: 0 });
  expect(await dataRows(p).count()).toBeGreaterThan(0);
}

/** Keyboard only: from the page checkbox's cell down to the first `n` cards, space on each. */
async function pickByKeyboard(p: Page, n: number) {
  await p.locator('[data-cell="0:0"]').focus();
  for (let i = 1; i <= n; i++) {
    await p.keyboard.press('ArrowDown');
    await expect.poll(() => focused(p)).toBe(`${i}:0`);
    await p.keyboard.press(' ');
  }
  await p.getByText(`${n} selected`, { exact: true }).waitFor();
  for (let i = 0; i < n; i++) expect(await dataRows(p).nth(i).getAttribute('aria-selected')).toBe('true');
}

const planPath = () => `/plans/${planId}?view=table`;

/** The plan's members on the server: every page of a full pull (the demo seed fills several). */
async function planMembers() {
  const members: { stage: unknown }[] = [];
  let cursor = '';
  for (;;) {
    const wire = await api<PullWire>('POST', '/sync/pull', { cursor });
    for (const r of decodePull(wire).changes.plan_creators) if (Number(r.plan_id) === planId) members.push(r);
    if (!wire.has_more) return members;
    cursor = wire.cursor;
  }
}

describe('more lists on a phone', () => {
  it('the blacklist at 390 px shows cards; a card picked by keyboard is deleted through the bulk action', async () => {
    await page.setViewportSize(PHONE);
    await openToPick(page, '/blacklist');
    await expectCards(page, '2');
    const first = dataRows(page).first();
    await first.getByText('Followers', { exact: true }).waitFor();
    await first.getByText('Reason', { exact: true }).waitFor();
    const id = (await first.getByRole('link').first().textContent())!;
    await pickByKeyboard(page, 1);
    await page.getByRole('button', { name: 'Delete selected', exact: true }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('1 selected', { exact: true }).count()).toBe(0);
    await serverAgrees(
      () =>
        api<{ list: { unique_id: string }[] }>('POST', '/blogger/black.lists', {
          country: 'US',
          page: 1,
          limit: 50,
          name: id,
        }),
      (r) => !r.list.some((b) => b.unique_id === id),
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it('the amateurs at 390 px show cards; two cards picked by keyboard are added to the creators', async () => {
    await page.setViewportSize(PHONE);
    await openToPick(page, '/amateur');
    await expectCards(page, '2');
    const first = dataRows(page).first();
    await first.getByText('Followers', { exact: true }).waitFor();
    const handle = async (n: number) =>
      ((await dataRows(page).nth(n).locator('a.tt-author__id').textContent()) ?? '').replace(/^@/, '');
    const picked = [await handle(0), await handle(1)];
    await pickByKeyboard(page, 2);
    await page.getByRole('button', { name: 'Add 2 to creators' }).click();
    await expectToast(page, /Added to the creator database/);
    await expect.poll(() => page.getByText('2 selected', { exact: true }).count()).toBe(0);
    const creators = await api<{ list: { unique_id: string }[] }>('POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 100,
    });
    for (const p of picked) expect(creators.list.map((c) => c.unique_id)).toContain(p);
    expect(errors).toEqual([]);
  }, 120_000);

  it("a topic's influencers and videos at 390 px show cards with no sideways scroll; arrows move between them", async () => {
    await page.setViewportSize(PHONE);
    await openUntilRows(page, `/topicInfluencer?id=${topicId}`);
    // No selection on the topic lists: the card cell is the row's only cell.
    await expectCards(page, '1');
    await dataRows(page).first().getByText('Followers', { exact: true }).waitFor();
    await dataRows(page).first().locator('a.tt-author__id').waitFor();

    await openUntilRows(page, `/topicVideo?id=${topicId}`);
    await expectCards(page, '1');
    await dataRows(page).first().getByText('Plays', { exact: true }).waitFor();
    expect(await dataRows(page).first().getByRole('link').first().getAttribute('href')).toContain('/video/');
    await dataRows(page).first().locator('[role=gridcell]').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toBe('2:0');
    expect(errors).toEqual([]);
  }, 150_000);

  it("a plan's table at 390 px shows cards; two cards picked by keyboard are moved to a stage", async () => {
    await page.setViewportSize(PHONE);
    await openToPick(page, planPath());
    await expectCards(page, '2');
    await dataRows(page).first().getByText('Next action', { exact: true }).waitFor();
    await pickByKeyboard(page, 2);
    await page.getByRole('button', { name: /^Move the 2 selected to/ }).click();
    await popupOption(page, 'Replied').click();
    await expect
      .poll(() => page.getByText('2 selected', { exact: true }).count(), { timeout: 20_000 })
      .toBe(0);
    await serverAgrees(planMembers, (rows) => rows.filter((r) => r.stage === 'replied').length === 2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('at 1440 px the same lists keep their columns', async () => {
    await page.setViewportSize(WIDE);
    for (const path of [
      '/blacklist',
      '/amateur',
      `/topicInfluencer?id=${topicId}`,
      `/topicVideo?id=${topicId}`,
      planPath(),
    ]) {
      await openUntilRows(page, path);
      await expect.poll(() => page.getByRole('columnheader').count(), { message: path }).toBeGreaterThan(4);
      expect(await page.locator('.cd-grid--cards').count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
  }, 180_000);

  it('axe finds nothing serious on these cards at 390 px, in en-us and zh-cn', async () => {
    // The same workspace read in Chinese: the topic and the plan are the en demo account's.
    const zhCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(zhCtx, suite.server.url, session);
    const zhPage = await zhCtx.newPage();
    const pages: [string, Page][] = [
      ['en-us', page],
      ['zh-cn', zhPage],
    ];
    for (const [tag, p] of pages) {
      await p.setViewportSize(PHONE);
      for (const path of [
        '/blacklist',
        '/amateur',
        `/topicInfluencer?id=${topicId}`,
        `/topicVideo?id=${topicId}`,
        planPath(),
      ]) {
        await openUntilRows(p, path);
        await p.locator('.cd-grid--cards').waitFor({ timeout: 30_000 });
        await expect.poll(() => p.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
        // The page is in the locale under audit (the language follows the browser's).
        expect(await p.evaluate(() => document.documentElement.lang.toLowerCase()), path).toBe(tag);
        expect(await seriousAxeViolations(p), `${tag} ${path}`).toEqual([]);
      }
    }
    await zhCtx.close();
  }, 300_000);
});
