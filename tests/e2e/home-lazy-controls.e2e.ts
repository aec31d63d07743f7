/**
 * Home's heavy controls load on first use: the range-date picker's code is not part of /home's
 * first load, yet the first keyboard use opens it (focus inside the calendar, Escape back on the
 * calendar button), and after one visit it opens offline from the service worker's precache. While
 * its code is still on the way, the stand-in keeps focus, and the real picker takes focus over only
 * if the user is still there. Home's selects are plain buttons until first used, and the first
 * keyboard, mouse or touch use reaches the real select.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json' with { type: 'json' };
import { newContext, runServiceWorker, trackErrors, twoFrames } from '../helpers/browser.ts';
import { browserSuite } from '../helpers/browser-suite.ts';
import { signInDemo } from '../helpers/shell.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const suite = browserSuite();
/** A class only the real picker's calendar draws: a script holding it carries the calendar's code. */
const CALENDAR_CODE = 'cd-calendar__grid';

/** Where focus is: inside the calendar's dialog, on the picker's calendar button, or elsewhere. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (a?.closest('.cd-date-range__dialog')) return 'calendar';
    if (a?.matches('.cd-date-range__open')) return 'open-button';
    return a?.tagName ?? 'none';
  });

describe('lazily loaded controls on /home', () => {
  it('leaves the date picker out of the first load, opens it by keyboard on first use, and offline after one visit', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await signInDemo(ctx, suite.server.url, 'en');
    const page = await ctx.newPage();
    const withCalendar: string[] = [];
    let reading = 0;
    page.on('response', (r) => {
      if (!/\.js$/.test(new URL(r.url()).pathname)) return;
      reading++;
      void r
        .text()
        .then((t) => t.includes(CALENDAR_CODE) && withCalendar.push(r.url()))
        .catch(() => undefined)
        .finally(() => reading--);
    });
    await page.goto('/home');
    await page.locator('.cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
    const open = page.getByRole('button', { name: en.date_open_calendar });
    await open.waitFor();
    await expect.poll(() => reading).toBe(0);
    expect(withCalendar).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // First use by keyboard: focus the calendar button, Enter.
    await open.focus();
    await page.keyboard.press('Enter');
    await page.locator('.cd-calendar').waitFor();
    await expect.poll(() => focusPlace(page)).toBe('calendar');
    await expect.poll(() => withCalendar.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.cd-calendar').count()).toBe(0);
    await expect.poll(() => focusPlace(page)).toBe('open-button');
    // The picker works as before: a preset sets both dates.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => page.locator('.cd-date-range__clear').count()).toBe(1);

    // A select's first keyboard use: focus its trigger, Enter opens the list with focus in it, Escape returns.
    const chatted = page
      .locator('.cd-select')
      .filter({ has: page.locator('.cd-field__label', { hasText: new RegExp(`^${en.home_search_chat}$`) }) })
      .getByRole('button');
    await chatted.focus();
    await expect.poll(() => chatted.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="listbox"]'))))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await expect.poll(() => chatted.evaluate((el) => el === document.activeElement)).toBe(true);

    // After the service worker took over, the picker opens offline in a new start of the app.
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
        { timeout: 60_000 },
      )
      .toBe('activated');
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await ctx.setOffline(true);
    const offline = await ctx.newPage();
    await offline.goto('/home');
    const offlineOpen = offline.getByRole('button', { name: en.date_open_calendar });
    await offlineOpen.waitFor({ timeout: 30_000 });
    await offlineOpen.focus();
    await offline.keyboard.press('Enter');
    await offline.locator('.cd-calendar').waitFor({ timeout: 20_000 });
    await expect.poll(() => focusPlace(offline)).toBe('calendar');
    await ctx.setOffline(false);
    await ctx.close();
  });

  it('draws the filters and page size as plain buttons until first used; keyboard, mouse and touch each reach the real select', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US');
    await signInDemo(ctx, suite.server.url, 'en');
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    await page.goto('/home');
    await page.locator('#root .cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
    // The app's own selects (a warm start's copy of the page has look-alikes of them too).
    const select = (p: Page, label: string) =>
      p
        .locator('#root .cd-select')
        .filter({ has: p.locator('.cd-field__label', { hasText: new RegExp(`^${label}$`) }) })
        .getByRole('button');
    const plainButtons = (p: Page) => p.locator('#root .cd-select__trigger[data-on-use]');
    const plainCount = (p: Page) => plainButtons(p).count();
    const realFocused = (p: Page) =>
      p.evaluate(() => {
        const a = document.activeElement;
        if (!a?.matches('.cd-select__trigger')) return 'not a select';
        const label = a.closest('.cd-select')?.querySelector('.cd-field__label')?.textContent;
        return `${a.hasAttribute('data-on-use') ? 'plain' : 'real'} ${label}`;
      });
    const listboxes = () => page.getByRole('listbox').count();
    // Four filters, the country and the page size: plain buttons, no react-aria collection behind them.
    await expect.poll(() => plainCount(page)).toBe(6);
    expect(await page.locator('#root .cd-select select').count()).toBe(0);
    expect(await page.getByRole('button', { name: `${en.home_any} ${en.home_search_tag}` }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard. A focus hands over inside its own event: the real trigger has focus when focus() returns.
    expect(
      await select(page, en.home_search_chat).evaluate((el) => {
        el.focus();
        const a = document.activeElement;
        return Boolean(a?.matches('.cd-select__trigger') && !a.hasAttribute('data-on-use'));
      }),
    ).toBe(true);
    // Tab reaches the next one the same way, and Enter pressed right after reaches its real trigger.
    await page.evaluate(() => {
      const w = window as unknown as { __keys: string[] };
      w.__keys = [];
      document.addEventListener(
        'keydown',
        (e) => {
          const t = e.target as Element;
          const kind = t.matches('.cd-select__trigger')
            ? t.hasAttribute('data-on-use')
              ? 'plain'
              : 'real'
            : t.tagName;
          w.__keys.push(`${e.key}:${kind}`);
        },
        true,
      );
    });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys)).toEqual([
      'Tab:real',
      'Enter:real',
    ]);
    await page.getByRole('option', { name: en.common_yes, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => select(page, en.home_search_invited).textContent()).toContain(en.common_yes);
    // The list gave focus back to the trigger it opened from: the real one.
    await expect.poll(() => realFocused(page)).toBe(`real ${en.home_search_invited}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('invited')).toBe('1');

    // Mouse: one click opens the list of a select never used before; the pick leaves focus on its real trigger.
    await select(page, en.home_search_black).click();
    await page.getByRole('listbox').waitFor();
    await page.getByRole('option', { name: en.common_no, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('black')).toBe('0');
    await expect.poll(() => realFocused(page)).toBe(`real ${en.home_search_black}`);

    // A screen reader's activation focuses and clicks in one go: the list opens, Escape closes it on the trigger.
    await select(page, en.country_label).evaluate((el) => {
      (el as HTMLElement).focus();
      (el as HTMLElement).click();
    });
    await expect.poll(listboxes).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(listboxes).toBe(0);
    await expect.poll(() => realFocused(page)).toBe(`real ${en.country_label}`);
    await expect.poll(() => plainCount(page)).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Both kept over a reload, shown by the plain buttons again.
    await page.reload();
    await expect.poll(() => plainCount(page)).toBe(6);
    expect(await select(page, en.home_search_invited).textContent()).toContain(en.common_yes);
    expect(await select(page, en.home_search_black).textContent()).toContain(en.common_no);
    // A click on a label focuses its select, closed, as react-aria's label does once it is real.
    await page
      .locator('#root .cd-select .cd-field__label', { hasText: new RegExp(`^${en.home_search_tag}$`) })
      .click();
    await expect.poll(() => realFocused(page)).toBe(`real ${en.home_search_tag}`);
    expect(await listboxes()).toBe(0);
    expect(await plainCount(page)).toBe(5);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await ctx.close();

    // Touch on a phone: a tap opens it, a tap on an option picks it.
    const phone = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'block',
    });
    await signInDemo(phone, suite.server.url, 'en');
    const tapped = await phone.newPage();
    await tapped.goto('/home');
    await tapped.locator('.cd-grid__row:has([role=gridcell])').first().waitFor({ timeout: 60_000 });
    // A thumb that starts a scroll on a select scrolls the page and opens nothing: touch opens on the
    // click, which a scroll does not send.
    const plainBefore = await plainCount(tapped);
    expect(plainBefore).toBeGreaterThan(0);
    const start = (await plainButtons(tapped).first().boundingBox())!;
    const scroller = tapped.getByTestId('app-scroller');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
    // A thumb drags up from the middle of it (raw touch events; Chromium turns them into a scroll).
    await tapped.evaluate(() =>
      document.addEventListener(
        'pointerdown',
        (e) => {
          const where = (e.target as Element).closest('[data-on-use]') ? 'plain select' : 'elsewhere';
          (window as unknown as { firstPress: string }).firstPress = where;
        },
        { capture: true, once: true },
      ),
    );
    const touch = await phone.newCDPSession(tapped);
    const x = Math.round(start.x + start.width / 2);
    const y = Math.round(start.y + start.height / 2);
    expect(y).toBeGreaterThan(150); // the drag stays on the screen
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++)
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y - i * 25 }],
      });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect
      .poll(() => tapped.evaluate(() => (window as unknown as { firstPress?: string }).firstPress))
      .toBe('plain select');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await twoFrames(tapped);
    expect(await tapped.getByRole('listbox').count()).toBe(0);
    expect(await plainCount(tapped)).toBe(plainBefore);
    const size = tapped.locator('.cd-pager__size').getByRole('button');
    await size.scrollIntoViewIfNeeded();
    await size.tap();
    await tapped.getByRole('listbox').waitFor();
    await tapped.getByRole('option', { name: en.pager_page_size.replace('{size}', '50') }).tap();
    await expect.poll(() => size.textContent()).toBe(en.pager_page_size.replace('{size}', '50'));
    await phone.close();
  });

  it('keeps focus on the date stand-in while its code loads, and does not pull focus back once the user moved on', async () => {
    // No service worker, so every script request goes through the route below; the calendar's
    // chunk is held until the test lets it go.
    const ctx = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: 'en-US',
      viewport: { width: 1366, height: 860 },
      serviceWorkers: 'block',
    });
    await signInDemo(ctx, suite.server.url, 'en');
    let held = 0;
    let release = () => {};
    const gate = () => new Promise<void>((r) => (release = r));
    let waiting = gate();
    await ctx.route('**/*.js', async (route) => {
      const res = await route.fetch();
      const body = await res.text();
      if (body.includes(CALENDAR_CODE)) {
        held++;
        await waiting;
      }
      await route.fulfill({ response: res, body });
    });
    const startOf = (page: Page) => page.getByRole('group', { name: en.date_start, exact: true });
    const onRealStart = (page: Page) =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a?.getAttribute('role') === 'spinbutton' && Boolean(a.closest('.cd-date-range'));
      });

    // Focus reaches the start date while the code is held: focus stays there, not on the page.
    const page = await ctx.newPage();
    await page.goto('/home');
    await page.locator('.cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
    await startOf(page).focus();
    await expect.poll(() => held).toBe(1);
    await expect.poll(() => startOf(page).evaluate((el) => el === document.activeElement)).toBe(true);
    release();
    await expect.poll(() => onRealStart(page)).toBe(true);
    await page.close();

    // The user moves on while the code is held: once it arrives, focus stays where the user went.
    waiting = gate();
    const other = await ctx.newPage();
    await other.goto('/home');
    await other.locator('.cd-grid__body .cd-grid__row').first().waitFor({ timeout: 60_000 });
    await startOf(other).focus();
    await expect.poll(() => held).toBe(2);
    const elsewhere = other.getByRole('textbox').first();
    await elsewhere.focus();
    release();
    await expect.poll(() => other.locator('.cd-date-range [role="spinbutton"]').count()).toBeGreaterThan(0);
    expect(await elsewhere.evaluate((el) => el === document.activeElement)).toBe(true);
    // A script still on its way through the route when the context closes is no failure of this test.
    await ctx.unrouteAll({ behavior: 'ignoreErrors' });
    await ctx.close();
  });
});
