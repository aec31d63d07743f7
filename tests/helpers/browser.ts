/**
 * Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core (no
 * browser download). One browser per test file; a fresh context (profile) per test or user.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** A new profile; `locale` drives navigator.language, which the app reads when no language is stored. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  locale: 'zh-CN' | 'en-US' = 'en-US',
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale, viewport: { width: 1366, height: 860 } });
}

/** Collects uncaught page errors so a test can assert the page never crashed. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
