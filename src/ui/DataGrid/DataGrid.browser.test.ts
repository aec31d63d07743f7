/**
 * The grid in real Chromium: the fixture page (fixture/grid-fixture.tsx) bundled once here in
 * development mode (React's checks and StrictMode stay on) and served by vite's preview server,
 * no app routes. Covers what Node cannot: DOM size while scrolling 100,000 rows, ARIA counts,
 * keyboard moves, sort + page reset, persisted columns/zoom/selection across reloads, the cleared
 * toast, the bottom mirror scrollbar, drag-scrolling, empty/loading states.
 *
 * A bundle, not the dev server: every fresh profile below loaded the dev server's hundreds of
 * unbundled modules again (~10 s each on a 2-core machine), where the bundle loads in well under one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, trackErrors, twoFrames } from '../../../tests/helpers/browser.ts';

const FIXTURE = '/src/ui/DataGrid/fixture/grid-fixture.html';
let server: PreviewServer;
let browser: Browser;
let base = '';
let outDir = '';

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-grid-fixture-'));
  const config = {
    configFile: false as const,
    root: process.cwd(),
    mode: 'development',
    logLevel: 'error' as const,
    plugins: [react()],
  };
  await build({
    ...config,
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    build: { outDir, emptyOutDir: true, minify: false, rollupOptions: { input: FIXTURE.slice(1) } },
  });
  server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

async function open(
  query = '',
  viewport = { width: 1366, height: 860 },
): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = trackErrors(page);
  await page.goto(`${base}${FIXTURE}?${query}`);
  await page.waitForSelector('[role=grid]');
  return { page, errors };
}

const grid = (page: Page) => page.locator('[role=grid]');
const domRows = (page: Page) => page.locator('[role=grid] [role=rowgroup] [role=row]').count();
const focusedCell = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.cell);
const firstRowId = (page: Page) =>
  page.locator('[role=grid] .cd-grid__body [role=row]').first().locator('[aria-colindex="2"]').textContent();
// react-aria's checkbox input is visually hidden: users click the label
const chooserItem = (page: Page, name: string) =>
  page.locator('label.cd-grid__check-item').filter({ hasText: new RegExp(`^${name}$`) });
const ticked = (page: Page, row: number) =>
  page.locator(`[role=grid] [role=row][aria-rowindex="${row}"] input[type=checkbox]`).isChecked();

describe('DataGrid in Chromium', { timeout: 60_000 }, () => {
  it('scrolls 100,000 rows keeping under 150 rows and only some columns in the DOM', async () => {
    const { page, errors } = await open('mode=window');
    await expect.poll(() => grid(page).getAttribute('aria-rowcount')).toBe('100001');
    await page.waitForSelector('[aria-rowindex="3"] >> text=creator_2');
    const total = await grid(page).evaluate((g) => g.scrollHeight);
    for (const at of [0, 0.25, 0.5, 0.999, 1]) {
      await grid(page).evaluate((g, y) => (g.scrollTop = y), Math.floor(total * at));
      await page.waitForTimeout(150);
      expect(await domRows(page)).toBeLessThan(150);
    }
    // the very last row is reachable and carries the full-size aria-rowindex
    await page.waitForSelector('[role=row][aria-rowindex="100001"] >> text=creator_100000');
    const headers = await page.locator('[role=columnheader]').count();
    const colCount = Number(await grid(page).getAttribute('aria-colcount'));
    expect(colCount).toBe(39); // checkbox + 38 shown of 42 (4 hidden by default)
    expect(headers).toBeLessThan(colCount);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('re-renders only the rows that scroll in, not every row on screen', async () => {
    const { page } = await open('mode=window');
    await page.waitForSelector('[aria-rowindex="3"] >> text=creator_2');
    await page.waitForTimeout(300);
    const renders = () => page.evaluate(() => (window as unknown as { nameRenders: number }).nameRenders);
    const before = await renders();
    for (let i = 1; i <= 10; i++) {
      await grid(page).evaluate((g, y) => (g.scrollTop = y), i * 32);
      await page.waitForTimeout(50);
    }
    // one new row per step (twice under StrictMode); re-rendering all ~35 rows would be ~700
    expect((await renders()) - before).toBeLessThan(100);
    await page.context().close();
  });

  it('moves focus by keyboard across the whole virtual grid', async () => {
    const { page } = await open('mode=window');
    // Focus lands once the target cell is rendered: a move that scrolls (PageDown, End) renders
    // the new rows or columns on the scroll event after the key, so every read below polls.
    await page.locator('[role=row][aria-rowindex="2"] [aria-colindex="2"]').click();
    await expect.poll(() => focusedCell(page)).toBe('1:1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(page)).toBe('2:2');
    await page.keyboard.press('PageDown');
    const pagedRow = async () => Number((await focusedCell(page))?.split(':')[0]);
    await expect.poll(pagedRow).toBeGreaterThan(10);
    const paged = await pagedRow();
    // PageDown moves by whole pages from row 2, so its row is 2 + k * pageRows, never in between
    await page.keyboard.press('End');
    await expect.poll(() => focusedCell(page)).toBe(`${paged}:38`);
    await page.keyboard.press('Control+End');
    await expect.poll(() => focusedCell(page)).toBe('100000:38');
    await expect(
      page.evaluate(() => document.activeElement?.closest('[role=row]')?.getAttribute('aria-rowindex')),
    ).resolves.toBe('100001');
    await page.keyboard.press('Control+Home');
    await expect.poll(() => focusedCell(page)).toBe('0:0');
    expect(await domRows(page)).toBeLessThan(150); // an upper bound that must hold at every moment
    await page.context().close();
  });

  it('patches the shown rows in place on a new page instead of re-creating them', async () => {
    const { page } = await open();
    const firstRow = page.locator('[role=grid] .cd-grid__body [role=row]').first();
    await expect.poll(() => firstRowId(page)).toBe('1');
    await firstRow.evaluate((r) => ((r as HTMLElement & { mark?: number }).mark = 1));
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => firstRowId(page)).toBe('21');
    // the same element (rows are keyed by position), now with page 2's aria-rowindex
    await expect.poll(() => firstRow.getAttribute('aria-rowindex')).toBe('22');
    await expect(firstRow.evaluate((r) => (r as HTMLElement & { mark?: number }).mark)).resolves.toBe(1);
    await page.context().close();
  });

  it('draws a link that knows it is in a cell out of the tab order; the scan takes out any other', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
    // Every write of a tabindex attribute, from before the first row is drawn.
    await ctx.addInitScript(() => {
      const writes: string[] = ((window as unknown as { tabWrites: string[] }).tabWrites = []);
      new MutationObserver((list) => {
        for (const m of list) {
          const el = m.target as Element;
          if (el.closest('[data-cell]') && el.localName === 'a')
            writes.push(
              el.hasAttribute('data-in-app')
                ? 'in-app'
                : el.getAttribute('target') === '_blank'
                  ? 'new-tab'
                  : 'plain',
            );
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    });
    try {
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await page.goto(`${base}${FIXTURE}?links=1`);
      const links = page.locator('[role=grid] .cd-grid__body [data-cell] a');
      const writes = () => page.evaluate(() => (window as unknown as { tabWrites: string[] }).tabWrites);
      for (const pageNo of [1, 2]) {
        if (pageNo === 2) await page.getByRole('button', { name: 'Page 2' }).click();
        await expect.poll(() => firstRowId(page)).toBe(pageNo === 1 ? '1' : '21');
        await expect.poll(() => links.count()).toBeGreaterThan(30);
        // every link in a cell is out of the tab order: the cell takes the focus
        await expect
          .poll(() => links.evaluateAll((as) => as.filter((a) => (a as HTMLElement).tabIndex !== -1).length))
          .toBe(0);
      }
      // The plain links were written by the grid's scan after their render; the in-app and new-tab
      // links, which read that they are in a cell, were drawn so and never written.
      await expect.poll(async () => (await writes()).filter((w) => w === 'plain').length).toBeGreaterThan(0);
      expect((await writes()).filter((w) => w !== 'plain')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('sorts from the header, resets to page 1 and exposes aria-sort', async () => {
    const { page } = await open();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => firstRowId(page)).toBe('41');
    const idHeader = page.locator('[role=columnheader][aria-colindex="2"]');
    await idHeader.locator('button').click();
    await expect.poll(() => idHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => page.locator('[aria-current=page]').textContent()).toBe('1');
    await idHeader.locator('button').click();
    await expect.poll(() => idHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstRowId(page)).toBe('100000');
    // Enter on the focused header cell sorts too
    await idHeader.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => idHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.context().close();
  });

  it('keeps the column choice and zoom per screen across a reload', async () => {
    const { page } = await open();
    await page.getByRole('button', { name: 'Columns' }).click();
    await chooserItem(page, 'Field 0').click();
    await chooserItem(page, 'Field 36').click();
    await page.keyboard.press('Escape');
    const rowH = () =>
      page
        .locator('.cd-grid__body [role=row]')
        .first()
        .evaluate((r) => r.getBoundingClientRect().height);
    const before = await rowH();
    await page.getByRole('button', { name: 'Larger rows' }).click();
    await expect.poll(rowH).toBeGreaterThan(before);
    const zoomed = await rowH();
    await page.reload();
    await page.waitForSelector('.cd-grid__body [role=row]');
    await expect.poll(() => grid(page).getAttribute('aria-colcount')).toBe('39');
    const names = await page.locator('[role=columnheader]').allTextContents();
    expect(names).not.toContain('Field 0');
    await expect.poll(rowH).toBe(zoomed); // zoom survived the reload
    await page.getByRole('button', { name: 'Columns' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Field 36' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Field 0' }).isChecked()).toBe(true);
    expect(await rowH()).toBe(zoomed); // resetting the columns leaves the zoom alone
    await page.context().close();
  });

  it('keeps selections across pages and reloads, re-ticks them, and toasts when cleared', async () => {
    const { page } = await open();
    await page.locator('[aria-rowindex="2"] input[type=checkbox]').check();
    await page.locator('[aria-rowindex="3"] input[type=checkbox]').check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => firstRowId(page)).toBe('21');
    await expect.poll(() => ticked(page, 22)).toBe(false);
    await page.getByRole('checkbox', { name: 'Select all rows shown' }).check();
    await page.getByText('22 selected').waitFor();
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(() => firstRowId(page)).toBe('1');
    await expect.poll(() => ticked(page, 2)).toBe(true);
    await expect.poll(() => ticked(page, 4)).toBe(false);
    await page.reload();
    await page.getByText('22 selected').waitFor();
    await expect.poll(() => ticked(page, 3)).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('checkbox', { name: 'Select all rows shown' })
          .evaluate((b) => (b as HTMLInputElement).indeterminate),
      )
      .toBe(true);
    // Space on a focused row cell toggles it
    await page.locator('[aria-rowindex="4"] [aria-colindex="3"]').click();
    await page.keyboard.press(' ');
    await page.getByText('23 selected').waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByText('Selection cleared').waitFor();
    await expect.poll(() => page.getByText(/selected$/).count()).toBe(0);
    await expect.poll(() => ticked(page, 2)).toBe(false);
    await page.context().close();
  });

  it('pins a mirror scrollbar to the viewport bottom, synced both ways, and drag-scrolls', async () => {
    const { page } = await open('above=300', { width: 1000, height: 600 });
    const bar = page.locator('.cd-grid__hbar');
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(600);
    await bar.evaluate((b) => (b.scrollLeft = 500));
    await expect.poll(() => grid(page).evaluate((g) => g.scrollLeft)).toBe(500);
    await grid(page).evaluate((g) => (g.scrollLeft = 900));
    await expect.poll(() => bar.evaluate((b) => b.scrollLeft)).toBe(900);
    await grid(page).evaluate((g) => (g.scrollLeft = 0));
    const cell = await page.locator('[aria-rowindex="2"] [aria-colindex="5"]').boundingBox();
    if (!cell) throw new Error('no cell');
    await page.mouse.move(cell.x + 50, cell.y + 5);
    await page.mouse.down();
    await page.mouse.move(cell.x - 250, cell.y + 5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => grid(page).evaluate((g) => g.scrollLeft)).toBe(300);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.getByTestId('refreshes').textContent()).toBe('1');
    await page.context().close();
  });

  it('shows the empty state and a busy skeleton while loading', async () => {
    const empty = await open('mode=empty');
    await empty.page.getByText('No data').waitFor();
    await expect.poll(() => grid(empty.page).getAttribute('aria-rowcount')).toBe('1');
    await empty.page.context().close();
    const loading = await open('mode=loading');
    await expect.poll(() => grid(loading.page).getAttribute('aria-busy')).toBe('true');
    expect(await loading.page.locator('.cd-grid__skeleton').count()).toBeGreaterThan(0);
    expect(await loading.page.getByText('No data').count()).toBe(0);
    await expect(
      loading.page.getByRole('checkbox', { name: 'Select all rows shown' }).isDisabled(),
    ).resolves.toBe(true);
    // Before the first rows the pager is already as the answer leaves it (no flip of its controls
    // in the commit that shows the answer); loading over shown rows disables it.
    const pager = (p: typeof loading.page) => p.getByRole('navigation', { name: 'Pagination' });
    await expect(pager(loading.page).getByRole('button', { name: 'Page 1' }).isDisabled()).resolves.toBe(
      false,
    );
    await loading.page.context().close();
    const reloading = await open('mode=reloading');
    await reloading.page.getByText('creator_2').first().waitFor();
    await expect
      .poll(() => pager(reloading.page).getByRole('button', { name: 'Page 1' }).isDisabled())
      .toBe(true);
    // Its page-size select is still the plain button (Select's mountOnUse), disabled too: a mouse
    // press on it neither mounts nor opens the real select.
    const size = pager(reloading.page).locator('button[data-on-use]');
    await expect.poll(() => size.isDisabled()).toBe(true);
    const box = (await size.boundingBox())!;
    await reloading.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await twoFrames(reloading.page);
    expect(await reloading.page.getByRole('listbox').count()).toBe(0);
    // still the plain button: the real select did not mount
    expect(await size.count()).toBe(1);
    await reloading.page.context().close();
  });

  it("shows cards while its own box is narrow, whatever the window's width, with the same focus and selection", async () => {
    // A wide window, a 420 px box: the grid's width decides, not the viewport's or the user agent.
    const { page, errors } = await open('mode=window&card=1&width=420');
    await page.locator('.cd-grid--cards').waitFor();
    expect(await grid(page).getAttribute('aria-colcount')).toBe('2');
    await page.getByRole('columnheader', { name: 'Creator cards' }).waitFor();
    await page.waitForSelector('[role=row][aria-rowindex="3"] >> text=creator_2');
    expect(await grid(page).evaluate((g) => g.scrollWidth - g.clientWidth)).toBe(0);
    // one card cell beside the checkbox, 56 px tall at 100 %
    const box = await page.locator('[role=row][aria-rowindex="3"]').boundingBox();
    expect(box?.height).toBe(56);
    // arrows, space and Ctrl+End over 100,000 cards, never more than the DOM cap
    await page.locator('[data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedCell(page)).toBe('1:0');
    await page.keyboard.press(' ');
    await expect.poll(() => ticked(page, 2)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(page)).toBe('1:1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(page)).toBe('1:1');
    await page.keyboard.press('Control+End');
    await expect.poll(() => focusedCell(page)).toBe('100000:1');
    await page.waitForSelector('[role=row][aria-rowindex="100001"] >> text=creator_100000');
    expect(await domRows(page)).toBeLessThan(150);
    // the box widens: the columns come back, focus and selection kept
    await page.getByTestId('box').evaluate((b) => (b.style.width = '1200px'));
    await page.getByRole('columnheader', { name: 'Field 3' }).waitFor();
    expect(await page.locator('.cd-grid--cards').count()).toBe(0);
    expect(Number(await grid(page).getAttribute('aria-colcount'))).toBe(39);
    // focus stayed on the last row's cell, now the row's first data column
    await expect.poll(() => focusedCell(page)).toBe('100000:1');
    await page.keyboard.press('Control+Home');
    await expect.poll(() => focusedCell(page)).toBe('0:0');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedCell(page)).toBe('1:0');
    await expect.poll(() => ticked(page, 2)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sorts cards from the select in the card header, reached by keyboard', async () => {
    const { page, errors } = await open('card=1&width=420');
    await page.waitForSelector('[role=row][aria-rowindex="2"] >> text=creator_1');
    await page.locator('[data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(page)).toBe('0:1');
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'ID, descending' }).click();
    await page.waitForSelector('[role=row][aria-rowindex="2"] >> text=creator_100000');
    await expect.poll(() => page.getByRole('button', { name: /ID, descending/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps its columns in a wide box when it has a card', async () => {
    const { page } = await open('mode=window&card=1');
    await page.getByRole('columnheader', { name: 'Field 3' }).waitFor();
    expect(await page.locator('.cd-grid--cards').count()).toBe(0);
    await page.context().close();
  });
});
