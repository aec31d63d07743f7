/**
 * zh-cn sign-in and sign-up in a real browser: every validation message of
 * the sign-in and sign-up forms (the placeholders, as toasts), the SMS countdown, remember-account,
 * SMS sign-in and register.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../helpers/browser-suite.ts';
import { apiSignIn, DEMO_ACCOUNTS, expectToast, freshPhone, lastSmsCode } from '../helpers/shell.ts';

const suite = browserSuite();

const zhPage = (path: string): Promise<Page> => suite.open(path, 'zh-CN');

const submit = (page: Page, name: string) =>
  page.locator('form').getByRole('button', { name, exact: true }).click();

describe('zh-cn login', () => {
  it('checks phone, then password, then code in code mode, with the placeholders as toasts', async () => {
    const page = await zhPage('/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    const phone = page.getByPlaceholder('请输入手机号');
    await expect.poll(() => phone.getAttribute('maxlength')).toBe('11');
    await submit(page, '登录');
    await expectToast(page, '请输入手机号');
    await phone.fill('1380013800012345');
    await expect.poll(() => phone.inputValue()).toBe('13800138000');
    await submit(page, '登录');
    await expectToast(page, '请输入密码');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await expect.poll(() => page.getByPlaceholder('请输入密码').count()).toBe(0);
    const code = page.getByPlaceholder('请输入验证码');
    await expect.poll(() => code.getAttribute('maxlength')).toBe('6');
    await submit(page, '登录');
    await expectToast(page, '请输入验证码');
    await page.context().close();
  });

  it('needs a phone to send a code, then counts down 120 s after a successful send only', async () => {
    const page = await zhPage('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const send = page.getByTestId('sms-send');
    await send.click();
    await expectToast(page, '请输入手机号');
    await expect.poll(() => send.isDisabled()).toBe(false);
    await page.getByPlaceholder('请输入手机号').fill(DEMO_ACCOUNTS.zh.phone);
    const clicked = Date.now();
    await send.click();
    await page.waitForFunction(() =>
      /秒后重发/.test(document.querySelector('[data-testid="sms-send"]')!.textContent!),
    );
    await expect.poll(() => send.isDisabled()).toBe(true);
    const secondsLeft = async () => Number((await send.textContent())!.match(/\d+/)![0]);
    const first = await secondsLeft();
    // 120 s from the send, less what has passed since the click (a loaded machine may take seconds)
    expect(first).toBeLessThanOrEqual(120);
    expect(first).toBeGreaterThanOrEqual(120 - Math.ceil((Date.now() - clicked) / 1000) - 1);
    await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThan(first);
    // The code from the SMS signs the demo account in.
    await page
      .getByPlaceholder('请输入验证码')
      .fill(await lastSmsCode(suite.server.url, DEMO_ACCOUNTS.zh.phone));
    await submit(page, '登录');
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('heading', { name: '达人库' }).waitFor();
    await page.context().close();
  });

  it('shows the server msg for a wrong password; a live session elsewhere asks first (10020), then force wins', async () => {
    // Another device holds a live session of the demo account.
    expect(
      (
        await apiSignIn(suite.server.url, { phone: DEMO_ACCOUNTS.zh.phone }, DEMO_ACCOUNTS.zh.password, {
          force: true,
        })
      ).code,
    ).toBe(200);
    const page = await zhPage('/login');
    await page.getByPlaceholder('请输入手机号').fill(DEMO_ACCOUNTS.zh.phone);
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await submit(page, '登录');
    await expectToast(page, '账号或密码错误');
    await page.getByPlaceholder('请输入密码').fill(DEMO_ACCOUNTS.zh.password);
    await page.getByLabel('记住账号').check();
    await submit(page, '登录');
    const dialog = page.locator('.cd-modal').getByRole('alertdialog');
    await dialog.getByText('该账号已在其他地方登录，是否继续在此登录？').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await submit(page, '登录');
    await dialog.getByRole('button', { name: '继续登录' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    // Remembered: after the session is gone, /login shows the phone filled in and the box ticked.
    await page.context().clearCookies();
    await page.goto('/login');
    await expect.poll(() => page.getByPlaceholder('请输入手机号').inputValue()).toBe(DEMO_ACCOUNTS.zh.phone);
    await expect.poll(() => page.getByLabel('记住账号').isChecked()).toBe(true);
    await page.getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL((u) => u.pathname === '/register');
    await page.context().close();
  });
});

describe('zh-cn register', () => {
  it('checks phone, code, password; a code needs an 11-character phone; then signs the new account in', async () => {
    const page = await zhPage('/register');
    await page.getByRole('heading', { name: '注册账号' }).waitFor();
    await submit(page, '注册');
    await expectToast(page, '请输入手机号');
    const phone = freshPhone();
    await page.getByPlaceholder('请输入手机号').fill(phone.slice(0, 9));
    await page.getByTestId('sms-send').click();
    await expectToast(page, '请输入 11 位手机号');
    await submit(page, '注册');
    await expectToast(page, '请输入验证码');
    await page.getByPlaceholder('请输入手机号').fill(phone);
    await page.getByTestId('sms-send').click();
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-testid="sms-send"]')!.disabled,
    );
    await page.getByPlaceholder('请输入验证码').fill(await lastSmsCode(suite.server.url, phone));
    await submit(page, '注册');
    await expectToast(page, '请输入密码');
    await page.getByPlaceholder('请输入密码').fill('Secret#2026');
    await submit(page, '注册');
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('button', { name: '账号菜单' }).waitFor();
    await page.context().close();
  });
});
