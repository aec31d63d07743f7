/// <reference types="chrome" />
/**
 * The browser extension under test, shared by its browser test and `npm run bench`:
 * the built extension (dist-extension/, built when missing) loaded unpacked into Debian's Chromium
 * in a persistent profile (the only way Chromium runs an extension's worker), Affiliate Center
 * answered by our own fixture pages and JSON on the real hosts, and pairing through the popup.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Route, type Worker } from 'playwright-core';
import {
  findAnswer,
  inviteAnswer,
  makeCreators,
  profileSlices,
  videoSlice,
  type FixtureCreator,
} from '../fixtures/affiliate/creators.ts';
import { detailPage, imPage, invitePage, searchPage } from '../fixtures/affiliate/pages.ts';
import { ingestCreators } from './browser-suite.ts';
import { CHROMIUM_ARGS, browserLogger } from './browser.ts';

export const DIST = path.resolve('dist-extension');
export const AFFILIATE_HOST = 'https://affiliate.tiktok.com';

/** Affiliate Center as the fixtures play it: what `find` answers next (by page), and profiles by id. */
export class AffiliateFixture {
  findPages: FixtureCreator[][] = [];
  readonly profiles = new Map<string, FixtureCreator>();

  readonly route = async (route: Route): Promise<void> => {
    const url = new URL(route.request().url());
    const json = (body: unknown) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname === '/api/v1/oec/affiliate/creator/marketplace/find') {
      const req = JSON.parse(route.request().postData() ?? '{}') as { pagination?: { page?: number } };
      const page = req.pagination?.page ?? 1;
      return json(findAnswer(this.findPages[page - 1] ?? [], page));
    }
    if (url.pathname === '/api/v1/oec/affiliate/creator/marketplace/profile') {
      const req = JSON.parse(route.request().postData() ?? '{}') as {
        creator_oec_id: string;
        profile_types: number[];
      };
      const c = this.profiles.get(req.creator_oec_id);
      if (!c) return json({ code: 100000, message: 'no such creator' });
      const type = req.profile_types[0] ?? 1;
      return json(type === 5 ? videoSlice(c) : profileSlices(c)[type - 1]);
    }
    if (url.pathname === '/api/v1/oec/affiliate/seller/invitation_group/create') return json(inviteAnswer);
    const html = (body: string) => route.fulfill({ status: 200, contentType: 'text/html', body });
    if (url.pathname === '/connection/creator') return html(searchPage());
    if (url.pathname === '/connection/creator/detail') return html(detailPage());
    if (url.pathname === '/seller/im') return html(imPage());
    if (url.pathname === '/connection/target-invitation/create') return html(invitePage());
    return route.fulfill({ status: 404, body: 'not in the fixture' });
  };
}

export interface LoadedExtension {
  ctx: BrowserContext;
  /** The extension's service worker. */
  sw: Worker;
  extId: string;
  popup(): Promise<Page>;
}

/** Chromium with the built extension, Affiliate Center's hosts answered by `fixture`. */
export async function launchWithExtension(fixture: AffiliateFixture): Promise<LoadedExtension> {
  if (!fs.existsSync(path.join(DIST, 'manifest.json'))) {
    const r = spawnSync('npm', ['run', '-s', 'build:extension'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build:extension failed');
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-ext-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    logger: browserLogger,
    viewport: { width: 1366, height: 860 },
    args: [
      `--disable-extensions-except=${DIST}`,
      `--load-extension=${DIST}`,
      // The suites' flags; Playwright adds --headless itself for a persistent context.
      ...CHROMIUM_ARGS.filter((a) => a !== '--headless'),
    ],
  });
  await ctx.route(`${AFFILIATE_HOST}/**`, fixture.route);
  const sw = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
  const extId = new URL(sw.url()).host;
  const popup = async () => {
    const p = await ctx.newPage();
    await p.goto(`chrome-extension://${extId}/src/popup/index.html`);
    return p;
  };
  return { ctx, sw, extId, popup };
}

/** Pairs through the popup as a seller does (server address, the app's code, a name); leaves it open. */
export async function pairInPopup(ext: LoadedExtension, serverUrl: string, code: string, name: string) {
  const p = await ext.popup();
  await p.locator('#server').fill(serverUrl);
  await p.locator('#code').fill(code);
  await p.locator('#name').fill(name);
  await p.getByRole('button', { name: 'Pair' }).click();
  await p.getByText('Connected to').waitFor();
  return p;
}

/** The ms from the fixture search page's list appearing to its 100th badge (marks the page keeps). */
export const badgeDelay = async (page: Page): Promise<number> => {
  const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  return Math.max(0, marks.badges100! - marks.list!);
};

/**
 * A search page of 100 creators the workspace has, opened `loads` times with the extension's status
 * cache cleared before each: the ms from the list appearing to the 100th badge, per load. `check`
 * runs on each page once its badges are drawn.
 */
export async function hundredBadgeLoads(
  ext: LoadedExtension,
  fixture: AffiliateFixture,
  server: { url: string; token: string },
  prefix: string,
  loads: number,
  check?: (page: Page, hundred: FixtureCreator[]) => Promise<void>,
): Promise<number[]> {
  const hundred = makeCreators(100, prefix);
  await ingestCreators(
    server.url,
    server.token,
    'US',
    hundred.map((c) => ({ unique_id: c.handle })),
  );
  fixture.findPages = [hundred];
  const out: number[] = [];
  for (let run = 0; run < loads; run++) {
    await ext.sw.evaluate(() => chrome.storage.local.remove('status'));
    const page = await ext.ctx.newPage();
    await page.goto(`${AFFILIATE_HOST}/connection/creator?shop_region=US`);
    const t0 = performance.now();
    while ((await page.locator('[data-creatordesk-badge]').count()) < 100) {
      if (performance.now() - t0 > 20_000) throw new Error('100 badges did not appear in 20 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    out.push(await badgeDelay(page));
    await check?.(page, hundred);
    await page.close();
  }
  return out;
}
