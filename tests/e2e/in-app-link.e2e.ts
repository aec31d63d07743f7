/**
 * A creator's name in Home's grid is a plain in-app link (src/ui/in-app-link.tsx): a plain click
 * opens the creator page inside the running app (no page load; the header shows the clicked
 * creator), Back returns to Home, and Enter on the focused name opens it too. A click with a
 * modifier keeps the browser's meaning: Ctrl+click opens the page in a new tab and this one stays.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext } from '../helpers/browser.ts';
import { browserSuite } from '../helpers/browser-suite.ts';
import { signInDemo } from '../helpers/shell.ts';

let page: Page;
const NAME = '.cd-grid__body > .cd-grid__row a.home-creator-name';

browserSuite({}, async ({ browser, server }) => {
  const ctx = await newContext(browser, server.url, 'en-US');
  await signInDemo(ctx, server.url, 'en');
  page = await ctx.newPage();
  await page.goto('/home');
  await page.locator(NAME).first().waitFor({ timeout: 60_000 });
});

/** A mark on the window: it survives an in-app navigation and is gone after a page load. */
const mark = () => page.evaluate(() => ((window as unknown as { inAppMark: number }).inAppMark = 1));
const marked = () => page.evaluate(() => (window as unknown as { inAppMark?: number }).inAppMark === 1);

describe('creator name link', () => {
  it('opens the creator page without a page load, and Back returns to Home', async () => {
    const link = page.locator(NAME).first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/creator\/\d+$/);
    const label = (await link.textContent())!.trim();
    await mark();
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await expect.poll(async () => (await page.locator('main').textContent())?.includes(label)).toBe(true);
    expect(await marked()).toBe(true);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await page.locator(NAME).first().waitFor();
    expect(await marked()).toBe(true);
  });

  it('opens by keyboard: Enter on the focused name', async () => {
    const link = page.locator(NAME).nth(1);
    const href = (await link.getAttribute('href'))!;
    await mark();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    expect(await marked()).toBe(true);
  });

  it('leaves a Ctrl+click to the browser: a new tab opens the creator, this page stays on Home', async () => {
    await page.goto('/home');
    const link = page.locator(NAME).first();
    await link.waitFor({ timeout: 60_000 });
    const href = (await link.getAttribute('href'))!;
    await mark();
    const opened = page.context().waitForEvent('page');
    await link.click({ modifiers: ['Control'] });
    const tab = await opened;
    await expect.poll(() => new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await marked()).toBe(true);
  });
});
