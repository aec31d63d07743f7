/**
 * Accessibility of every route (WCAG 2.2 AA): axe-core in Chromium finds no violation
 * of impact serious or critical, signed out and signed in, in en-us and zh-cn; every page has one
 * main landmark, one h1 and a skip link first in the tab order. Menus and a dialog are audited
 * open as well, since their content is not in the page until then.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../../messages/en-us.json' with { type: 'json' };
import zh from '../../messages/zh-cn.json' with { type: 'json' };
import { focusMark, pageStructure, seriousAxeViolations } from '../helpers/axe.ts';
import { newContext } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { registerEmail, signInDemo } from '../helpers/shell.ts';

const LOCALES = [
  { tag: 'en-US', demo: 'en', text: en },
  { tag: 'zh-CN', demo: 'zh', text: zh },
] as const;

let topicId = 0;
/** A creator of each demo workspace (en, zh) for the creator page. */
const creatorIds = { en: 0, zh: 0 };
let teamId = 0;
const suite = browserSuite({}, async ({ server }) => {
  // A topic of the demo workspace for the topic pages, and another account's team to be invited to.
  const { token } = await signInApi(server.url);
  const topics = await callApi<{ list: { id: number }[] }>(server.url, token, 'POST', '/challenge/lists', {
    country: 'US',
    page: 1,
    limit: 20,
  });
  topicId = topics.list[0]!.id;
  for (const demo of ['en', 'zh'] as const) {
    const own = demo === 'en' ? token : (await signInApi(server.url, demo)).token;
    const creators = await callApi<{ list: { id: number }[] }>(server.url, own, 'POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    creatorIds[demo] = creators.list[0]!.id;
  }
  const owner = await registerEmail(server.url, `a11y-${Date.now()}@example.com`, 'Secret#123');
  const team = await callApi<{ team_id: number }>(server.url, owner.token, 'POST', '/team/add', {
    title: 'A11y',
  });
  teamId = team.team_id;
});

async function signInApi(url: string, demo: 'en' | 'zh' = 'en') {
  const ctx = await newContext(suite.browser, url);
  const session = await signInDemo(ctx, url, demo);
  await ctx.close();
  return session;
}

const SIGNED_OUT = ['/', '/login', '/register', '/no/such/page'];
const signedInRoutes = (demo: 'en' | 'zh') => [
  '/',
  '/home',
  `/creator/${creatorIds[demo]}`,
  '/followups',
  '/invited',
  '/amateur',
  '/blacklist',
  '/chatTmp',
  '/topic',
  `/topicVideo?id=${topicId}`,
  `/topicInfluencer?id=${topicId}`,
  '/topicVideo',
  '/product',
  '/tag',
  '/team',
  `/invite/${teamId}`,
  '/vip',
  '/no/such/page',
];

/**
 * Data that shows which screens have their local rows (the first sync has written them): axe then
 * sees the full page, not a loading state.
 */
const READY: Record<string, string> = {
  '/home': '.cd-grid__body .cd-grid__row',
  '/invited': '.cd-grid__body .cd-grid__row',
  '/tag': '.catalog-table__row',
};

/** Waits for the page to settle: its h1, no network and no loading grid, and its rows if it has some. */
async function settle(page: Page, path?: string): Promise<void> {
  await page.locator('h1').first().waitFor();
  const ready = path
    ? (READY[path] ?? (path.startsWith('/creator/') ? '.workbench-header' : undefined))
    : undefined;
  if (ready) await page.locator(ready).first().waitFor({ timeout: 60_000 });
  // Not 'networkidle': the sync worker's live event stream keeps a request open.
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
}

async function audit(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => pageStructure(page), { timeout: 10_000, message: `${where}: landmarks and headings` })
    .toMatchObject({ mains: 1, h1s: 1, firstFocusable: { tag: 'a', href: '#main' } });
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

describe.each(LOCALES)('accessibility in $tag', ({ tag, demo, text }) => {
  it('signed out: every public route and the 404 page pass axe', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, tag);
    const page = await ctx.newPage();
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      await settle(page);
      await audit(page, `${tag} signed out ${path}`);
    }
    await ctx.close();
  });

  describe('signed in', () => {
    let ctx: BrowserContext;
    let page: Page;
    it('every route passes axe', async () => {
      ctx = await newContext(suite.browser, suite.server.url, tag);
      await signInDemo(ctx, suite.server.url, demo);
      page = await ctx.newPage();
      for (const path of signedInRoutes(demo)) {
        await page.goto(path);
        await settle(page, path);
        await audit(page, `${tag} signed in ${path}`);
      }
    }, 240_000);

    it('open menus and dialogs pass axe', async () => {
      await page.goto('/tag');
      await settle(page, '/tag');
      await page.getByTestId('language-switch').click();
      await page.getByRole('menu').waitFor();
      expect(await seriousAxeViolations(page), 'language menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: text.account_menu_label }).click();
      await page.getByRole('menu').waitFor();
      expect(await seriousAxeViolations(page), 'account menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: text.tags_add, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousAxeViolations(page), 'add tag dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Home's saved views: the menu, opened by keyboard, and the save dialog.
      await page.goto('/home');
      await settle(page, '/home');
      await page.getByTestId('saved-views').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      expect(await seriousAxeViolations(page), 'saved views menu').toEqual([]);
      await page.getByRole('menuitem', { name: text.views_save }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByText(text.views_name, { exact: true }).waitFor();
      expect(await seriousAxeViolations(page), 'save view dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await ctx.close();
    });
  });
});

describe('keyboard', () => {
  /** Tabs through the whole page once (until focus comes back to the skip link); every stop must show an outline. */
  async function tabRound(page: Page): Promise<string[]> {
    const unmarked: string[] = [];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const mark = await focusMark(page);
      // After the last control the browser's own UI takes focus (the page sees body), then the skip link.
      if (i > 0 && (mark.what === 'body' || mark.what.startsWith('a.app-skip-link'))) return unmarked;
      if (!mark.outlined) unmarked.push(mark.what);
    }
    throw new Error('focus never came back to the skip link');
  }

  it('every control shows a focus outline, signed out and on Home', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    const page = await ctx.newPage();
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await settle(page);
      expect(await tabRound(page), path).toEqual([]);
    }
    await signInDemo(ctx, suite.server.url, 'en');
    await page.goto('/home');
    await settle(page, '/home');
    expect(await tabRound(page), '/home').toEqual([]);
    await ctx.close();
  });

  it('the skip link comes first and moves focus to the main content', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await signInDemo(ctx, suite.server.url, 'en');
    const page = await ctx.newPage();
    await page.goto('/tag');
    await settle(page, '/tag');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: en.app_skip_to_main });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => skip.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes into the page, past the header's nine menu entries.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await ctx.close();
  });

  it('the Home grid is one tab stop; arrows move inside it and Enter follows a row link', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await signInDemo(ctx, suite.server.url, 'en');
    const page = await ctx.newPage();
    await page.goto('/home');
    await settle(page, '/home');
    const grid = page.locator('.cd-grid__scroll');
    await grid.locator('.cd-grid__body .cd-grid__row').nth(3).waitFor();
    const tabStops = () =>
      grid.evaluate(
        (g) =>
          [...g.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')].filter(
            (el) => el.tabIndex >= 0,
          ).length,
      );
    await expect.poll(tabStops).toBe(1);
    // Into the grid by Tab from the control before it; one more Tab leaves it.
    await grid.locator('[tabindex="0"]').focus();
    const inGrid = () => page.evaluate(() => Boolean(document.activeElement?.closest('.cd-grid__scroll')));
    await page.keyboard.press('Shift+Tab');
    await expect.poll(inGrid).toBe(false);
    await page.keyboard.press('Tab');
    await expect.poll(inGrid).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('1:0');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell')))
      .toBe('1:1');
    // Enter on the creator id cell follows its link (the profile, in a new tab; answered locally).
    await ctx.route('https://www.tiktok.com/**', (route) => route.fulfill({ body: 'profile' }));
    const [profile] = await Promise.all([ctx.waitForEvent('page'), page.keyboard.press('Enter')]);
    await profile.waitForURL(/^https:\/\/www\.tiktok\.com\/@/);
    await profile.close();
    await page.keyboard.press('Tab');
    await expect.poll(inGrid).toBe(false);
    await expect.poll(tabStops).toBe(1);
    await ctx.close();
  });
});
