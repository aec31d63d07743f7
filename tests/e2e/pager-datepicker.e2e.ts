/**
 * The shared pager and range-date picker on the first screen that shows both (/product): page
 * sizes 20–100, a digits-only jump box, a jump past the end landing on the last page, and the
 * calendar refusing dates before 2021-03-12 and after tomorrow.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { signInDemo } from '../helpers/shell.ts';

let page: Page;

browserSuite({}, async ({ browser, server }) => {
  const ctx = await newContext(browser, server.url, 'en-US');
  const s = await signInDemo(ctx, server.url, 'en');
  // Enough US products for three pages of 20.
  for (let i = 0; i < 45; i++) {
    await callApi(server.url, s.token, 'POST', '/product/add', {
      country: 'US',
      productId: `E2E${String(i).padStart(4, '0')}`,
      productTitle: `Pager product ${i}`,
      productImage: 'https://example.com/p.png',
    });
  }
  page = await ctx.newPage();
  await page.goto('/product');
  await page.getByRole('heading', { name: 'Products' }).waitFor();
});

const current = () => page.locator('.cd-pager [aria-current="page"]').textContent();

describe('pager', () => {
  it('offers 20, 30, 40, 50, 75 and 100 rows per page', async () => {
    // The rows arrive with the first sync.
    await page.waitForFunction(
      () => Number(document.querySelector('.cd-pager__total')?.textContent?.replace(/\D/g, '') ?? 0) >= 45,
      undefined,
      { timeout: 60_000 },
    );
    const total = Number((await page.getByText(/^Total \d+$/).textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(45);
    await page.getByRole('button', { name: /Rows per page/ }).click();
    await expect
      .poll(async () => (await page.getByRole('option').allTextContents()).map((o) => o.trim()))
      .toEqual([20, 30, 40, 50, 75, 100].map((n) => `${n} / page`));
    await page.keyboard.press('Escape');
  });

  it('keeps only digits in the jump box and lands on the last page when jumping past the end', async () => {
    const total = Number((await page.getByText(/^Total \d+$/).textContent())!.replace(/\D/g, ''));
    const last = Math.ceil(total / 20);
    await expect.poll(() => current()).toBe('1');
    const jump = page.locator('.cd-pager__jump-input');
    await jump.fill('');
    await jump.pressSequentially('a2b');
    await expect.poll(() => jump.inputValue()).toBe('2');
    await jump.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('.cd-pager [aria-current="page"]')?.textContent === '2',
    );
    await jump.pressSequentially('999');
    await jump.press('Enter');
    await page.waitForFunction(
      (n) => document.querySelector('.cd-pager [aria-current="page"]')?.textContent === String(n),
      last,
    );
    await expect.poll(() => page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });
});

describe('range-date picker', () => {
  const cell = (day: number) =>
    page.locator('.cd-calendar__cell:not([data-outside-month])').getByText(String(day), { exact: true });
  const disabled = async (day: number) => {
    const el = page.locator('.cd-calendar__cell:not([data-outside-month])', {
      hasText: new RegExp(`^${day}$`),
    });
    return (await el.getAttribute('data-disabled')) !== null;
  };

  it('refuses dates after tomorrow and before 2021-03-12', async () => {
    await page.getByRole('button', { name: 'Open calendar' }).click();
    await page.locator('.cd-calendar').waitFor();
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const after = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2);
    const next = page.getByRole('button', { name: 'Next month' });
    if (tomorrow.getMonth() !== now.getMonth()) await next.click();
    await expect.poll(() => disabled(tomorrow.getDate())).toBe(false);
    // On the last day of a month the day after tomorrow lies in a month the calendar cannot open at all.
    if (after.getMonth() === tomorrow.getMonth())
      await expect.poll(() => disabled(after.getDate())).toBe(true);
    await expect.poll(() => next.isDisabled()).toBe(true);

    const prev = page.getByRole('button', { name: 'Previous month' });
    for (let i = 0; i < 200 && !(await prev.isDisabled()); i++) await prev.click();
    await expect.poll(() => page.locator('.cd-calendar__title').textContent()).toBe('March 2021');
    await expect.poll(() => disabled(11)).toBe(true);
    await expect.poll(() => disabled(12)).toBe(false);
    await cell(12).waitFor();
  });
});
