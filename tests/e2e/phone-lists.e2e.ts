/**
 * Lists on a phone, in a real browser against the real server and its demo seed: at 390 px Home
 * shows each creator as a card (name and handle, flags, followers, GMV, tags) with nothing to
 * scroll sideways; two cards picked by keyboard (arrows and space, as in the grid) are marked
 * chatted through the bulk action, and the change survives a reload and reaches the server. The
 * invited list turns to cards too; at 1440 px Home keeps its columns; axe finds nothing serious
 * at 390 px in either locale.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, popupOption } from '../helpers/browser-suite.ts';
import { signInDemo, type ApiSession } from '../helpers/shell.ts';

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

const suite = browserSuite({}, async ({ browser }) => {
  ctx = await newContext(browser, suite.server.url, 'en-US');
  session = await signInDemo(ctx, suite.server.url, 'en');
  page = await ctx.newPage();
  errors = trackErrors(page);
});

interface Row {
  unique_id: string;
  is_chat: number;
  follower_count: number;
}

const lists = (body: Record<string, unknown>) =>
  callApi<{ list: Row[]; count: number }>(suite.server.url, session.token, 'POST', '/blogger/lists', {
    country: 'US',
    page: 1,
    ...body,
  });

const PHONE = { width: 390, height: 844 };
const dataRows = (p: Page) => p.locator('.cd-grid__row:has([role=gridcell])');
const cardRow = (p: Page, id: string) =>
  dataRows(p).filter({ has: p.getByRole('link', { name: `@${id}`, exact: true }) });
const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));
const gridTotal = async (p: Page) => digits((await p.locator('.cd-grid__total').textContent()) ?? '');

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

/** A fresh /home once the first sync has brought every US creator. */
async function openHome(p: Page, totalText: (n: number) => string) {
  await p.goto('/home');
  const { count } = await lists({ limit: 1 });
  await p.getByText(totalText(count)).first().waitFor({ timeout: 90_000 });
}

const enTotal = (n: number) => `Total ${n.toLocaleString('en-US')}`;

describe('lists on a phone', () => {
  it('Home at 390 px shows creator cards with no sideways scroll; two cards picked by keyboard are marked chatted, and that survives a reload', async () => {
    await page.setViewportSize(PHONE);
    await openHome(page, enTotal);
    const grid = page.getByRole('grid');
    await page.locator('.cd-grid--cards').waitFor();
    // The grid's ARIA stays a grid: a checkbox column and the card column.
    expect(await grid.getAttribute('aria-colcount')).toBe('2');
    await page.getByRole('columnheader', { name: /^Creators/ }).waitFor();
    await expect.poll(() => sideways(page)).toEqual({ page: 0, list: 0 });

    // A card says what the columns did: flags, followers, GMV.
    const first = dataRows(page).first();
    await first.getByText(/^(Chatted|Not chatted)$/).waitFor();
    await first.getByText(/^(Invited|Not invited)$/).waitFor();
    await first.getByText(/^(Blacklisted|Not blacklisted)$/).waitFor();
    await first.getByText('Followers', { exact: true }).waitFor();
    await first.getByText('GMV (30 d)', { exact: true }).waitFor();

    // No column headers to click: the card header's select sorts, like the server's order. By
    // keyboard, as the grid offers it: Enter on the card column's header cell opens it (a plain
    // button until then, Select's mountOnUse), Enter on an option picks it.
    const sortBy = page.getByRole('button', { name: /Sort by/ });
    expect(await sortBy.getAttribute('data-on-use')).toBe('');
    await page.locator('[role=columnheader][data-cell="0:1"]').focus();
    await page.keyboard.press('Enter');
    await popupOption(page, 'Followers, descending').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sortBy.textContent()).toBe('Followers, descending');
    const [top] = (await lists({ field: 'follower_count', sort: 'desc', limit: 1 })).list;
    const firstFollowers = async () =>
      digits(
        (await dataRows(page)
          .first()
          .locator('.cd-grid__card-label', { hasText: 'Followers' })
          .locator('xpath=following-sibling::span[1]')
          .textContent()) ?? '',
      );
    await expect.poll(firstFollowers, { timeout: 10_000 }).toBe(top!.follower_count);

    // Only creators not chatted yet, so the edit below changes something.
    await page
      .locator('.home-filters')
      .getByRole('button', { name: /Chatted/ })
      .click();
    await popupOption(page, 'No').click();
    const notChatted = (await lists({ isChat: 0, limit: 1 })).count;
    await expect.poll(() => gridTotal(page), { timeout: 20_000 }).toBe(notChatted);
    const idOf = async (n: number) =>
      ((await dataRows(page).nth(n).locator('a.home-creator-link').textContent()) ?? '').slice(1);
    const ids = [await idOf(0), await idOf(1)];
    expect(ids[0]).not.toBe(ids[1]);

    // Keyboard only: the page checkbox's cell, down to the first card, space, down, space.
    await page.locator('[data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('1:0');
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('2:0');
    await page.keyboard.press(' ');
    await page.getByText('2 selected', { exact: true }).waitFor();
    for (const id of ids)
      expect(await cardRow(page, id).getAttribute('aria-selected'), `${id} selected`).toBe('true');
    // Right to the card cell and back: the same roving focus as the grid's columns.
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('2:1');

    // The bulk action, as on a wide screen.
    await page.getByRole('button', { name: 'Edit status', exact: true }).click();
    const dialog = page.locator('.cd-modal').getByRole('dialog');
    await dialog.getByRole('button', { name: /Status/ }).click();
    await popupOption(page, 'Chatted').click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('2 selected', { exact: true }).count()).toBe(0);

    // The server has both (the outbox sends in the background) ...
    await expect
      .poll(
        async () => {
          const got = await Promise.all(ids.map((id) => lists({ isChat: 1, name: id, limit: 50 })));
          return got.every((l, i) => l.list.some((r) => r.unique_id === ids[i]));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // ... and after a reload each card reads chatted.
    await page.reload();
    await page
      .locator('.home-filters')
      .getByRole('button', { name: /Chatted/ })
      .click();
    await popupOption(page, 'Yes').click();
    const nameBox = page
      .getByRole('searchbox')
      .or(page.getByLabel('Creator', { exact: true }))
      .first();
    for (const id of ids) {
      await nameBox.fill(id);
      await cardRow(page, id).getByText('Chatted', { exact: true }).waitFor({ timeout: 20_000 });
    }
    await nameBox.fill('');
    await page
      .locator('.home-filters')
      .getByRole('button', { name: /Chatted/ })
      .click();
    await popupOption(page, 'Any').click();
    expect(errors).toEqual([]);
  }, 180_000);

  it('the invited list at 390 px shows invitation cards with no sideways scroll; space picks a card', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/invited');
    await page.locator('.cd-grid--cards').waitFor({ timeout: 60_000 });
    const first = dataRows(page).first();
    await first.getByRole('button', { name: /^View/ }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('grid').getAttribute('aria-colcount')).toBe('2');
    await expect.poll(() => sideways(page)).toEqual({ page: 0, list: 0 });
    expect(await dataRows(page).count()).toBeGreaterThan(1);
    await page.locator('[data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('1:0');
    await page.keyboard.press(' ');
    await page.getByText('1 selected', { exact: true }).waitFor();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByText('1 selected', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('Home at 1440 px keeps its columns', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHome(page, enTotal);
    await page.getByRole('columnheader', { name: /Followers/ }).waitFor();
    expect(await page.locator('.cd-grid--cards').count()).toBe(0);
    expect(Number(await page.getByRole('grid').getAttribute('aria-colcount'))).toBeGreaterThan(10);
    // Narrowing the window turns the same grid to cards, widening it back to columns.
    await page.setViewportSize(PHONE);
    await page.locator('.cd-grid--cards').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('columnheader', { name: /Followers/ }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('axe finds nothing serious on the cards at 390 px, in en-us and zh-cn', async () => {
    const zhCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await signInDemo(zhCtx, suite.server.url, 'zh');
    const zhPage = await zhCtx.newPage();
    const pages: [string, Page][] = [
      ['en-us', page],
      ['zh-cn', zhPage],
    ];
    for (const [tag, p] of pages) {
      await p.setViewportSize(PHONE);
      for (const path of ['/home', '/invited']) {
        await p.goto(path);
        await p.locator('.cd-grid--cards').waitFor({ timeout: 90_000 });
        await dataRows(p).first().getByRole('link').first().waitFor({ timeout: 90_000 });
        expect(await seriousAxeViolations(p), `${tag} ${path}`).toEqual([]);
      }
    }
    await zhCtx.close();
  }, 240_000);
});
