/// <reference types="chrome" />
/**
 * The browser extension, built (dist-extension/) and loaded unpacked into Debian's
 * Chromium, against a real CreatorDesk server. Affiliate Center is our own fixture pages served on
 * the real hosts through ctx.route (tests/fixtures/affiliate). Pairs with a code from the app,
 * collects a search page when (and only when) the switch is on, draws badges, fills a template
 * without sending, records the seller's send, warns about the quota and the 5-message limit,
 * queues while the server is down and delivers after it is back, and stops on a revoked token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { callApi, serverAgrees } from '../helpers/browser-suite.ts';
import {
  AFFILIATE_HOST,
  AffiliateFixture,
  hundredBadgeLoads,
  DIST,
  launchWithExtension,
  type LoadedExtension,
} from '../helpers/extension-harness.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { registerEmail, type ApiSession } from '../helpers/shell.ts';
import { makeCreators, videosOf, type FixtureCreator } from '../fixtures/affiliate/creators.ts';
import { EXTENSION_ID } from '../../extension/identity.ts';

const HOST = AFFILIATE_HOST;
const stamp = Date.now() % 100000;
/** The server takes the extension's state-changing calls only from an origin it lists. */
// No ALLOWED_ORIGINS: the server lets CreatorDesk's own extension build in by default.
const SERVER_ENV = { SEED_DEMO: '0' };

let server: RunningServer;
let ctx: BrowserContext;
let sw: Worker;
let extId = '';
let app: ApiSession;
/** What the fixture's `find` answers next (by page). */
const fixture = new AffiliateFixture();
let ext: LoadedExtension;

const api = <T>(method: string, p: string, body: Record<string, unknown> = {}) =>
  callApi<T>(server.url, app.token, method, p, body);

interface Status {
  list: { unique_id: string; id: number; is_chat: number; is_invitation: number; messages: number }[];
  quota: { limit: number; used: number };
}
/** Which of these handles the workspace has (the app's own token). */
const known = async (handles: string[]) =>
  (await api<Status>('POST', '/blogger/status', { country: 'US', bloggers: handles })).list;

const badge = (page: Page, handle: string) =>
  page.locator(`[data-creatordesk-badge="${handle.toLowerCase()}"]`);

beforeAll(async () => {
  server = await startServer(SERVER_ENV);
  app = await registerEmail(server.url, `ext${stamp}@example.com`, 'Secret#2026');
  ext = await launchWithExtension(fixture);
  ctx = ext.ctx;
  sw = ext.sw;
  extId = ext.extId;
  // The manifest's key pins the id, so the origin the server allows is known before launch.
  expect(extId).toBe(EXTENSION_ID);
});

afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

describe('browser extension', () => {
  const first = makeCreators(20, `s${stamp}`);

  it('asks only for the permissions it uses', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    expect(manifest.permissions).toEqual(['storage', 'alarms']);
    expect(manifest.host_permissions).toContain('http://127.0.0.1/*');
    expect(JSON.stringify(manifest)).not.toMatch(/<all_urls>|"cookies"/);
    expect(fs.existsSync('dist-extension.zip')).toBe(true);
  });

  it('pairs with a one-time code from the app', async () => {
    const { code } = await api<{ code: string }>('POST', '/ext/pair.code');
    const p = await ext.popup();
    await p.locator('#server').fill(server.url);
    // Typed loosely: lower case, a space for the dash.
    await p.locator('#code').fill(code.toLowerCase().replace('-', ' '));
    await p.locator('#name').fill('Chromium under test');
    await p.getByRole('button', { name: 'Pair' }).click();
    await p.getByText(`Connected to`).waitFor();
    await expect.poll(() => p.locator('#counts').textContent()).toBe('0 seen, 0 new, 0 updated');
    const stored = await sw.evaluate(() => chrome.storage.local.get('paired'));
    expect((stored.paired as { token: string }).token).toBeTruthy();
    const sessions = await api<{ name: string }[]>('POST', '/ext/sessions');
    expect(sessions.map((s) => s.name)).toEqual(['Chromium under test']);
    await p.close();
  });

  it('collects nothing while the switch is off, yet shows who is new', async () => {
    fixture.findPages = [first];
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    await badge(page, first[0]!.handle).first().waitFor();
    await expect.poll(() => badge(page, first[19]!.handle).textContent()).toBe('not in CreatorDesk');
    expect(await known(first.map((c) => c.handle))).toEqual([]);
    await page.close();
  });

  it('collects a search page when switched on: 20 creators reach the workspace in ≤ 2 s', async () => {
    const p = await ext.popup();
    await p.getByLabel('From creator search pages').check();
    await expect
      .poll(() => sw.evaluate(() => chrome.storage.local.get('settings')))
      .toMatchObject({
        settings: { harvest: { search: true, profile: false } },
      });
    const page = await ctx.newPage();
    const started = Date.now();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    await serverAgrees(
      () => known(first.map((c) => c.handle)),
      (l) => l.length === 20,
      10_000,
    );
    const ingestMs = Date.now() - started;
    console.log(`ingest: a search page of 20 reached the workspace in ${ingestMs} ms`);
    expect(ingestMs).toBeLessThanOrEqual(2000);
    const rows = await api<{ list: Record<string, unknown>[] }>('POST', '/blogger/lists', {
      country: 'US',
      name: first[3]!.handle,
    });
    expect(rows.list[0]).toMatchObject({
      unique_id: first[3]!.handle,
      nick_name: first[3]!.nickname,
      follower_count: first[3]!.followers,
      units_sold_t30: first[3]!.units,
      gmv_t30: first[3]!.gmv,
      video_engagement_t30: first[3]!.engagement / 100,
      categorys: 'Beauty & Personal Care',
    });
    // The badges follow: now in CreatorDesk.
    await expect.poll(() => badge(page, first[3]!.handle).textContent()).toBe('in CreatorDesk');
    await expect.poll(() => p.locator('#counts').textContent()).toBe('20 seen, 20 new, 0 updated');
    // "Load more" (XMLHttpRequest) brings 20 more; 2 of the first page changed.
    const more = makeCreators(20, `m${stamp}`);
    fixture.findPages = [first, more];
    await page.getByRole('button', { name: 'Load more' }).click();
    await serverAgrees(
      () => known(more.map((c) => c.handle)),
      (l) => l.length === 20,
    );
    await expect.poll(() => p.locator('#counts').textContent()).toBe('40 seen, 40 new, 0 updated');
    first[0]!.followers = 99_999;
    first[1]!.nickname = 'Renamed';
    await page.reload();
    await expect.poll(() => p.locator('#counts').textContent()).toBe('40 seen, 40 new, 2 updated');
    await page.close();
    await p.close();
  });

  it('collects a creator profile page (merged slices) only with its own switch', async () => {
    const [solo] = makeCreators(1, `p${stamp}x`);
    fixture.profiles.set(solo!.oecuid, solo!);
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator/detail?cid=${solo!.oecuid}&shop_region=US`);
    await expect.poll(() => badge(page, solo!.handle).textContent()).toBe('not in CreatorDesk');
    expect(await known([solo!.handle])).toEqual([]);
    const p = await ext.popup();
    await p.getByLabel('From creator profile pages').check();
    await expect
      .poll(() => sw.evaluate(() => chrome.storage.local.get('settings')))
      .toMatchObject({
        settings: { harvest: { profile: true } },
      });
    await page.reload();
    // The page asks for its profile in slices, each sent on as it arrives: the first creates the
    // creator, later ones fill in email and link, so wait for the merged row, not just the row.
    const rows = await serverAgrees(
      () =>
        api<{ list: Record<string, unknown>[] }>('POST', '/blogger/lists', {
          country: 'US',
          name: solo!.handle,
        }),
      (r) =>
        r.list.length === 1 &&
        Boolean(r.list[0]!.email) &&
        Boolean(r.list[0]!.bio_link) &&
        r.list[0]!.video_publish_t30 != null,
    );
    expect(rows.list[0]).toMatchObject({
      follower_count: solo!.followers,
      bio_link: `https://link.example.com/${solo!.handle}`,
      email: `${solo!.handle}@mail.example.com`,
      video_publish_t30: 14,
    });
    // The page's top videos (a slice without the handle, answered first) become the creator's
    // content records, of source 'extension', with their post times and products.
    const videos = await serverAgrees(
      () =>
        api<{ rows: { video_id: string; source: string; post_time: number; product_ids: string }[] }>(
          'POST',
          '/content/list',
          { creator_id: rows.list[0]!.id },
        ),
      (r) => r.rows.length === 3,
    );
    expect(
      videos.rows
        .map((r) => [r.video_id, r.source, r.post_time, r.product_ids])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual(videosOf(solo!).map((v) => [v.video_id, 'extension', v.post_time, v.product_ids.join(',')]));
    await expect.poll(() => p.locator('#counts').textContent()).toContain('3 videos');
    await page.close();
    await p.close();
  });

  let planCreator: FixtureCreator;
  let freeCreator: FixtureCreator;

  it('shows chatted, invited, blacklisted, plan and tags beside each creator', async () => {
    [planCreator, freeCreator] = [first[5]!, first[6]!];
    const tag = await api<{ id: number }>('POST', '/tags/add', { country: 'US', title: `VIP ${stamp}` });
    await api('PUT', '/blogger/set.tags', {
      country: 'US',
      bloggers: [first[2]!.handle],
      type: 'add',
      tagIds: [tag.id],
    });
    await api('POST', '/blogger/black.add', {
      country: 'US',
      bloggers: [first[3]!.handle],
      reason: 'fake views',
    });
    await api('PUT', '/blogger/edit', { country: 'US', bloggers: [first[4]!.handle], isChat: 1 });
    await api('POST', '/blogger/invitation.add', {
      country: 'US',
      bloggers: [first[4]!.handle],
      isInvitation: 1,
    });
    const plan = await api<{ id: number }>('POST', '/plan/add', { name: 'Spring', country: 'US' });
    const [row] = await known([planCreator.handle]);
    await api('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: [row!.id] });

    // These changes were made in the app, not by the extension: a new page shows them although
    // the worker's status cache still holds the earlier answers.
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    await expect.poll(() => badge(page, first[2]!.handle).textContent()).toBe(`VIP ${stamp}`);
    await expect.poll(() => badge(page, first[3]!.handle).textContent()).toBe('Blacklisted');
    await expect.poll(() => badge(page, first[4]!.handle).textContent()).toBe('chattedinvited');
    await expect.poll(() => badge(page, planCreator.handle).textContent()).toBe('in plan Spring');
    // Blacklisted is marked clearly: its own colour, and said in the title.
    const black = badge(page, first[3]!.handle);
    expect(await black.getAttribute('title')).toBe('Blacklisted in CreatorDesk');
    expect(
      await black.locator('.creatordesk-chip').evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe('rgb(185, 28, 28)');
    await page.close();
  });

  it('shows a change made in the app on a reloaded page within 2 s', async () => {
    const target = first[9]!;
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    await expect.poll(() => badge(page, target.handle).textContent()).toBe('in CreatorDesk');
    // The worker cached that answer; the seller now blacklists the creator in the app.
    const cached = await sw.evaluate(() => chrome.storage.local.get('status'));
    expect(Object.keys(cached.status as object)).toContain(`US:${target.handle.toLowerCase()}`);
    await api('POST', '/blogger/black.add', { country: 'US', bloggers: [target.handle], reason: 'no show' });
    const started = Date.now();
    await page.reload();
    await expect
      .poll(() => badge(page, target.handle).textContent(), { timeout: 2000, interval: 50 })
      .toBe('Blacklisted');
    console.log(`status: an app change reached the reloaded page's badge in ${Date.now() - started} ms`);
    await page.close();
  });

  // How fast (target 200 ms after the list appears) is measured by `npm run bench` (bench/extension.ts,
  // docs/benchmarks.md "Browser extension: harvest and badges"), not asserted here: a loaded CI
  // machine's milliseconds say nothing about the code.
  it('draws badges for 100 creators once the list appears, on every load', async () => {
    const timings = await hundredBadgeLoads(
      ext,
      fixture,
      { url: server.url, token: app.token },
      `h${stamp}`,
      3,
      async (page, hundred) =>
        expect(await badge(page, hundred[99]!.handle).textContent()).toBe('in CreatorDesk'),
    );
    console.log(
      `badges: 100 creators drawn ${timings.map((t) => t.toFixed(0)).join(', ')} ms after the list`,
    );
    expect(timings).toHaveLength(3);
    expect(timings.every((t) => Number.isFinite(t) && t >= 0)).toBe(true);
  });

  it('fills a template into the IM box, never sends, and records the seller’s send', async () => {
    await api('POST', '/chattmp/add', {
      country: 'US',
      title: 'First hello',
      content: 'Hi {creator_name}, try {product_id} from {seller_name}!',
    });
    const page = await ctx.newPage();
    await page.goto(`${HOST}/seller/im?creator_id=${planCreator.oecuid}&shop_region=US`);
    const panel = page.getByRole('region', { name: 'CreatorDesk' });
    await panel.getByText(`@${planCreator.handle}`).waitFor();
    await expect.poll(() => panel.locator('[data-creatordesk="template"] option').count()).toBe(1);
    await panel.locator('[data-creatordesk="product"]').fill('1729384756');
    await panel.getByRole('button', { name: 'Fill message' }).click();
    const filled = `Hi ${planCreator.nickname}, try 1729384756 from ${app.member_name}!`;
    await expect.poll(() => page.locator('#imTextarea').inputValue()).toBe(filled);
    // The page's own state saw it (the counter follows input events), and nothing was sent.
    await expect.poll(() => page.locator('#counter').textContent()).toBe(`${filled.length}/2000`);
    await expect
      .poll(() => panel.locator('[data-creatordesk="note"]').textContent())
      .toMatch(/press Send yourself/);
    expect(await page.evaluate(() => (window as unknown as { __sendClicks: number }).__sendClicks)).toBe(0);
    expect(await page.locator('.chatd-message--right').count()).toBe(0);
    expect((await known([planCreator.handle]))[0]!.messages).toBe(0);

    // The seller presses Send: recorded through /plan/message (the creator is in a plan).
    await page.locator('#send').click();
    await expect
      .poll(() => panel.locator('[data-creatordesk="note"]').textContent())
      .toBe('Message recorded (1 of 5 before a reply).');
    await expect
      .poll(async () => (await known([planCreator.handle]))[0])
      .toMatchObject({ messages: 1, is_chat: 1 });
    await page.close();

    // A creator in no plan: recorded as chatted through /blogger/edit.
    const other = await ctx.newPage();
    await other.goto(`${HOST}/seller/im?creator_id=${freeCreator.oecuid}&shop_region=US`);
    const panel2 = other.getByRole('region', { name: 'CreatorDesk' });
    await expect.poll(() => panel2.locator('[data-creatordesk="template"] option').count()).toBe(1);
    await panel2.getByRole('button', { name: 'Fill message' }).click();
    await expect.poll(() => other.locator('#imTextarea').inputValue()).toMatch(/^Hi /);
    await other.locator('#send').click();
    await expect.poll(async () => (await known([freeCreator.handle]))[0]?.is_chat).toBe(1);
    await expect
      .poll(() => panel2.locator('[data-creatordesk="note"]').textContent())
      .toBe('Message recorded: marked chatted.');
    await other.close();
  });

  it('warns before the weekly quota and the 5-messages-before-a-reply limit', async () => {
    // Two unconnected creators were contacted this week; the seller's limit is 2.
    await api('PUT', '/plan/quota', { weekly_quota: 2 });
    const [row] = await known([planCreator.handle]);
    for (let i = 0; i < 3; i++) await api('POST', '/plan/message', { creator_id: row!.id });
    const page = await ctx.newPage();
    await page.goto(`${HOST}/seller/im?creator_id=${planCreator.oecuid}&shop_region=US`);
    const warnings = page.locator('[data-creatordesk="warnings"]');
    await expect.poll(() => warnings.textContent()).toMatch(/4 messages sent without a reply: 1 more/);
    await expect.poll(() => warnings.textContent()).toMatch(/Weekly quota used: \d+ of 2 new creators/);
    await page.close();
  });

  it('fills a target invitation from a template, never submits it, and records the one the seller sends', async () => {
    const [a, b] = [first[7]!, first[8]!];
    const page = await ctx.newPage();
    await page.goto(
      `${HOST}/connection/target-invitation/create?creator_ids[0]=${a.oecuid}&creator_ids[1]=${b.oecuid}&shop_region=US`,
    );
    const panel = page.getByRole('region', { name: 'CreatorDesk' });
    await expect.poll(() => panel.locator('[data-creatordesk="template"] option').count()).toBe(1);
    await panel.locator('[data-creatordesk="product"]').fill('1729000000000000777');
    await panel.getByRole('button', { name: 'Fill name and message' }).click();
    // Two creators: no single name to fill in; the template's title names the invitation.
    await expect
      .poll(() => page.locator('#inviteMessage').inputValue())
      .toBe(`Hi {creator_name}, try 1729000000000000777 from ${app.member_name}!`);
    await expect.poll(() => page.locator('#inviteName').inputValue()).toBe('First hello');
    expect(await page.evaluate(() => (window as unknown as { __submits: number }).__submits)).toBe(0);
    expect((await known([a.handle, b.handle])).map((r) => r.is_invitation)).toEqual([0, 0]);
    // The seller sends it: the page's own create call is read, and the invitation recorded once.
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('success', { exact: true }).waitFor();
    await serverAgrees(
      () => known([a.handle, b.handle]),
      (rows) => rows.length === 2 && rows.every((r) => r.is_invitation === 1),
    );
    await page.close();
  });

  it('queues while the server is down and delivers the batch after it is back', async () => {
    const offline = makeCreators(5, `o${stamp}`);
    fixture.findPages = [offline];
    const { dataDir, port } = server;
    await server.stop();
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    const p = await ext.popup();
    await expect.poll(() => p.locator('#queued').textContent()).toBe('1 batch waiting for the server');
    const queued = await sw.evaluate(() => chrome.storage.local.get('queue'));
    const key = (queued.queue as { id: string }[])[0]!.id;
    server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port) });
    await serverAgrees(
      () => known(offline.map((c) => c.handle)),
      (l) => l.length === 5,
      40_000,
    );
    await expect.poll(() => p.locator('#queued').textContent()).toBe('');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await page.close();
    await p.close();
  });

  it('stops and asks to reconnect once the app revokes it', async () => {
    const [session] = await api<{ id: number }[]>('POST', '/ext/sessions');
    await api('DELETE', '/ext/session.del', { id: session!.id });
    const late = makeCreators(3, `r${stamp}`);
    fixture.findPages = [late];
    const page = await ctx.newPage();
    await page.goto(`${HOST}/connection/creator?shop_region=US`);
    const p = await ext.popup();
    await p.getByRole('alert').filter({ hasText: 'Reconnect' }).waitFor();
    await expect.poll(() => p.locator('#pairing').isVisible()).toBe(true);
    expect(await known(late.map((c) => c.handle))).toEqual([]);
    // Nothing more goes out: a further page adds nothing.
    await page.reload();
    await page.waitForTimeout(500);
    expect(await known(late.map((c) => c.handle))).toEqual([]);
    await page.close();
    await p.close();
  });
});
