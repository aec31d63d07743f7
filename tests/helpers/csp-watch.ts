/**
 * Content-Security-Policy violations during a browser test, from both ends: in the page (the
 * `securitypolicyviolation` event, Chromium's console report, page errors) and on the servers
 * (`creatordesk_csp_violations_total`, which also counts what workers and the service worker
 * reported to /csp-report). Counts of processes about to restart are kept before they go.
 */
import type { BrowserContext } from 'playwright-core';
import { metricSum, type TeamStack } from './team-stack.ts';

const COUNTER = 'creatordesk_csp_violations_total';

export interface CspWatch {
  /** What pages said; the test expects it to stay empty. */
  readonly seen: string[];
  /** A new browser context of the stack whose pages are watched. */
  context(locale?: 'en-US' | 'zh-CN'): Promise<BrowserContext>;
  /** Keeps process `i`'s count before it restarts (its counter starts again at 0). */
  beforeRestart(i: number): Promise<void>;
  /** Violations the servers were told about, over the whole test. */
  reported(): Promise<number>;
}

export function watchCsp(stack: TeamStack): CspWatch {
  const seen: string[] = [];
  let earlier = 0;
  const count = async (i: number) => metricSum(await stack.metricsText(i), COUNTER);
  return {
    seen,
    async context(locale) {
      const ctx = await stack.newContext(locale);
      await ctx.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(
            `CSP violation: ${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
          ),
        ),
      );
      // Per page, not ctx.on('console'): a context-level console listener makes Playwright attach to
      // the service workers too, and a waiting worker it attached to never ran the page's
      // SKIP_WAITING message (the "Reload" of a new version did nothing; CI failed on it). Workers'
      // and the service worker's violations still reach the server's /csp-report counter below.
      ctx.on('page', (page) =>
        page.on('console', (m) => {
          if (/CSP violation|Content Security Policy/i.test(m.text())) seen.push(m.text());
        }),
      );
      ctx.on('weberror', (e) => seen.push(`page error: ${String(e.error())}`));
      return ctx;
    },
    async beforeRestart(i) {
      earlier += await count(i);
    },
    async reported() {
      return earlier + (await count(0)) + (await count(1));
    },
  };
}
