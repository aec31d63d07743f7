/**
 * What a new user sees first, measured in a real browser at 390 and 1440 px in en-us and zh-cn:
 * - the landing page's header: brand, language, Log in and Sign up side by side, none touching
 *   another or the window's edge, the language's name on one line;
 * - the first sign-in: while the rows are still arriving, Home says so instead of "Total 0" and
 *   "No creators match" (which it says once the sync is done and nothing matches);
 * - Home's grid: a long creator id ends in an ellipsis, the demo's tag names show whole, and the
 *   note "New or changed rows have arrived" covers no column header, toolbar or floating button
 *   and is not cut;
 * - the creator page: "Back to the list" sits above the title, the follow-up fields' labels and
 *   inputs line up, and the help button never covers "Add follow-up".
 * Every screen is checked with axe in the state measured.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import en from '../../messages/en-us.json' with { type: 'json' };
import zh from '../../messages/zh-cn.json' with { type: 'json' };
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { signInDemo, useSession, type ApiSession } from '../helpers/shell.ts';

const suite = browserSuite();
const WIDTHS = [1440, 390];
const LOCALES = [
  { tag: 'en-US', demo: 'en', text: en },
  { tag: 'zh-CN', demo: 'zh', text: zh },
] as const;
type Text = typeof en | typeof zh;
type Box = { x: number; y: number; width: number; height: number };

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, `${String(l)} has a box`).not.toBeNull();
  return b!;
};

/** The element is the one hit at its centre (nothing covers it) and lies inside the window. */
const unobstructed = (l: Locator) =>
  l.evaluate((node) => {
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === node || node.contains(hit));
  });

/** No element inside (or the element itself) holds more than its box shows. */
const uncut = (l: Locator) =>
  l.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((e) => e.getClientRects().length > 0 && !e.closest('.cd-visually-hidden'))
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .filter((e) => getComputedStyle(e).overflow !== 'visible' || e === root)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent?.slice(0, 40)}"`),
  );

const axeClean = async (page: Page, where: string) =>
  expect(await seriousAxeViolations(page), `axe: ${where}`).toEqual([]);

const syncLabel = (page: Page) => page.locator('.app-header .cd-sync__label');
async function upToDate(page: Page, text: Text) {
  await syncLabel(page).getByText(text.sync_synced, { exact: true }).waitFor({ timeout: 120_000 });
}

describe.each(LOCALES)('first look in $tag', ({ tag, demo, text }) => {
  // One signed-in profile per language, made by the first-sign-in test and used by the later ones.
  let ctx: BrowserContext | undefined;
  let page: Page;
  let session: ApiSession;
  let errors: string[] = [];
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(suite.server.url, session.token, method, path, body);

  async function signedIn(): Promise<Page> {
    if (ctx) return page;
    const signer = await newContext(suite.browser, suite.server.url, tag);
    session = await signInDemo(signer, suite.server.url, demo);
    await signer.close();
    ctx = await newContext(suite.browser, suite.server.url, tag);
    await useSession(ctx, suite.server.url, session);
    page = await ctx.newPage();
    errors = trackErrors(page);
    return page;
  }

  it('landing: brand, language, Log in and Sign up each have their room; the language name is one line', async () => {
    const anon = await newContext(suite.browser, suite.server.url, tag);
    const landing = await anon.newPage();
    await landing.goto('/');
    await landing.locator('h1').waitFor();
    for (const width of WIDTHS) {
      await landing.setViewportSize({ width, height: 844 });
      const where = `${tag} ${width}px`;
      const header = landing.locator('.landing-header');
      const parts = {
        brand: header.locator('.app-brand'),
        language: header.getByTestId('language-switch'),
        login: header.getByRole('link', { name: text.landing_login, exact: true }),
        register: header.getByRole('link', { name: text.landing_register, exact: true }),
      };
      const boxes = Object.fromEntries(
        await Promise.all(Object.entries(parts).map(async ([k, l]) => [k, await box(l)] as const)),
      );
      for (const [k, b] of Object.entries(boxes)) {
        // Off the window's edges by the header's padding, never touching them.
        expect(b.x, `${where}: ${k} left`).toBeGreaterThanOrEqual(8);
        expect(b.x + b.width, `${where}: ${k} right`).toBeLessThanOrEqual(width - 8);
      }
      const names = Object.keys(boxes);
      for (let i = 0; i < names.length; i++)
        for (let j = i + 1; j < names.length; j++)
          expect(
            overlaps(boxes[names[i]!]!, boxes[names[j]!]!),
            `${where}: ${names[i]} meets ${names[j]}`,
          ).toBe(false);
      // The brand's name is whole, and the gap to the language button is real.
      expect(await uncut(parts.brand), `${where}: brand`).toEqual([]);
      expect(
        boxes.language!.x - (boxes.brand!.x + boxes.brand!.width),
        `${where}: brand gap`,
      ).toBeGreaterThanOrEqual(8);
      // The language button is one control's height: its name did not wrap onto a second line.
      expect(boxes.language!.height, `${where}: language height`).toBeLessThanOrEqual(36);
      const nameLines = await parts.language
        .locator('.app-lang-name')
        .evaluate((e) => (e.getBoundingClientRect().width > 1 ? e.getClientRects().length : 1));
      expect(nameLines, `${where}: language name lines`).toBe(1);
      for (const l of Object.values(parts))
        expect(await unobstructed(l), `${where}: ${String(l)}`).toBe(true);
      await axeClean(landing, `landing ${where}`);
    }
    await anon.close();
  }, 90_000);

  it('first sign-in: while the rows arrive Home says so, and "No creators match" only once they have', async () => {
    const p = await signedIn();
    // The first pull (the catalog) passes; the next ones wait until the empty grid has been read.
    let pulls = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await ctx!.route('**/api/v0.1/sync/pull*', async (route) => {
      if (++pulls > 1) await held;
      await route.continue();
    });
    const empty = p.locator('.cd-grid__empty');
    try {
      await p.setViewportSize({ width: 1440, height: 844 });
      await p.goto('/home');
      await empty.getByText(text.home_empty_syncing, { exact: true }).waitFor({ timeout: 60_000 });
      expect(await syncLabel(p).textContent()).not.toBe(text.sync_synced);
      expect(await empty.textContent()).not.toContain(text.home_empty);
      // The total says these are the rows so far, not that the workspace has none.
      expect(await p.locator('.cd-grid__total').textContent()).toBe(
        fill(text.home_total_so_far, { total: '0' }),
      );
      await axeClean(p, `${tag} Home while syncing`);
      await p.setViewportSize({ width: 390, height: 844 });
      await empty.scrollIntoViewIfNeeded();
      expect(await uncut(empty), `${tag} 390px: the syncing note`).toEqual([]);
    } finally {
      release();
      // The held pulls go on first (a plain unroute would answer them itself, under their feet).
      await ctx!.unrouteAll({ behavior: 'wait' });
    }
    await upToDate(p, text);
    await p.locator('.cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => p.locator('.cd-grid__total').textContent())
      .toMatch(new RegExp(`^${fill(text.grid_total, { total: '[\\d,]+' })}$`));
    // Synced, a filter that matches nothing says so in the usual words.
    await p.getByLabel(text.home_search_name, { exact: true }).first().fill('zz_no_such_creator_zz');
    await empty.getByText(text.home_empty, { exact: true }).waitFor();
    await p.getByLabel(text.home_search_name, { exact: true }).first().fill('');
    expect(errors).toEqual([]);
  }, 180_000);

  it('Home: long ids end in an ellipsis, tags show whole, the new-rows note covers nothing and is not cut', async () => {
    const p = await signedIn();
    const tags = await api<{ list: { id: number; title: string }[] }>('POST', '/tags/lists', {
      country: 'US',
      page: 1,
      limit: 100,
    });
    // The two longest of the demo's tag names, and one more for the "+1" chip.
    const picked = [...tags.list].sort((a, b) => b.title.length - a.title.length).slice(0, 3);
    for (const width of WIDTHS) {
      const where = `${tag} ${width}px`;
      await p.setViewportSize({ width, height: 844 });
      await p.goto('/home');
      await upToDate(p, text);
      await p.locator('.cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
      await p.getByRole('button', { name: text.grid_refresh, exact: true }).click();
      const note = p.locator('.cd-grid__notice');
      const waiting = p.getByRole('status').getByText(text.home_rows_waiting, { exact: true });
      await expect.poll(() => waiting.count()).toBe(0);

      // Another device adds a creator with a long id (the newest first) and tags it.
      const id = `${'m'.repeat(18)}_${width}`;
      await ingestCreators(suite.server.url, session.token, 'US', [{ unique_id: id, follower_count: 7 }]);
      await api('PUT', '/blogger/set.tags', {
        country: 'US',
        bloggers: [id],
        type: 'add',
        tagIds: picked.map((t) => t.id),
      });
      await p.evaluate(() => window.dispatchEvent(new Event('focus')));
      await waiting.waitFor({ timeout: 30_000 });

      // Where the page opens and with the note in view: over no header cell or toolbar control.
      for (const step of ['as opened', 'scrolled to the note']) {
        if (step !== 'as opened') await note.scrollIntoViewIfNeeded();
        const n = await box(note);
        const scroller = await box(p.locator('.cd-grid__scroll'));
        const covered = await p
          .locator('.cd-grid__toolbar button, .cd-grid__toolbar .cd-grid__total, [role=columnheader]')
          .evaluateAll(
            (els, [nb, sb]) =>
              els
                .filter((e) => !e.closest('.cd-grid__notice'))
                .filter((e) => {
                  const r = e.getBoundingClientRect();
                  // A header cell counts where the grid shows it (it scrolls sideways under the frame).
                  const inGrid = e.getAttribute('role') === 'columnheader';
                  const left = inGrid ? Math.max(r.left, sb.x) : r.left;
                  const right = inGrid ? Math.min(r.right, sb.x + sb.width) : r.right;
                  return (
                    right - left > 0.5 &&
                    Math.min(right, nb.x + nb.width) - Math.max(left, nb.x) > 0.5 &&
                    Math.min(r.bottom, nb.y + nb.height) - Math.max(r.top, nb.y) > 0.5
                  );
                })
                .map((e) => e.textContent?.trim() || e.getAttribute('aria-label')),
            [n, scroller] as const,
          );
        expect(covered, `${where} ${step}: the note covers`).toEqual([]);
        for (const fixed of ['.app-help', '.app-back-to-top']) {
          const f = p.locator(fixed);
          if (await f.isVisible())
            expect(overlaps(n, await box(f)), `${where} ${step}: note under ${fixed}`).toBe(false);
        }
      }
      expect(
        (await box(note)).x + (await box(note)).width,
        `${where}: note inside the window`,
      ).toBeLessThanOrEqual(width);
      expect(await uncut(note), `${where}: the note`).toEqual([]);
      const show = p.getByRole('button', { name: text.home_rows_show, exact: true });
      expect(await unobstructed(show), `${where}: Show them`).toBe(true);
      await axeClean(p, `Home with the note ${where}`);

      await show.click();
      const row = p
        .locator('.cd-grid__body .cd-grid__row')
        .filter({ has: p.getByRole('link', { name: `@${id}`, exact: true }) });
      await row.waitFor({ timeout: 30_000 });
      await expect.poll(() => row.locator('.cd-tag--clip').count(), { timeout: 30_000 }).toBe(2);
      // The id is longer than its column: it ends in an ellipsis inside the cell, not at its edge.
      const link = row.locator('a.home-creator-link');
      const cut = await link.evaluate((a) => {
        const cell = a.closest('[role=gridcell]')!;
        const cs = getComputedStyle(a);
        return {
          overflows: a.scrollWidth > a.clientWidth,
          ellipsis: cs.textOverflow === 'ellipsis' && cs.overflow === 'hidden',
          inside: a.getBoundingClientRect().right <= cell.getBoundingClientRect().right - 4,
          title: a.getAttribute('title'),
        };
      });
      expect(cut, `${where}: long id`).toEqual({
        overflows: true,
        ellipsis: true,
        inside: true,
        title: `@${id}`,
      });
      // The tags' names show whole: no chip shortened, the chips and "+1" inside the cell.
      const chips = row.locator('.cd-tag-chips');
      expect(await uncut(chips), `${where}: tag chips`).toEqual([]);
      // Two of the three as chips (the tags' own order), the third named by "+1".
      const shown = await row.locator('.cd-tag--clip').allTextContents();
      const rest = await row.locator('.cd-tag--more .cd-visually-hidden').textContent();
      expect([...shown, rest].sort()).toEqual(picked.map((t) => t.title).sort());
      const cellRight = await chips.evaluate(
        (c) => c.closest('[role=gridcell]')!.getBoundingClientRect().right,
      );
      const more = await box(row.locator('.cd-tag--more'));
      expect(more.x + more.width, `${where}: +1 inside its cell`).toBeLessThanOrEqual(cellRight);
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('creator page: back link above the title, follow-up fields in line, help button clear of Add follow-up', async () => {
    const p = await signedIn();
    const list = await api<{ list: { id: number }[] }>('POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    for (const width of WIDTHS) {
      const where = `${tag} ${width}px`;
      await p.setViewportSize({ width, height: 844 });
      await p.goto(`/creator/${list.list[0]!.id}`);
      const add = p.getByRole('button', { name: text.workbench_followup_add, exact: true });
      await add.waitFor({ timeout: 60_000 });

      const title = await box(p.locator('h1'));
      const back = await box(p.getByRole('button', { name: text.workbench_back, exact: true }));
      expect(back.y + back.height, `${where}: back above the title`).toBeLessThanOrEqual(title.y + 1);
      expect(Math.abs(back.x - title.x), `${where}: back starts where the title does`).toBeLessThanOrEqual(2);

      const panel = p.locator('section[aria-labelledby="workbench-followups-title"]');
      const date = await box(panel.getByText(text.workbench_followup_date, { exact: true }));
      const what = await box(panel.getByText(text.workbench_followup_text, { exact: true }));
      const dateInput = await box(panel.getByLabel(text.workbench_followup_date, { exact: true }));
      const whatInput = await box(panel.getByLabel(text.workbench_followup_text, { exact: true }));
      const addBox = await box(add);
      if (whatInput.y < dateInput.y + dateInput.height) {
        // Side by side: labels on one line, inputs and then the button on the next.
        expect(whatInput.x, `${where}: the date first`).toBeGreaterThanOrEqual(dateInput.x + dateInput.width);
        expect(addBox.x, `${where}: the button last`).toBeGreaterThanOrEqual(whatInput.x + whatInput.width);
        expect(Math.abs(date.y - what.y), `${where}: labels level`).toBeLessThanOrEqual(1);
        expect(Math.abs(dateInput.y - whatInput.y), `${where}: inputs level`).toBeLessThanOrEqual(1);
        expect(
          Math.abs(addBox.y + addBox.height - (whatInput.y + whatInput.height)),
          `${where}: button in line`,
        ).toBeLessThanOrEqual(1);
      } else {
        // Stacked: each field under the last, the button under both, starting where they start.
        expect(what.y, `${where}: stacked`).toBeGreaterThanOrEqual(dateInput.y + dateInput.height);
        expect(addBox.y, `${where}: button below`).toBeGreaterThanOrEqual(whatInput.y + whatInput.height);
        expect(Math.abs(addBox.x - whatInput.x), `${where}: button at the start`).toBeLessThanOrEqual(1);
      }

      // Wherever the page is scrolled, the floating help button is beside the button, not on it:
      // bring the button to the help button's height and look at what is hit there.
      const help = await box(p.locator('.app-help'));
      expect(addBox.x + addBox.width, `${where}: Add follow-up left of the help button`).toBeLessThanOrEqual(
        help.x,
      );
      await add.scrollIntoViewIfNeeded();
      const now = await box(add);
      await p
        .getByTestId('app-scroller')
        .evaluate((s, dy) => s.scrollBy(0, dy), now.y + now.height / 2 - (help.y + help.height / 2));
      await expect.poll(() => unobstructed(add), { message: `${where}: Add follow-up covered` }).toBe(true);
      expect(overlaps(await box(add), help), `${where}: help button over Add follow-up`).toBe(false);
      await axeClean(p, `creator page ${where}`);
    }
    expect(errors).toEqual([]);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });
});
