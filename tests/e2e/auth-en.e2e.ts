/**
 * en-us sign-in and sign-up in a real browser: the email-or-phone field (exactly 11 digits is a
 * phone, else an email, else "must be a phone or email"), password mode forced, email register.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../helpers/browser-suite.ts';
import { DEMO_ACCOUNTS, dismissToasts, expectToast } from '../helpers/shell.ts';

const suite = browserSuite();

const enPage = (path: string): Promise<Page> => suite.open(path, 'en-US');

const submit = (page: Page, name: string) =>
  page.locator('form').getByRole('button', { name, exact: true }).click();

describe('en-us login', () => {
  it('checks the email-or-phone field, then the password; no SMS mode is offered', async () => {
    const page = await enPage('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect.poll(() => page.getByRole('tab').count()).toBe(0);
    await expect.poll(() => page.getByPlaceholder('Please enter the SMS code').count()).toBe(0);
    const account = page.getByPlaceholder('Please enter your email or phone');
    await submit(page, 'Sign in');
    await expectToast(page, 'Please enter your email or phone');
    for (const bad of ['seller', '1380013800', '138001380001', 'a@b']) {
      await dismissToasts(page);
      await account.fill(bad);
      await submit(page, 'Sign in');
      await expectToast(page, 'Must be a phone number or an email address');
    }
    await account.fill('13800138000');
    await submit(page, 'Sign in');
    await expectToast(page, 'Please enter your password');
    await page.context().close();
  });

  it('signs in with an email and with an 11-digit phone', async () => {
    const page = await enPage('/login');
    await page.getByPlaceholder('Please enter your email or phone').fill(DEMO_ACCOUNTS.en.email);
    await page.getByPlaceholder('Please enter your password').fill('not-it');
    await submit(page, 'Sign in');
    await expectToast(page, 'Wrong account or password');
    await page.getByPlaceholder('Please enter your password').fill(DEMO_ACCOUNTS.en.password);
    await submit(page, 'Sign in');
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('heading', { name: 'Creator database' }).waitFor();
    await page.context().close();

    // The zh demo account signs in from the en-us form through its phone.
    const page2 = await enPage('/login');
    await page2.getByPlaceholder('Please enter your email or phone').fill(DEMO_ACCOUNTS.zh.phone);
    await page2.getByPlaceholder('Please enter your password').fill(DEMO_ACCOUNTS.zh.password);
    await submit(page2, 'Sign in');
    await page2.waitForURL((u) => u.pathname === '/home');
    await page2.context().close();
  });
});

describe('en-us register', () => {
  it('needs an email, then a password, shows server checks, and signs the new account in', async () => {
    const page = await enPage('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expect.poll(() => page.getByPlaceholder('Please enter your phone number').count()).toBe(0);
    await submit(page, 'Sign up');
    await expectToast(page, 'Please enter your email');
    const email = `seller${Date.now()}@example.com`;
    await page.getByPlaceholder('Please enter your email').fill(email);
    await submit(page, 'Sign up');
    await expectToast(page, 'Please enter your password');
    await page.getByPlaceholder('Please enter your password').fill('Secret#2026');
    await submit(page, 'Sign up');
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.context().close();

    // The same email again: the server's msg is shown and the form stays.
    const again = await enPage('/register');
    await again.getByPlaceholder('Please enter your email').fill(email);
    await again.getByPlaceholder('Please enter your password').fill('Secret#2026');
    await submit(again, 'Sign up');
    await expectToast(again, 'This email address is already registered');
    expect(new URL(again.url()).pathname).toBe('/register');
    await again.getByRole('link', { name: 'Sign in' }).click();
    await again.waitForURL((u) => u.pathname === '/login');
    await again.context().close();
  });
});
