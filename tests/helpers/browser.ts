/**
 * Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core (no
 * browser download). One browser per test file; a fresh context (profile) per test or user.
 */
import { chromium, type Browser, type BrowserContext, type Logger, type Page } from 'playwright-core';

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts, 1.5x) plus
 * ours. Chromium reads only the last `--disable-features` switch, so ours must repeat Playwright's.
 * Ours: the omnibox popup's WebUI pages (`chrome://omnibox-popup.top-chrome/`, and its `_aim`
 * page). New headless Chromium is the full browser, and every new context opens a window whose
 * toolbar preloads them in a renderer of their own: about 1.6-2.1 s of CPU per fresh profile,
 * measured on Chromium 156 (docs/decisions/tests.md, the bullet on the omnibox popup), for a
 * toolbar no test can see.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The last Playwright calls of the running test, newest last ("=> locator.waitFor started",
 * "<= locator.waitFor succeeded"; Playwright's logger gives the call, not its locator). A test that
 * times out says nothing of the call it was stuck in; tests/helpers/e2e-setup.ts appends these
 * lines to the failure, so a flaky run in CI names the kind of wait that never ended (a "=>" with
 * no "<=") and when it began, next to the test's own step lines.
 */
const apiLog: { at: string; last: string; text: string; times: number }[] = [];
const API_LOG_LINES = 30;
export const browserLogger: Logger = {
  isEnabled: (name) => name === 'api',
  log: (_name, _severity, message) => {
    const at = new Date().toISOString().slice(11, 23);
    apiLog.push({ at, last: at, text: String(message).slice(0, 300), times: 1 });
    // A poll repeats one call: its start and end pairs fold into one pair with a count.
    const n = apiLog.length;
    if (
      n >= 4 &&
      apiLog[n - 1]!.text === apiLog[n - 3]!.text &&
      apiLog[n - 2]!.text === apiLog[n - 4]!.text
    ) {
      apiLog.splice(n - 2, 2);
      const end = apiLog[n - 3]!;
      apiLog[n - 3] = { ...end, last: at, times: end.times + 1 };
    }
    if (apiLog.length > API_LOG_LINES) apiLog.shift();
  },
};
/** Starts a new list (each test's failure shows only its own calls). */
export const clearBrowserCalls = (): void => {
  apiLog.length = 0;
};
export const recentBrowserCalls = (): string[] =>
  apiLog.map((l) => `${l.at} ${l.text}${l.times > 1 ? ` (${l.times} times, the last at ${l.last})` : ''}`);

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    logger: browserLogger,
  });
}

/**
 * Whether this file's new profiles run the app's service worker. A fresh profile's worker installs
 * the whole precache (about 300 files) while the test runs: about 5 s of CPU per profile, the
 * largest single cost of a browser file after the app's own boot (docs/decisions/tests.md, the
 * bullet on service workers in browser profiles). Most files test screens online and never need
 * it, so profiles start without it; a file that goes offline, reloads offline or tests updates
 * calls `runServiceWorker()`, or a test asks for it for one profile (`{ serviceWorker: true }`).
 * Each browser file runs in a process of its own, so the choice stays with the file.
 */
let serviceWorkerByDefault = false;
export function runServiceWorker(): void {
  serviceWorkerByDefault = true;
}

/**
 * A new profile; `locale` drives navigator.language, which the app reads when no language is stored.
 * Without the service worker (see `runServiceWorker`), Playwright makes `register()` answer nothing:
 * the app registers no worker and offers no update, and every request goes to the server.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  locale: 'zh-CN' | 'en-US' = 'en-US',
  { serviceWorker = serviceWorkerByDefault }: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale,
    viewport: { width: 1366, height: 860 },
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
}

/**
 * Resolves after the page has drawn two more frames: what an event handled now has changed is on
 * screen by then. For checking that something did not happen (a list did not open); a state a test
 * expects to appear is polled instead.
 */
export const twoFrames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/** Collects uncaught page errors so a test can assert the page never crashed. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
