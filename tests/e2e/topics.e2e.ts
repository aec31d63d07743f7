/**
 * Topic tracking screens in a real browser against the real server, with the demo collector on
 * (a 1 s scheduler tick): the 404 without a topic id, a seeded topic's videos and influencers once
 * collected, and the amateur list (columns hidden by default and the choice kept across a reload,
 * search, adding selected amateurs to the creator database); and a topic newly added on /topic
 * (after a VIP code lifts the free plan's 3-topic limit) collected within seconds, its videos and
 * influencers pages showing rows.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeForm } from '../../contract/wire.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { expectToast, redeemCode, signInDemo, useSession, type ApiSession } from '../helpers/shell.ts';

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];
let topicId: number;

const api = <T>(method: string, path: string, body: Record<string, unknown>): Promise<T> =>
  callApi<T>(suite.server.url, session.token, method, path, body);

interface Amateur {
  unique_id: string;
  nick_name: string;
}
const amateurList = (body: Record<string, unknown> = {}) =>
  api<{ list: Amateur[]; count: number }>('POST', '/challenge/blogger.lists', {
    country: 'US',
    page: 1,
    limit: 50,
    ...body,
  });

const grid = () => page.getByRole('grid');
const dataRows = () => grid().locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
const total = () => page.locator('.cd-grid__total');

/** Reloads a page until its grid shows real rows (not the loading skeleton), bounded. */
async function openUntilRows(path: string, cell: string) {
  const until = Date.now() + 45_000;
  await page.goto(path);
  for (;;) {
    try {
      await dataRows().locator(cell).first().waitFor({ timeout: 3_000 });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`no rows on ${path}`);
      await page.reload();
    }
  }
}

const suite = browserSuite(
  { TOPIC_COLLECTOR: 'on', TOPIC_SCHEDULE_TICK_SECONDS: '1' },
  async ({ browser, server }) => {
    ctx = await newContext(browser, server.url, 'en-US');
    session = await signInDemo(ctx, server.url, 'en');
    page = await ctx.newPage();
    errors = trackErrors(page);
    // a live seeded topic (the free plan's 3 are taken): the collector fills it within seconds
    const topics = await api<{ list: { id: number; end_time: number | null }[] }>(
      'POST',
      '/challenge/lists',
      {
        country: 'US',
      },
    );
    const now = Date.now() / 1000;
    topicId = topics.list.find((t) => !t.end_time || t.end_time > now)!.id;
  },
);

describe('topic pages', () => {
  it('shows the 404 with a back button when the id is missing', async () => {
    for (const path of ['/topicVideo', '/topicInfluencer?id=']) {
      await page.goto(path);
      await page.getByText('Page load error').waitFor();
      await expect.poll(() => page.getByText('Could not get your topic', { exact: false }).count()).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: 'Back' }).count()).toBe(1);
      const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
      await expect
        .poll(() => crumbs.getByRole('link', { name: 'Topic management' }).getAttribute('href'))
        .toBe('/topic');
    }
    await expect.poll(() => grid().count()).toBe(0);
  });

  it("lists a seeded topic's videos with covers and TikTok links once collected", async () => {
    await openUntilRows(`/topicVideo?id=${topicId}`, 'a.tt-video');
    const first = dataRows().first();
    const href = await first.locator('a.tt-video').getAttribute('href');
    expect(href).toMatch(/^https:\/\/www\.tiktok\.com\/@[^/]+\/video\/\w+$/);
    await expect.poll(() => page.locator('.cd-grid__hbar').count()).toBe(1);
    const videos = await api<{ count: number }>('POST', '/challenge/video.lists', {
      country: 'US',
      challengeId: topicId,
      page: 1,
      limit: 10,
    });
    expect(videos.count).toBeGreaterThan(0);
    await expect.poll(() => total().textContent()).toBe(`Total ${videos.count.toLocaleString('en-US')}`);
    // The line above the grid sets what was collected here against TikTok's own count (the
    // collector keeps refreshing both, so the numbers are matched by shape).
    await expect
      .poll(() => page.getByTestId('topic-collection').textContent())
      .toMatch(/^Collected here: [1-9][\d,]* · TikTok's count: [\d,]+ · Last collected: \d{4}-\d\d-\d\d /);
  });

  it('shows the cover image when the video has one', async () => {
    // the demo collector stores no covers: give the first row one on its way to the page
    await page.route('**/api/v0.1/challenge/video.lists', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { list: { video_cover_path: string }[] } };
      body.data.list[0]!.video_cover_path = '/flags/us.svg';
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    const cover = dataRows().first().locator('img.tt-cover');
    await cover.waitFor();
    await expect.poll(() => cover.getAttribute('src')).toBe('/flags/us.svg');
    await expect.poll(() => dataRows().nth(1).locator('img.tt-cover').count()).toBe(0);
    await page.unroute('**/api/v0.1/challenge/video.lists');
  });

  it("lists the topic's influencers with profile links and engagement", async () => {
    await openUntilRows(`/topicInfluencer?id=${topicId}`, 'a.tt-author__id');
    const first = dataRows().first();
    const link = first.locator('a.tt-author__id');
    const id = (await link.textContent())!.replace(/^@/, '');
    await expect.poll(() => link.getAttribute('href')).toBe(`https://www.tiktok.com/@${id}`);
    await expect.poll(() => first.getByText(/%$|^-$/).count()).toBeGreaterThan(0);
  });

  it('explains why an ended topic shows no videos: it ended before anything was collected', async () => {
    const topics = await api<{ list: { id: number; end_time: number | null; video_count: number }[] }>(
      'POST',
      '/challenge/lists',
      { country: 'US', limit: 50 },
    );
    const now = Date.now() / 1000;
    const ended = topics.list.find((t) => t.end_time && t.end_time < now && t.video_count > 0)!;
    const videos = await api<{ count: number }>('POST', '/challenge/video.lists', {
      country: 'US',
      challengeId: ended.id,
      page: 1,
      limit: 10,
    });
    expect(videos.count).toBe(0);
    await page.goto(`/topicVideo?id=${ended.id}`);
    const day = await page.evaluate((t) => new Date(t * 1000).toLocaleDateString('sv'), ended.end_time!);
    await expect
      .poll(() => page.getByTestId('topic-collection').textContent(), { timeout: 20_000 })
      .toBe(
        `This topic ended on ${day} before any videos were collected here, so none are kept ` +
          `(TikTok's count: ${ended.video_count.toLocaleString('en-US')}).`,
      );
    await page.getByText('No videos are kept for this topic.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('topic-collection').textContent(), { timeout: 20_000 })
      .toContain(`This topic ended on ${day}`);
  });

  it("says an ended topic's influencers are not collected any more, in both locales", async () => {
    const topics = await api<{ list: { id: number; end_time: number | null; video_count: number }[] }>(
      'POST',
      '/challenge/lists',
      { country: 'US', limit: 50 },
    );
    const now = Date.now() / 1000;
    const ended = topics.list.find((t) => t.end_time && t.end_time < now && t.video_count > 0)!;
    const authors = await api<{ count: number }>('POST', '/challenge/video.blogger.lists', {
      country: 'US',
      challengeId: ended.id,
      page: 1,
      limit: 10,
    });
    expect(authors.count).toBe(0);
    const day = await page.evaluate((t) => new Date(t * 1000).toLocaleDateString('sv'), ended.end_time!);
    await page.goto(`/topicInfluencer?id=${ended.id}`);
    await expect
      .poll(() => page.getByTestId('topic-collection').textContent(), { timeout: 20_000 })
      .toBe(
        `This topic ended on ${day} before any videos were collected here, so no influencers are kept ` +
          'and nothing more is collected.',
      );
    await page.getByText('No influencers are kept for this topic.').waitFor();
    expect(await page.getByText('They appear after the next check').count()).toBe(0);
    expect(await seriousAxeViolations(page), 'ended topic influencers, en-us').toEqual([]);

    const zhCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(zhCtx, suite.server.url, session);
    const zh = await zhCtx.newPage();
    const zhErrors = trackErrors(zh);
    await zh.goto(`/topicInfluencer?id=${ended.id}`);
    await expect
      .poll(() => zh.getByTestId('topic-collection').textContent(), { timeout: 20_000 })
      .toBe(`话题已于 ${day} 结束，结束前本地未采集到视频，因此没有保存达人，之后也不再采集。`);
    await zh.getByText('该话题没有保存的达人。').waitFor();
    expect(await zh.getByText('下次检查后显示').count()).toBe(0);
    expect(await seriousAxeViolations(zh), 'ended topic influencers, zh-cn').toEqual([]);
    expect(zhErrors).toEqual([]);
    await zhCtx.close();
  });
});

describe('amateur list', () => {
  const chooser = () => page.getByRole('dialog', { name: 'Shown columns' });
  const colCount = async () => Number(await grid().getAttribute('aria-colcount'));

  it('hides some columns by default and keeps the choice across a reload', async () => {
    await openUntilRows('/amateur', 'a.tt-author__id');
    const before = await colCount();
    await page.getByRole('button', { name: 'Columns' }).click();
    const email = chooser().getByRole('checkbox', { name: 'Email' });
    await expect.poll(() => email.isChecked()).toBe(false);
    await expect.poll(() => chooser().getByRole('checkbox', { name: 'Bio link' }).isChecked()).toBe(false);
    await expect.poll(() => chooser().getByRole('checkbox', { name: 'Followers' }).isChecked()).toBe(true);
    await chooser().getByText('Email', { exact: true }).click();
    await expect.poll(() => email.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(colCount).toBe(before + 1);

    await page.reload();
    await dataRows().locator('a.tt-author__id').first().waitFor();
    await expect.poll(colCount).toBe(before + 1);
    await page.getByRole('button', { name: 'Columns' }).click();
    await expect.poll(() => chooser().getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('narrows the list by name', async () => {
    const all = await amateurList();
    expect(all.count).toBeGreaterThan(1);
    const target = all.list[0]!.unique_id;
    const expected = (await amateurList({ name: target })).count;
    expect(expected).toBeLessThan(all.count);
    await expect.poll(async () => total().textContent()).toContain(String(all.count));

    await page.getByLabel('Creator', { exact: true }).fill(target);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(async () => total().textContent()).toBe(`Total ${expected}`);
    await expect
      .poll(() =>
        dataRows()
          .filter({ hasText: `@${target}` })
          .count(),
      )
      .toBe(1);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => total().textContent()).toContain(String(all.count));
  });

  it('sorts on the server by the clicked column', async () => {
    const top = await amateurList({ field: 'follower_count', sort: 'desc', limit: 1 });
    await page.getByRole('columnheader', { name: 'Followers' }).getByRole('button').click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Followers' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect
      .poll(() => dataRows().first().locator('a.tt-author__id').textContent())
      .toBe(`@${top.list[0]!.unique_id}`);
    await page.getByRole('columnheader', { name: 'Followers' }).getByRole('button').click();
    const bottom = await amateurList({ field: 'follower_count', sort: 'asc', limit: 1 });
    await expect
      .poll(() => dataRows().first().locator('a.tt-author__id').textContent())
      .toBe(`@${bottom.list[0]!.unique_id}`);
  });

  it('lets the owner lower the threshold, which shrinks the list', async () => {
    const all = await amateurList();
    await expect.poll(() => page.getByTestId('amateur-threshold').textContent()).toContain('10,000');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Amateur follower threshold').fill('3000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('amateur-threshold').getByText('3,000', { exact: false }).waitFor();
    const fewer = await amateurList();
    expect(fewer.count).toBeLessThan(all.count);
    await expect.poll(async () => total().textContent()).toBe(`Total ${fewer.count}`);
    await api('PUT', '/workspace/amateur.threshold', { threshold: 10_000 });
    await page.reload();
    await expect.poll(async () => total().textContent()).toBe(`Total ${all.count}`);
  });

  it('exports the list through the download dialog', async () => {
    await page.getByRole('button', { name: 'Download' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download' });
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const link = dialog.getByRole('link', { name: 'Open file' });
    await link.waitFor({ timeout: 20_000 });
    await expect.poll(() => link.getAttribute('href')).toContain('/files/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds the selected amateurs to the creator database and clears the selection', async () => {
    const picked: string[] = [];
    for (const n of [1, 2]) {
      const row = dataRows().nth(n - 1);
      picked.push((await row.locator('a.tt-author__id').textContent())!.replace(/^@/, ''));
      await page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).click();
    }
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Add 2 to creators' }).click();
    await expectToast(page, /Added to the creator database/);
    await page.getByText('2 selected').waitFor({ state: 'detached' });

    const creators = await api<{ list: { unique_id: string }[] }>('POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 100,
    });
    const ids = creators.list.map((c) => c.unique_id);
    for (const p of picked) expect(ids).toContain(p);
    // Now one of the workspace's creators, its name opens its creator page.
    const added = dataRows().filter({ has: page.locator('a.tt-author__id', { hasText: `@${picked[0]}` }) });
    const name = added.locator('.tt-author__nick a');
    await expect.poll(() => name.count(), { timeout: 15_000 }).toBe(1);
    await name.click();
    await page.waitForURL((u) => /^\/creator\/\d+$/.test(u.pathname));
    await page.locator('.workbench-header').getByText(`@${picked[0]}`).first().waitFor({ timeout: 30_000 });
    await page.goBack();
    expect(errors).toEqual([]);
  });
});

describe('a newly added topic', () => {
  it('is collected within seconds: its videos and influencers pages show rows', async () => {
    // The demo workspace holds the free plan's 3 active topics; VIP allows more.
    const refused = await fetch(`${suite.server.url}/api/v0.1/challenge/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: session.token },
      body: encodeForm({ country: 'US', title: 'e2e_refused_topic' }),
    }).then(async (r) => ((await r.json()) as { code: number }).code);
    expect(refused).toBe(40201);
    await api('POST', '/common/vip.open', { code: redeemCode(suite.server.dataDir) });

    const title = `e2enew${Date.now().toString(36)}`;
    await page.goto('/topic');
    // The seeded topics show once the first sync has given the app its local session.
    await page.locator('.catalog-table__row').first().waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Add topic' }).click();
    const dialog = page.locator('.cd-modal').getByRole('dialog');
    await dialog.getByLabel('Topic').fill(`#${title}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await dialog.waitFor({ state: 'detached' });
    // Saved (the row's links appear once the server's row has synced), never refused.
    const videosLink = page.getByRole('link', { name: `Videos of #${title}` });
    await videosLink.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/\d+ failed/).count()).toBe(0);
    const id = Number(
      new URL((await videosLink.getAttribute('href'))!, suite.server.url).searchParams.get('id'),
    );
    const [topic] = await api<{ list: { id: number; challenge_title: string }[] }>(
      'POST',
      '/challenge/lists',
      {
        country: 'US',
        title,
      },
    ).then((d) => d.list);
    expect(topic?.id).toBe(id);

    await openUntilRows(`/topicVideo?id=${id}`, 'a.tt-video');
    const videos = await api<{ count: number; list: { video_id?: string }[] }>(
      'POST',
      '/challenge/video.lists',
      {
        country: 'US',
        challengeId: id,
        page: 1,
        limit: 10,
      },
    );
    expect(videos.count).toBeGreaterThan(0);
    await expect
      .poll(async () => total().textContent())
      .toBe(`Total ${videos.count.toLocaleString('en-US')}`);
    await expect
      .poll(() => dataRows().locator('a.tt-video').first().getAttribute('href'))
      .toMatch(/^https:\/\/www\.tiktok\.com\/@[^/]+\/video\/\w+$/);

    await openUntilRows(`/topicInfluencer?id=${id}`, 'a.tt-author__id');
    const influencers = await api<{ count: number; list: { unique_id: string }[] }>(
      'POST',
      '/challenge/video.blogger.lists',
      { country: 'US', challengeId: id, page: 1, limit: 10 },
    );
    expect(influencers.count).toBeGreaterThan(0);
    await expect
      .poll(async () => total().textContent())
      .toBe(`Total ${influencers.count.toLocaleString('en-US')}`);
    await expect
      .poll(async () =>
        (await dataRows().locator('a.tt-author__id').allTextContents()).map((t) => t.replace(/^@/, '')),
      )
      .toContain(influencers.list[0]!.unique_id);

    // The topic row follows by sync: its video count is the collector's.
    await page.goto('/topic');
    const topicRow = page.locator('.catalog-table__row').filter({ hasText: `#${title}` });
    await topicRow.waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    const videosCol = headers.findIndex((h) => h.startsWith('Videos'));
    expect(videosCol).toBeGreaterThanOrEqual(0);
    const videosCell = topicRow.locator('[role=gridcell], [role=rowheader]').nth(videosCol);
    await expect.poll(async () => videosCell.textContent(), { timeout: 30_000 }).toMatch(/^[1-9][\d,]*$/);
    expect(errors).toEqual([]);
  }, 120_000);
});
