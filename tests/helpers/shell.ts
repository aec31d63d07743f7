/**
 * Story helpers for the app-shell browser tests: sign in through the API (cookies as
 * src/api/session.ts writes them), read the last SMS code through the test hook, and find toasts.
 */
import { spawnSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { REDEEM_CODE_PATTERN } from '../../contract/constants.ts';
import { encodeForm } from '../../contract/wire.ts';
import { DEMO_ACCOUNTS } from '../../server/services/demo.ts';

export { DEMO_ACCOUNTS };

export interface ApiSession {
  token: string;
  token_expiration_time: number;
  member_name: string;
  phone: string;
  login_time: number;
}

/** POST /member/getToken the way the login form does. */
export async function apiSignIn(
  baseUrl: string,
  login: { phone: string } | { email: string },
  password: string,
  opts: { force?: boolean; language?: 'zh-cn' | 'en-us' } = {},
): Promise<{ code: number; msg: string; data: ApiSession }> {
  const res = await fetch(`${baseUrl}/api/v0.1/member/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm({
      sys_tag: 'tiktok-sys',
      isPassword: 1,
      ...login,
      password,
      force: opts.force ? 1 : undefined,
      language: opts.language ?? 'en-us',
    }),
  });
  return (await res.json()) as { code: number; msg: string; data: ApiSession };
}

/** The /member/getToken body of the en-us register form (partner creatordesk). */
export const registerEmailBody = (email: string, password: string) => ({
  sys_tag: 'tiktok-sys',
  type: 'register',
  partner: 'creatordesk',
  isPassword: 1,
  email,
  password,
  language: 'en-us',
});

/** Registers an email account the way the register form does; its session. */
export async function registerEmail(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/v0.1/member/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(registerEmailBody(email, password)),
  });
  const body = (await res.json()) as { code: number; msg: string; data: ApiSession };
  if (body.code !== 200) throw new Error(`register failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** Puts a session into a browser context: the cookies TiktokToken, tkToken and tkSession. */
export async function useSession(context: BrowserContext, baseUrl: string, s: ApiSession): Promise<void> {
  const { token, ...rest } = s;
  const expires = s.token_expiration_time;
  await context.addCookies(
    [
      { name: 'TiktokToken', value: token },
      { name: 'tkToken', value: token },
      { name: 'tkSession', value: encodeURIComponent(JSON.stringify(rest)) },
    ].map((c) => ({ ...c, url: baseUrl, expires, sameSite: 'Lax' as const })),
  );
}

/** Signs the demo account of a locale in (force=1, so earlier sessions never get in the way). */
export async function signInDemo(
  context: BrowserContext,
  baseUrl: string,
  which: 'zh' | 'en',
): Promise<ApiSession> {
  const a = DEMO_ACCOUNTS[which];
  const login = which === 'zh' ? { phone: DEMO_ACCOUNTS.zh.phone } : { email: DEMO_ACCOUNTS.en.email };
  const res = await apiSignIn(baseUrl, login, a.password, { force: true });
  if (res.code !== 200) throw new Error(`demo sign-in failed: ${res.code} ${res.msg}`);
  await useSession(context, baseUrl, res.data);
  return res.data;
}

/** The latest SMS code sent to a phone (server started with TEST_HOOKS=1). */
export async function lastSmsCode(baseUrl: string, phone: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v0.1/test/sms?phone=${phone}`);
  const body = (await res.json()) as { data: { code: string | null } };
  if (!body.data.code) throw new Error(`no SMS code for ${phone}`);
  return body.data.code;
}

/** A toast with this exact text becomes visible. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * Follows a top-menu entry: inline when the nine entries fit, else through the menu button (a
 * crowded header collapses them: a narrow window, zh-cn labels, "Offline" beside unsent changes).
 */
export async function followMenu(page: Page, name: string): Promise<void> {
  const inline = page.locator('.app-menu-inline').getByRole('link', { name, exact: true });
  const button = page.getByTestId('menu-button');
  // Collapsed inline entries are inert and hidden from the role tree: only one of the two matches.
  await inline.or(button).first().waitFor();
  if (await button.isVisible()) {
    await button.click();
    await page.locator('.app-menu-stacked').getByRole('link', { name, exact: true }).click();
  } else {
    await inline.click();
  }
}

let phoneSeq = 0;
/** A fresh valid mainland phone per call (13 + pid-derived digits + counter). */
export function freshPhone(): string {
  phoneSeq += 1;
  const tail = String((process.pid * 1000 + phoneSeq) % 1_000_000_000).padStart(9, '0');
  return `13${tail}`;
}

/** Closes every visible toast, so the next identical message must be shown anew. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.locator('.cd-toast__close');
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await page.locator('.cd-toast').first().waitFor({ state: 'detached', timeout: 5000 });
}

/** One unused VIP redeem code, made by the operator command (`npm run redeem-codes`) against a server's data. */
export function redeemCode(dataDir: string, days = 30): string {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/redeem-codes.ts', '--count', '1', '--days', String(days)],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
  );
  const code = r.stdout
    .split('\n')
    .map((l) => l.trim())
    .find((l) => REDEEM_CODE_PATTERN.test(l));
  if (!code) throw new Error(`no code: ${r.stdout}${r.stderr}`);
  return code;
}
