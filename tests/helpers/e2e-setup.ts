/**
 * Browser tests' setup (vitest.e2e.config.ts): a failed test's first error ends with its last
 * Playwright calls (browser.ts `recentBrowserCalls`, cleared as each test starts). A timeout alone does not say
 * which wait never ended; these lines do, in the run's summary where CI shows it.
 */
import { beforeEach } from 'vitest';
import { clearBrowserCalls, recentBrowserCalls } from './browser.ts';

beforeEach(({ onTestFailed }) => {
  clearBrowserCalls();
  onTestFailed(({ task }) => {
    const calls = recentBrowserCalls();
    const first = task.result?.errors?.[0];
    if (!first || !calls.length) return;
    first.message = `${first.message}\n\nLast Playwright calls (a "=>" without its "<=" never ended):\n${calls.map((l) => `  ${l}`).join('\n')}`;
  });
});
