/**
 * The home screen in a real browser against the real server and its demo seed: the first sync
 * fills the grid, a name filter narrows it, followers sort both ways (checked against the
 * server's own order), two creators picked across filters are marked chatted through the
 * outbox — the flag changes at once, survives a reload, and the server agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodeForm } from '../../contract/wire.ts';
import { launchBrowser, newContext, trackErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { expectToast, signInDemo, type ApiSession } from '../helpers/shell.ts';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

interface Row {
  unique_id: string;
  follower_count: number;
  is_chat: number;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ctx = await newContext(browser, server.url, 'en-US');
  session = await signInDemo(ctx, server.url, 'en');
  page = await ctx.newPage();
  errors = trackErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function lists(body: Record<string, unknown>): Promise<Row[]> {
  return (await listPage(body)).list;
}

async function listPage(body: Record<string, unknown>): Promise<{ list: Row[]; count: number }> {
  const res = await fetch(`${server.url}/api/v0.1/blogger/lists`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: session.token },
    body: encodeForm({ country: 'US', page: 1, ...body }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { list: Row[]; count: number } };
  if (json.code !== 200) throw new Error(`lists: ${json.code} ${json.msg}`);
  return json.data;
}

const dataRows = () => page.locator('.cd-grid__row:has([role=gridcell])');
const nameBox = () =>
  page
    .getByRole('searchbox')
    .or(page.getByLabel('Creator', { exact: true }))
    .first();
const creatorRow = (id: string) =>
  dataRows().filter({ has: page.getByRole('link', { name: `@${id}`, exact: true }) });
const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));

const t0 = Date.now();
const step = (s: string) => console.log(`[home.e2e] ${((Date.now() - t0) / 1000).toFixed(1)}s ${s}`);

async function filterByName(id: string) {
  step(`filter ${id}`);
  await nameBox().fill(id);
  await creatorRow(id).waitFor({ timeout: 90_000 });
}

/** The followers cell of the first data row. */
async function firstFollowers(): Promise<number> {
  const col = await page
    .getByRole('columnheader')
    .filter({ hasText: 'Followers' })
    .getAttribute('aria-colindex');
  const cell = dataRows().first().locator(`[role=gridcell][aria-colindex="${col}"]`);
  return digits((await cell.textContent()) ?? '');
}

describe('home', () => {
  it('filters, sorts, marks two creators chatted (persists, server agrees), adds a tag', async () => {
    const [a, b] = await lists({ isChat: 0, isBlack: 0, limit: 2 });
    expect(a && b).toBeTruthy();
    await page.goto('/home');

    // Actions need a selection first.
    await page.getByRole('button', { name: 'Edit status', exact: true }).click();
    await expectToast(page, 'Please select creators first');

    // The first sync fills the mirror; the name filter then finds the creator.
    await filterByName(a!.unique_id);
    await expect.poll(() => dataRows().count()).toBeLessThan(5);
    await creatorRow(a!.unique_id).getByRole('checkbox').check();

    step('sort');
    // Sort by followers both ways, against the server's order over the same data (once the
    // first sync has brought every creator).
    await nameBox().fill('');
    const { count } = await listPage({ limit: 1 });
    await page
      .getByText(`Total ${count.toLocaleString('en-US')}`)
      .first()
      .waitFor({ timeout: 90_000 });
    await page
      .getByRole('columnheader', { name: /Followers/ })
      .getByRole('button')
      .click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Followers/ }).getAttribute('aria-sort'))
      .toBe('descending');
    const [top] = await lists({ field: 'follower_count', sort: 'desc', limit: 1 });
    await expect.poll(firstFollowers, { timeout: 10_000 }).toBe(top!.follower_count);
    await page
      .getByRole('columnheader', { name: /Followers/ })
      .getByRole('button')
      .click();
    const [bottom] = await lists({ field: 'follower_count', sort: 'asc', limit: 1 });
    await expect.poll(firstFollowers, { timeout: 10_000 }).toBe(bottom!.follower_count);

    // The second creator under another filter: the selection survives it.
    await filterByName(b!.unique_id);
    await creatorRow(b!.unique_id).getByRole('checkbox').check();
    await expect(page.getByText('2 selected').isVisible()).resolves.toBe(true);

    step('edit');
    await page.getByRole('button', { name: 'Edit status', exact: true }).click();
    const dialog = page.locator('.cd-modal').getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Please choose a status').waitFor();
    await dialog.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Chatted', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });

    // At once: the flag reads chatted and the selection is gone.
    await creatorRow(b!.unique_id).getByText('Chatted', { exact: true }).waitFor({ timeout: 5_000 });
    await expect(page.getByText('2 selected').count()).resolves.toBe(0);

    step('server');
    // The server agrees (the outbox sends in the background).
    const until = Date.now() + 30_000;
    for (;;) {
      const both = await Promise.all([a!, b!].map((c) => lists({ isChat: 1, name: c.unique_id, limit: 50 })));
      if (both.every((l, i) => l.some((r) => r.unique_id === [a!, b!][i]!.unique_id))) break;
      if (Date.now() > until) throw new Error('server never showed the creators chatted');
      await new Promise((r) => setTimeout(r, 300));
    }

    // After a reload the mirror still shows it.
    await page.reload();
    await filterByName(a!.unique_id);
    await creatorRow(a!.unique_id).getByText('Chatted', { exact: true }).waitFor({ timeout: 10_000 });

    // Tags: the dialog needs a tag; confirm adds it at once and the server agrees.
    step('tags');
    const tagList = await fetch(`${server.url}/api/v0.1/tags/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: session.token },
      body: encodeForm({ country: 'US', page: 1, limit: 100 }),
    }).then(async (r) => ((await r.json()) as { data: { list: { id: number; title: string }[] } }).data.list);
    const aTags = await lists({ name: a!.unique_id, limit: 50 }).then(
      (l) => (l.find((r) => r.unique_id === a!.unique_id) as unknown as { tags: { tag_id: number }[] }).tags,
    );
    const tag = tagList.find((t) => !aTags.some((x) => x.tag_id === t.id))!;
    await creatorRow(a!.unique_id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Tags', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Please choose tags').waitFor();
    await dialog.getByRole('option', { name: tag.title, exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await creatorRow(a!.unique_id).getByText(tag.title, { exact: true }).waitFor({ timeout: 5_000 });
    const tagUntil = Date.now() + 30_000;
    while (!(await lists({ tagsId: tag.id, name: a!.unique_id, limit: 50 })).length) {
      if (Date.now() > tagUntil) throw new Error('server never showed the tag');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(errors).toEqual([]);
  }, 150_000);
});
