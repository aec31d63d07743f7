import crypto from 'node:crypto';
/**
 * The frame every browser test file shares: one real server process (its own data directory) and
 * one Chromium, started before the file's tests and closed after them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { encodeForm } from '../../contract/wire.ts';
import { launchBrowser, newContext, trackErrors } from './browser.ts';
import { costFile, recordCost, treeCpu } from './e2e-cost.ts';
import { createPgDatabase, type TestDatabase } from './pg-database.ts';
import { startSeededServer, type RunningServer } from './server-process.ts';
import { signInDemo, type ApiSession } from './shell.ts';

export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh profile in `locale`, opened at `path`. */
  open(path: string, locale?: 'zh-CN' | 'en-US'): Promise<Page>;
}

/**
 * Registers the file's beforeAll/afterAll; `ready` runs once both are up (seed data, sign in).
 * `engine` picks the server's database: its own SQLite file, or a fresh PostgreSQL database.
 */
export function browserSuite(
  env: Record<string, string> = {},
  ready?: (suite: BrowserSuite) => Promise<void>,
  engine: 'sqlite' | 'postgres' = 'sqlite',
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let database: TestDatabase | undefined;
  const suite: BrowserSuite = {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
    async open(path, locale = 'en-US') {
      const ctx = await newContext(suite.browser, suite.server.url, locale);
      const page = await ctx.newPage();
      await page.goto(path);
      return page;
    },
  };
  const cost: Record<string, number | string> = {};
  const stamp = (key: string, since: number) => (cost[key] = (Date.now() - since) / 1000);
  beforeAll(async () => {
    const t0 = Date.now();
    cost.file = String(expect.getState().testPath ?? '').replace(`${process.cwd()}/`, '');
    // PostgreSQL: a fresh database of the test cluster (SQLite: the server's own data directory).
    if (engine === 'postgres') database = await createPgDatabase('t_browser');
    // Side by side: the server's start (~2 s) and Chromium's launch (~1 s) wait on nothing of each other.
    // Both are kept even when the other failed, so afterAll stops whichever did start.
    const [started, launched] = await Promise.allSettled([
      startSeededServer(database ? { ...env, DATABASE_URL: database.url } : env).then((s) => {
        stamp('serverStart', t0);
        if (costFile) cost.serverStartCpu = treeCpu(process.pid, s.proc.pid).apart;
        return s;
      }),
      launchBrowser().then((b) => (stamp('browserLaunch', t0), b)),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const t1 = Date.now();
    await ready?.(suite);
    stamp('ready', t1);
    cost.t0 = t0;
  });
  afterAll(async () => {
    if (costFile && server) {
      const cpu = treeCpu(process.pid, server.proc.pid);
      const self = process.cpuUsage();
      recordCost({
        ...cost,
        wall: (Date.now() - Number(cost.t0)) / 1000,
        serverCpu: cpu.apart,
        chromiumCpu: cpu.rest,
        workerCpu: (self.user + self.system) / 1e6,
      });
    }
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });
  return suite;
}

export interface SignedInPage {
  ctx: BrowserContext;
  session: ApiSession;
  page: Page;
  /** The page's console errors and failed requests (trackErrors). */
  errors: string[];
}

/**
 * A fresh en-US profile with the English demo account signed in and one blank page, for a file whose
 * tests share one signed-in page:
 *
 *   const suite = browserSuite({}, async (s) => ({ ctx, session, page, errors } = await signedInPage(s)));
 */
export async function signedInPage({ browser, server }: BrowserSuite): Promise<SignedInPage> {
  const ctx = await newContext(browser, server.url, 'en-US');
  const session = await signInDemo(ctx, server.url, 'en');
  const page = await ctx.newPage();
  return { ctx, session, page, errors: trackErrors(page) };
}

/** One API call as the app makes it (form body, `token` header); throws unless code is 200. */
/** Creators into the token's workspace through the ingest API (JSON, with an idempotency key); expects 200. */
export async function ingestCreators(
  baseUrl: string,
  token: string,
  country: string,
  creators: Record<string, unknown>[],
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ country, creators }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`ingest: ${body.code} ${body.msg}`);
}

export async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v0.1${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: encodeForm({ language: 'en-us', ...body }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/**
 * Polls `read` (usually a server list) until `check` holds, for changes the outbox sends in the
 * background; returns the last read. Throws with what it last saw after `ms`.
 */
export async function serverAgrees<T>(
  read: () => Promise<T>,
  check: (seen: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const seen = await read();
    if (check(seen)) return seen;
    if (Date.now() > until) throw new Error(`server never agreed: ${JSON.stringify(seen).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * An option of the open select popup. A popup that was just closed by a pick stays in the page
 * (marked `data-exiting`) until react-aria sees its animation end, so the next select's options can
 * briefly sit beside the old ones; this only looks in the popup that is opening or open.
 */
export function popupOption(page: Page, name: string): Locator {
  return page.locator('.cd-popover:not([data-exiting])').getByRole('option', { name, exact: true });
}

/**
 * A file whose tests share one signed-in en-US demo page (signedInPage): the suite, that page's
 * handles once the suite is up, and an API call with its token (or another one).
 *
 *   const demo = demoSuite();
 *   await demo.s.page.goto('/tag');
 *   const tags = await demo.api<{ list: Tag[] }>('POST', '/tags/lists', { country: 'US' });
 */
export function demoSuite(env: Record<string, string> = {}) {
  let signed: SignedInPage | undefined;
  const suite = browserSuite(env, async (x) => {
    signed = await signedInPage(x);
  });
  return {
    suite,
    get s(): SignedInPage {
      if (!signed) throw new Error('the demo page is not signed in yet');
      return signed;
    },
    api<T>(method: string, path: string, body: Record<string, unknown> = {}, token?: string): Promise<T> {
      return callApi<T>(suite.server.url, token ?? this.s.session.token, method, path, body);
    },
  };
}
