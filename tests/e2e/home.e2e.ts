/**
 * The home screen in a real browser against the real server and its demo seed: the first sync
 * fills the grid, a name filter narrows it, followers sort both ways (checked against the
 * server's own order), two creators picked across filters are marked chatted through the
 * outbox — the flag changes at once, survives a reload, and the server agrees.
 * Then: every filter's total against POST /blogger/lists for the same filter, sorting both ways
 * on another column, the column chooser and the selection across paging and reloads, status and
 * tag edits made offline that reach the server once back online, and the link targets.
 * Last, the same screen in zh-cn: Chinese labels and number forms, a filter, the status and tag
 * dialogs, and a reload. One server for the whole file; each test starts from a fresh /home.
 */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, popupOption, serverAgrees as agrees } from '../helpers/browser-suite.ts';
import { expectToast, signInDemo, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

interface Row {
  id: number;
  unique_id: string;
  follower_count: number;
  gmv_t30: number;
  is_chat: number;
  is_invitation: number;
  is_black: number;
  bio_link: string;
  tags: { tag_id: number; tag_title: string }[];
}

const suite = browserSuite({}, async ({ browser }) => {
  ctx = await newContext(browser, suite.server.url, 'en-US');
  session = await signInDemo(ctx, suite.server.url, 'en');
  page = await ctx.newPage();
  errors = trackErrors(page);
});

async function lists(body: Record<string, unknown>): Promise<Row[]> {
  return (await listPage(body)).list;
}

async function listPage(body: Record<string, unknown>): Promise<{ list: Row[]; count: number }> {
  return post('/blogger/lists', body);
}

/** A POST as the app makes it, for the US creators' first page unless `body` says otherwise. */
const post = <T>(path: string, body: Record<string, unknown>): Promise<T> =>
  callApi<T>(suite.server.url, session.token, 'POST', path, { country: 'US', page: 1, ...body });

const usTags = () =>
  post<{ list: { id: number; title: string }[] }>('/tags/lists', { limit: 100 }).then((d) => d.list);

/** Polls the server until `ok` holds for the list answered for `body`. */
async function serverAgrees(body: Record<string, unknown>, ok: (l: Row[]) => boolean, what: string) {
  const until = Date.now() + 60_000;
  while (!ok(await lists({ limit: 100, ...body }))) {
    if (Date.now() > until) throw new Error(`server never showed ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

// Grid helpers work on the file's page unless given another (the zh-cn test's).
const dataRows = (p = page) => p.locator('.cd-grid__row:has([role=gridcell])');
const nameBox = () =>
  page
    .getByRole('searchbox')
    .or(page.getByLabel('Creator', { exact: true }))
    .first();
const creatorRow = (id: string, p = page) =>
  dataRows(p).filter({ has: p.getByRole('link', { name: `@${id}`, exact: true }) });
const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));
const filterBar = () => page.locator('.home-filters');
const dialog = () => page.locator('.cd-modal').getByRole('dialog');
const gridTotal = async (p = page) => digits((await p.locator('.cd-grid__total').textContent()) ?? '');
const selectedBar = (n: number) => page.getByText(`${n} selected`, { exact: true });

/** A fresh /home once the first sync has brought every US creator; returns that total. */
async function openHome(): Promise<number> {
  await page.goto('/home');
  const { count } = await listPage({ limit: 1 });
  // The app's own grid (#root): a warm start shows the service worker's copy of the last rows first.
  await page
    .locator('#root')
    .getByText(`Total ${count.toLocaleString('en-US')}`)
    .first()
    .waitFor({ timeout: 90_000 });
  return count;
}

/** Picks an option of one of the filter bar's selects (by the select's label). */
async function pick(label: RegExp, option: string) {
  await filterBar().getByRole('button', { name: label }).click();
  await popupOption(page, option).click();
}

/** The grid's total settles on the server's count for the same filter; returns it. */
async function expectServerTotal(body: Record<string, unknown>): Promise<number> {
  const { count } = await listPage({ ...body, limit: 1 });
  await expect.poll(gridTotal, { timeout: 20_000 }).toBe(count);
  return count;
}

/** The cells of one column on the shown rows. */
async function columnTexts(header: string): Promise<string[]> {
  const col = await page
    .getByRole('columnheader', { name: header, exact: true })
    .getAttribute('aria-colindex');
  return dataRows().locator(`[role=gridcell][aria-colindex="${col}"]`).allTextContents();
}

/** The creator id (link text without the @) of the n-th shown row. */
async function idOfRow(n: number): Promise<string> {
  const text = await dataRows().nth(n).getByRole('link', { name: /^@/ }).first().textContent();
  return (text ?? '').replace(/^@/, '');
}

async function editStatus(option: string) {
  await page.getByRole('button', { name: 'Edit status', exact: true }).click();
  await dialog()
    .getByRole('button', { name: /Status/ })
    .click();
  await popupOption(page, option).click();
  await dialog().getByRole('button', { name: 'Confirm' }).click();
  await dialog().waitFor({ state: 'detached' });
}

async function addTag(title: string) {
  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  await dialog().getByRole('option', { name: title, exact: true }).click();
  await dialog().getByRole('button', { name: 'Confirm' }).click();
  await dialog().waitFor({ state: 'detached' });
}

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
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);

    step('edit');
    await page.getByRole('button', { name: 'Edit status', exact: true }).click();
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await dialog().getByText('Please choose a status').waitFor();
    await dialog()
      .getByRole('button', { name: /Status/ })
      .click();
    await popupOption(page, 'Chatted').click();
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await dialog().waitFor({ state: 'detached' });

    // At once: the flag reads chatted and the selection is gone.
    await creatorRow(b!.unique_id).getByText('Chatted', { exact: true }).waitFor({ timeout: 5_000 });
    await expect.poll(() => page.getByText('2 selected').count()).toBe(0);

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
    const tagList = await usTags();
    const aTags = await lists({ name: a!.unique_id, limit: 50 }).then(
      (l) => l.find((r) => r.unique_id === a!.unique_id)!.tags,
    );
    const tag = tagList.find((t) => !aTags.some((x) => x.tag_id === t.id))!;
    await creatorRow(a!.unique_id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Tags', exact: true }).click();
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await dialog().getByText('Please choose tags').waitFor();
    await dialog().getByRole('option', { name: tag.title, exact: true }).click();
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await dialog().waitFor({ state: 'detached' });
    await creatorRow(a!.unique_id).getByText(tag.title, { exact: true }).waitFor({ timeout: 5_000 });
    const tagUntil = Date.now() + 30_000;
    while (!(await lists({ tagsId: tag.id, name: a!.unique_id, limit: 50 })).length) {
      if (Date.now() > tagUntil) throw new Error('server never showed the tag');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(errors).toEqual([]);
  }, 150_000);

  it("each filter narrows the grid to the server's count for the same filter", async () => {
    const full = await openHome();
    step('filters: flags');
    const flags: [RegExp, string, 'Yes' | 'No', string, string][] = [
      [/Chatted/, 'isChat', 'Yes', 'Chat', 'Chatted'],
      [/Chatted/, 'isChat', 'No', 'Chat', 'Not chatted'],
      [/Invited/, 'isInvitation', 'Yes', 'Invitation', 'Invited'],
      [/Invited/, 'isInvitation', 'No', 'Invitation', 'Not invited'],
      [/Blacklisted/, 'isBlack', 'Yes', 'Blacklist', 'Blacklisted'],
    ];
    for (const [label, key, option, column, shown] of flags) {
      await pick(label, option);
      const n = await expectServerTotal({ [key]: option === 'Yes' ? 1 : 0 });
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(full);
      // every shown row carries the flag
      expect(new Set(await columnTexts(column))).toEqual(new Set([shown]));
      await pick(label, 'Any');
      await expect.poll(gridTotal).toBe(full);
    }

    step('filters: two at once');
    await pick(/Chatted/, 'Yes');
    await pick(/Blacklisted/, 'No');
    await expect.poll(() => expectServerTotal({ isChat: 1, isBlack: 0 })).toBeGreaterThan(0);
    await pick(/Chatted/, 'Any');
    await pick(/Blacklisted/, 'Any');
    await expect.poll(gridTotal).toBe(full);

    step('filters: tag');
    const tag = (await usTags())[0]!;
    await pick(/Tag/, tag.title);
    const tagged = await expectServerTotal({ tagsId: tag.id });
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThan(full);
    for (const cell of await columnTexts('Tags')) expect(cell).toContain(tag.title);
    await pick(/Tag/, 'Any');
    await expect.poll(gridTotal).toBe(full);

    step('filters: name');
    const [someone] = await lists({ limit: 1, field: 'follower_count', sort: 'desc' });
    const part = someone!.unique_id.slice(0, 4);
    await nameBox().fill(part);
    const named = await expectServerTotal({ name: part });
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThan(full);
    await nameBox().fill('');
    await expect.poll(gridTotal).toBe(full);

    step('filters: date range');
    await filterBar().getByRole('button', { name: 'Open calendar' }).click();
    await page.getByRole('button', { name: 'Last 30 days', exact: true }).click();
    await page.keyboard.press('Escape');
    // the PWA sends local-day bounds (this process runs in the browser's time zone)
    const today = dayjs();
    const recent = await expectServerTotal({
      startTime: today.subtract(30, 'day').startOf('day').unix(),
      endTime: today.endOf('day').unix(),
    });
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(full);
    await filterBar().getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(gridTotal).toBe(full);

    step('filters: country');
    await pick(/Country/, 'Malaysia');
    const { count: my } = await listPage({ country: 'MY', limit: 1 });
    expect(my).toBeGreaterThan(0);
    expect(my).not.toBe(full);
    await expect.poll(gridTotal, { timeout: 30_000 }).toBe(my);
    await pick(/Country/, 'United States');
    await expect.poll(gridTotal, { timeout: 30_000 }).toBe(full);
    expect(errors).toEqual([]);
  }, 150_000);

  it('sorts GMV both ways like the server', async () => {
    await openHome();
    const gmv = page.getByRole('columnheader', { name: 'GMV (30 d)', exact: true });
    for (const order of ['desc', 'asc'] as const) {
      await gmv.getByRole('button').click();
      await expect
        .poll(() => gmv.getAttribute('aria-sort'))
        .toBe(order === 'desc' ? 'descending' : 'ascending');
      const [edge] = await lists({ field: 'gmv_t30', sort: order, limit: 1 });
      // ties: the grid's first row must have the server's first value
      await expect
        .poll(
          async () => {
            const id = await idOfRow(0);
            const [row] = (await lists({ name: id, limit: 50 })).filter((r) => r.unique_id === id);
            return row?.gmv_t30;
          },
          { timeout: 10_000 },
        )
        .toBe(edge!.gmv_t30);
    }
  }, 90_000);

  it('keeps the column choice across a reload', async () => {
    await openHome();
    const chooser = () => page.getByRole('dialog', { name: 'Shown columns' });
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    // the visible box is a styled mark over the input: click the label text
    await chooser().getByText('Followers', { exact: true }).click();
    await chooser().getByText('Email', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Followers', exact: true }).count())
      .toBe(0);

    await openHome();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Followers', exact: true }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await expect
      .poll(() => chooser().getByRole('checkbox', { name: 'Followers', exact: true }).isChecked())
      .toBe(false);
    await expect
      .poll(() => chooser().getByRole('checkbox', { name: 'Email', exact: true }).isChecked())
      .toBe(true);
    await chooser().getByRole('button', { name: 'Reset to defaults' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Followers', exact: true }).waitFor();
  }, 90_000);

  it('keeps a selection across paging and reloads, and clears it after a bulk edit', async () => {
    await openHome();
    const first = await idOfRow(0);
    await creatorRow(first).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => creatorRow(first).count()).toBe(0);
    const second = await idOfRow(2);
    await creatorRow(second).getByRole('checkbox').check();
    await selectedBar(2).waitFor();

    // reload: both still selected, each ticked on its page
    await openHome();
    await selectedBar(2).waitFor();
    await expect.poll(() => creatorRow(first).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await creatorRow(second).waitFor();
    await expect.poll(() => creatorRow(second).getByRole('checkbox').isChecked()).toBe(true);
    await expect.poll(() => dataRows().locator('input[type=checkbox]:checked').count()).toBe(1);

    // a bulk edit clears it (also after a reload) and reaches the server
    await editStatus('Invited');
    await expect.poll(() => selectedBar(2).count()).toBe(0);
    await creatorRow(second).getByText('Invited', { exact: true }).first().waitFor({ timeout: 5_000 });
    await openHome();
    await expect.poll(() => page.locator('.cd-grid__selection').count()).toBe(0);
    await expect.poll(() => creatorRow(first).getByRole('checkbox').isChecked()).toBe(false);
    for (const id of [first, second])
      await serverAgrees(
        { name: id, isInvitation: 1 },
        (l) => l.some((r) => r.unique_id === id),
        `${id} invited`,
      );
  }, 120_000);

  it('edits status and tags offline; the server agrees once back online', async () => {
    await openHome();
    const [, , c] = await lists({ isInvitation: 0, isBlack: 0, limit: 3 });
    const tag = (await usTags()).find((t) => !c!.tags.some((x) => x.tag_id === t.id))!;
    await filterByName(c!.unique_id);

    await ctx.setOffline(true);
    try {
      await creatorRow(c!.unique_id).getByRole('checkbox').check();
      await editStatus('Invited');
      await creatorRow(c!.unique_id)
        .getByText('Invited', { exact: true })
        .first()
        .waitFor({ timeout: 5_000 });
      await creatorRow(c!.unique_id).getByRole('checkbox').check();
      await addTag(tag.title);
      await creatorRow(c!.unique_id).getByText(tag.title, { exact: true }).waitFor({ timeout: 5_000 });
      // nothing has left the browser yet
      await page.waitForTimeout(1_500);
      const [still] = (await lists({ name: c!.unique_id, limit: 50 })).filter(
        (r) => r.unique_id === c!.unique_id,
      );
      expect(still!.is_invitation).toBe(0);
      expect(still!.tags.some((t) => t.tag_id === tag.id)).toBe(false);
    } finally {
      await ctx.setOffline(false);
    }
    await serverAgrees(
      { name: c!.unique_id, isInvitation: 1, tagsId: tag.id },
      (l) => l.some((r) => r.unique_id === c!.unique_id),
      'the offline edits',
    );
    // and the grid still shows both after a reload
    await openHome();
    await filterByName(c!.unique_id);
    await creatorRow(c!.unique_id).getByText(tag.title, { exact: true }).waitFor();
    await expect.poll(() => columnTexts('Invitation')).toContain('Invited');
  }, 150_000);

  it('links the creator id to the TikTok profile and the bio link to its target', async () => {
    const rows = await lists({ limit: 200 });
    const withBio = rows.find((r) => r.bio_link)!;
    const without = rows.find((r) => !r.bio_link)!;
    expect(withBio && without).toBeTruthy();
    await openHome();
    await filterByName(withBio.unique_id);
    // The TikTok profile link; the name beside it links to the creator page, and reads "@id" too
    // when the creator has no nickname.
    const profile = creatorRow(withBio.unique_id)
      .getByRole('link', { name: `@${withBio.unique_id}`, exact: true })
      .and(page.locator('a[target=_blank]'));
    await expect
      .poll(() => profile.getAttribute('href'))
      .toBe(`https://www.tiktok.com/@${encodeURIComponent(withBio.unique_id)}`);
    await expect.poll(() => profile.getAttribute('target')).toBe('_blank');

    // the bio column sits further right: scroll sideways until its header is rendered
    const scroller = page.locator('.cd-grid__scroll');
    const bioHeader = page.getByRole('columnheader', { name: 'Bio link', exact: true });
    for (let i = 0; i < 40 && !(await bioHeader.count()); i++)
      await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
    const raw = withBio.bio_link.trim();
    const expected = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`).href;
    const bio = creatorRow(withBio.unique_id).locator(`a[href="${expected}"]`);
    await bio.waitFor();
    await expect.poll(() => bio.getAttribute('target')).toBe('_blank');
    await expect.poll(() => bio.textContent()).toBe(withBio.bio_link);

    await filterByName(without.unique_id);
    for (let i = 0; i < 40 && !(await bioHeader.count()); i++)
      await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
    const col = await bioHeader.getAttribute('aria-colindex');
    expect(
      await creatorRow(without.unique_id).locator(`[role=gridcell][aria-colindex="${col}"]`).textContent(),
    ).toBe('-');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('home in zh-cn', () => {
  it('filters, formats numbers the Chinese way, edits status and tags, and keeps them across a reload', async () => {
    const zhCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    const zh = await signInDemo(zhCtx, suite.server.url, 'zh');
    const zhPage = await zhCtx.newPage();
    const zhErrors = trackErrors(zhPage);
    const zhList = (body: Record<string, unknown>) =>
      callApi<{ list: Row[]; count: number }>(suite.server.url, zh.token, 'POST', '/blogger/lists', {
        country: 'US',
        page: 1,
        ...body,
      });
    const total = () => gridTotal(zhPage);
    const rowOf = (id: string) => creatorRow(id, zhPage);
    const cellOf = async (id: string, header: string) => {
      const col = await zhPage
        .getByRole('columnheader', { name: header, exact: true })
        .getAttribute('aria-colindex');
      return rowOf(id).locator(`[role=gridcell][aria-colindex="${col}"]`);
    };

    await zhPage.goto('/home');
    await zhPage.getByRole('heading', { name: '达人库' }).waitFor();
    const { count } = await zhList({ limit: 1 });
    await zhPage
      .locator('.cd-grid__total', { hasText: `共 ${count.toLocaleString('zh-CN')} 条` })
      .waitFor({ timeout: 90_000 });

    // A flag filter in Chinese narrows the grid to the server's count; every row reads 已建联.
    await zhPage
      .locator('.home-filters')
      .getByRole('button', { name: /已建联/ })
      .click();
    await popupOption(zhPage, '是').click();
    const chatted = (await zhList({ isChat: 1, limit: 1 })).count;
    await expect.poll(total, { timeout: 20_000 }).toBe(chatted);
    const chatCol = await zhPage
      .getByRole('columnheader', { name: '建联', exact: true })
      .getAttribute('aria-colindex');
    const chatCells = await zhPage
      .locator(`.cd-grid__row [role=gridcell][aria-colindex="${chatCol}"]`)
      .allTextContents();
    expect(new Set(chatCells)).toEqual(new Set(['已建联']));
    await zhPage
      .locator('.home-filters')
      .getByRole('button', { name: /已建联/ })
      .click();
    await popupOption(zhPage, '全部').click();
    await expect.poll(total, { timeout: 20_000 }).toBe(count);

    // Money in full, grouped the Chinese way with the market's currency (US: USD), as Intl writes it
    // for zh-CN: a column never mixes "US$1,234.00" with a compact "US$1.2万".
    const [top] = (await zhList({ field: 'gmv_t30', sort: 'desc', limit: 1 })).list;
    expect(top!.gmv_t30).toBeGreaterThanOrEqual(10_000);
    const gmv = zhPage.getByRole('columnheader', { name: 'GMV（30 天）', exact: true });
    await gmv.getByRole('button').click();
    await expect.poll(() => gmv.getAttribute('aria-sort')).toBe('descending');
    const gmvText = new Intl.NumberFormat('zh-CN', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(top!.gmv_t30);
    expect(gmvText).toMatch(/^US\$\d{1,3}(,\d{3})+\.\d{2}$/);
    await expect.poll(async () => (await cellOf(top!.unique_id, 'GMV（30 天）')).textContent()).toBe(gmvText);

    // Edit status and add a tag through the Chinese dialogs.
    const [c] = (await zhList({ isChat: 0, isBlack: 0, limit: 1 })).list;
    const tags = await callApi<{ list: { id: number; title: string }[] }>(
      suite.server.url,
      zh.token,
      'POST',
      '/tags/lists',
      { country: 'US', limit: 100 },
    );
    const tag = tags.list.find((t) => !c!.tags.some((x) => x.tag_id === t.id))!;
    await zhPage.getByRole('textbox', { name: '达人', exact: true }).fill(c!.unique_id);
    await rowOf(c!.unique_id).getByRole('checkbox').check();
    await zhPage.getByText('已选 1 项', { exact: true }).waitFor();
    const zhDialog = () => zhPage.locator('.cd-modal').getByRole('dialog');
    await zhPage.getByRole('button', { name: '编辑状态', exact: true }).click();
    await zhDialog().getByRole('button', { name: /状态/ }).click();
    await popupOption(zhPage, '已建联').click();
    await zhDialog().getByRole('button', { name: '确认' }).click();
    // The server's own msg, once it has accepted the edit (never before).
    await expectToast(zhPage, '修改成功');
    await expect.poll(async () => (await cellOf(c!.unique_id, '建联')).textContent()).toBe('已建联');

    await rowOf(c!.unique_id).getByRole('checkbox').check();
    await zhPage
      .locator('.cd-grid__toolbar-start')
      .getByRole('button', { name: '标签', exact: true })
      .click();
    await zhDialog().getByRole('option', { name: tag.title, exact: true }).click();
    await zhDialog().getByRole('button', { name: '确认' }).click();
    await zhDialog().waitFor({ state: 'detached' });
    await rowOf(c!.unique_id).getByText(tag.title, { exact: true }).waitFor();

    // The server agrees, and a reload shows both changes from the local mirror.
    await agrees(
      async () => (await zhList({ name: c!.unique_id, limit: 50 })).list.find((r) => r.id === c!.id),
      (r) => r?.is_chat === 1 && r.tags.some((x) => x.tag_id === tag.id),
    );
    await zhPage.reload();
    await zhPage.getByRole('textbox', { name: '达人', exact: true }).fill(c!.unique_id);
    await expect.poll(async () => (await cellOf(c!.unique_id, '建联')).textContent()).toBe('已建联');
    await rowOf(c!.unique_id).getByText(tag.title, { exact: true }).waitFor();
    expect(zhErrors).toEqual([]);
    await zhCtx.close();
  }, 150_000);
});
