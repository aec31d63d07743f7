/**
 * An email account (no phone, so no SMS code) changes its password in a real browser, in en-US and
 * zh-CN, at 1440 and at 390 px: the dialog asks for the current password, names every field with a
 * visible label, is axe clean, and works by keyboard from the account menu to the end. A wrong
 * current password shows the server's message and leaves focus on that field; the right one
 * changes the password, and after signing out the new one signs in (the old one no longer does).
 * A phone account keeps the spec's SMS path, labelled the same way (its full story:
 * tests/e2e/session.e2e.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext } from '../helpers/browser.ts';
import { browserSuite } from '../helpers/browser-suite.ts';
import { apiSignIn, expectToast, registerEmail, signInDemo, useSession } from '../helpers/shell.ts';

const suite = browserSuite();

const TEXT = {
  en: {
    locale: 'en-US' as const,
    menu: /Account menu/,
    item: 'Change password',
    logout: 'Log out',
    confirm: 'Confirm',
    save: 'Confirm',
    current: 'Current password',
    next: 'New password',
    repeat: 'Repeat new password',
    phone: 'Phone',
    needCurrent: 'Enter your current password',
    needNew: 'Enter a new password',
    wrong: 'The current password is wrong',
    done: 'Password changed. Other devices must sign in again',
  },
  zh: {
    locale: 'zh-CN' as const,
    menu: /账号菜单/,
    item: '修改密码',
    logout: '退出登录',
    confirm: '确认',
    save: '确定',
    current: '当前密码',
    next: '新密码',
    repeat: '确认新密码',
    phone: '手机号',
    needCurrent: '请输入当前密码',
    needNew: '请输入新密码',
    wrong: '当前密码错误',
    done: '密码修改成功，其他设备需重新登录',
  },
};
type Texts = (typeof TEXT)[keyof typeof TEXT];

let seq = 0;
/** A fresh email account signed in through the API, in a profile of `locale` at `width` px. */
async function emailAccountPage(t: Texts, width: number) {
  const email = `pw${Date.now()}-${++seq}@example.com`;
  const password = 'OldSecret#1';
  const session = await registerEmail(suite.server.url, email, password);
  const ctx = await newContext(suite.browser, suite.server.url, t.locale);
  await useSession(ctx, suite.server.url, session);
  const page = await ctx.newPage();
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  await page.goto('/home');
  return { page, email, password };
}

const dialog = (page: Page) => page.locator('.cd-modal').getByRole('dialog');
/** The name attribute of the focused element (the dialog's inputs carry one each). */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

/** Opens the account menu and its "Change password" entry with the keyboard only. */
async function openByKeyboard(page: Page, t: Texts) {
  const trigger = page.getByRole('button', { name: t.menu });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: t.item });
  await item.waitFor();
  for (let i = 0; i < 8; i++) {
    if (await item.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
}

/** Tabs forward until the input named `name` has focus (at most 12 presses). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 12 && (await focusedName(page)) !== name; i++) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(name);
}

const cases = [
  ['en', 1440],
  ['en', 390],
  ['zh', 1440],
  ['zh', 390],
] as const;

describe('change password of an email account', () => {
  for (const [lang, width] of cases) {
    it(`${lang} at ${width} px: labelled, axe clean, by keyboard; wrong current password refused, right one changes it`, async () => {
      const t = TEXT[lang];
      const { page, email, password } = await emailAccountPage(t, width);
      await openByKeyboard(page, t);
      const d = dialog(page);

      // The current password is asked for; no phone field, no SMS button. Every field is labelled
      // by visible text (getByLabel finds it through the <label> element).
      for (const label of [t.current, t.next, t.repeat]) {
        const field = d.getByLabel(label, { exact: true });
        await field.waitFor();
        const labelBox = await d.locator('label', { hasText: label }).first().boundingBox();
        expect(labelBox && labelBox.width > 0 && labelBox.height > 0, `${label} is visible`).toBe(true);
      }
      expect(await d.getByLabel(t.phone, { exact: true }).count()).toBe(0);
      expect(await d.getByTestId('sms-send').count()).toBe(0);
      // It fits the window: nothing cut or scrolled sideways at 390 px.
      const box = (await d.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Checked in the order shown: the current password first, then the new one.
      await tabTo(page, 'oldPassword');
      await page.keyboard.press('Enter');
      await expectToast(page, t.needCurrent);
      await page.keyboard.type('not-my-password');
      await page.keyboard.press('Enter');
      await expectToast(page, t.needNew);

      // A wrong current password: the server's message, the dialog stays, focus on that field.
      await tabTo(page, 'password');
      await page.keyboard.type('NewSecret#2');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('repassword');
      await page.keyboard.type('NewSecret#2');
      // Saved from the button this time, with the server's answer held back: while the call runs
      // the button shows it and keeps focus, instead of dropping a keyboard user onto the page.
      const save = d.getByRole('button', { name: t.save, exact: true });
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/v0.1/member/change.pw', async (route) => {
        await held;
        await route.continue();
      });
      for (let i = 0; i < 6 && !(await save.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      // Held by handle: while pending, the button's name gains "working…" (BusyLabel.tsx).
      const button = (await save.elementHandle())!;
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      release();
      await expectToast(page, t.wrong);
      await page.unroute('**/api/v0.1/member/change.pw');
      await expect.poll(() => focusedName(page)).toBe('oldPassword');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Escape still closes the dialog after the refusal; it opens again by keyboard.
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
      await openByKeyboard(page, t);
      await tabTo(page, 'oldPassword');
      await page.keyboard.type(password);
      await page.keyboard.press('Tab');
      await page.keyboard.type('NewSecret#2');
      await page.keyboard.press('Tab');
      await page.keyboard.type('NewSecret#2');
      await page.keyboard.press('Enter');
      await expectToast(page, t.done);
      await dialog(page).waitFor({ state: 'detached' });

      // Sign out through the menu, then sign in with the new password.
      await page.getByRole('button', { name: t.menu }).click();
      await page.getByRole('menuitem', { name: t.logout }).click();
      await page
        .locator('.cd-modal')
        .getByRole('alertdialog')
        .getByRole('button', { name: t.confirm })
        .click();
      await page.waitForURL((u) => u.pathname === '/');
      if (lang === 'en') {
        // The en-us form takes an email (the zh-cn form is for phones).
        await page.goto('/login');
        await page.getByPlaceholder('Please enter your email or phone').fill(email);
        await page.getByPlaceholder('Please enter your password').fill(password);
        await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
        await expectToast(page, 'Wrong account or password');
        await page.getByPlaceholder('Please enter your password').fill('NewSecret#2');
        await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/home');
      } else {
        expect((await apiSignIn(suite.server.url, { email }, password)).code).toBe(40001);
        expect((await apiSignIn(suite.server.url, { email }, 'NewSecret#2')).code).toBe(200);
      }
      await page.context().close();
    });
  }

  it('a phone account keeps the SMS path at 390 px in zh-CN: phone read-only, every field labelled, axe clean', async () => {
    const t = TEXT.zh;
    const ctx = await newContext(suite.browser, suite.server.url, t.locale);
    const session = await signInDemo(ctx, suite.server.url, 'zh');
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    await openByKeyboard(page, t);
    const d = dialog(page);
    const phone = d.getByLabel(t.phone, { exact: true });
    await expect.poll(() => phone.inputValue()).toBe(session.phone);
    expect(await phone.getAttribute('readonly')).not.toBeNull();
    for (const label of [t.next, t.repeat, '验证码']) await d.getByLabel(label, { exact: true }).waitFor();
    expect(await d.getByLabel(t.current, { exact: true }).count()).toBe(0);
    const send = (await d.getByTestId('sms-send').boundingBox())!;
    expect(send.x + send.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'detached' });
    await ctx.close();
  });
});
