/**
 * A video's first 7 / 30 days on the creator page, in a real browser against the real server: a US
 * creator with two videos, the newer one with snapshots (as the shop sync writes them, put in the
 * server's database) on days 0, 1, 3, 6, 12 and 29 since posting, some of them zero. "Show ledger"
 * (by keyboard) draws the newest video's views by the house rule with a table of the same numbers;
 * the window switches to 30 days by keyboard and the measure to orders (zero points on the axis
 * line are within the rule); a reload reads the same from the server; the older video says it has
 * no figures yet. Both locales, 360 and 1440 px, axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import zh from '../../messages/zh-cn.json';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators } from '../helpers/browser-suite.ts';
import { drawnCharts } from '../helpers/chart-check.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { openFor } from '../reliability/accounts.ts';

const stamp = Date.now() % 100_000;
const HANDLE = `vp_a_${stamp}`;
const NEW_VIDEO = `73300000000${String(stamp).padStart(8, '0')}`;
const OLD_VIDEO = `73400000000${String(stamp).padStart(8, '0')}`;
const LATER_VIDEO = `73500000000${String(stamp).padStart(8, '0')}`;
const DAY = 86_400;
const POST = 1_772_323_200; // 2026-03-01 00:00 UTC
/** [day since posting, views, orders]; the last reading of day 1 is the one shown. */
const READINGS = [
  [0, 0, 0],
  [1, 800, 0],
  [1, 1200, 0],
  [3, 5400, 2],
  [6, 9100, 5],
  [12, 15_000, 9],
  [29, 20_000, 14],
] as const;

let admin: ApiSession;
let creatorId = 0;
const pages: Partial<Record<'en' | 'zh', Page>> = {};
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `vperf${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: 'Video chart creator' }]);
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  creatorId = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const add = (video: string, postTime: number) =>
    api<{ id: number; workspace_id?: number }>('POST', '/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@${HANDLE}/video/${video}`,
      post_time: postTime,
    });
  await add(OLD_VIDEO, POST - 40 * DAY);
  const video = await add(NEW_VIDEO, POST);
  const database = await openFor(suite.server.dataDir);
  try {
    const { workspace_id } = await database.db
      .selectFrom('contents')
      .select('workspace_id')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('content_snapshots')
      .values(
        READINGS.map(([day, views, orders], i) => ({
          workspace_id,
          content_id: video.id,
          taken_at: POST + day * DAY + 3600 + i,
          views,
          likes: Math.floor(views / 20),
          comments: Math.floor(views / 100),
          orders,
          gmv: orders * 19.9,
        })),
      )
      .execute();
  } finally {
    await database.close();
  }
  const mate = await registerEmail(url, `vperf-mate${stamp}@example.com`, 'Secret#2026');
  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Video crew' });
  await callApi(url, mate.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  for (const [lang, locale, session] of [
    ['en', 'en-US', admin],
    ['zh', 'zh-CN', mate],
  ] as const) {
    const context = await newContext(suite.browser, url, locale);
    await useSession(context, url, session);
    pages[lang] = await context.newPage();
    errors.push(trackErrors(pages[lang]));
  }
});

async function openLedger(page: Page, show: string) {
  await page.goto(`/creator/${creatorId}`);
  const button = page.getByRole('button', { name: show });
  await button.waitFor({ timeout: 30_000 });
  await button.focus();
  await page.keyboard.press('Enter');
}

/**
 * Waits until the video's table has `n` rows. A wait that times out says what the panel showed
 * instead (the video's or the ledger's status line, or their first words), so a failure says why
 * the table stayed empty.
 */
async function untilTableRows(page: Page, n: number): Promise<void> {
  let shows = '';
  const ready = async () => {
    const rows = await tableRows(page);
    if (rows.length === n) return true;
    shows = await page.evaluate(() => {
      const video = document.querySelector('[data-testid="video-performance"]');
      const ledger = document.querySelector('[data-testid="ledger"]');
      const status = video?.querySelector('[role="status"]') ?? ledger?.querySelector('[role="status"]');
      return (status?.textContent ?? video?.textContent ?? ledger?.textContent ?? 'no ledger panel').slice(
        0,
        200,
      );
    });
    shows = `${rows.length} rows; the panel shows: ${shows}`;
    return false;
  };
  try {
    await expect.poll(ready, { timeout: 20_000 }).toBe(true);
  } catch (error) {
    throw new Error(`the video's table never had ${n} rows (${shows})`, { cause: error });
  }
}

/** The table under the chart: [day, value] per row. */
const tableRows = (page: Page) =>
  page
    .getByTestId('video-performance')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => {
        const cells = [...r.querySelectorAll('td')].map((td) => td.textContent ?? '');
        return [cells[0], cells[2]];
      }),
    );

/** The chart drawn by the house rule, one chart on the page, and its point names. */
async function chartOk(page: Page): Promise<string[]> {
  const d = await drawnCharts(page);
  return d.charts.length === 1 ? d.problems : [`${d.charts.length} charts drawn`, ...d.problems];
}

const shownWindow = (page: Page) =>
  page.getByTestId('video-performance').locator('[data-days]').getAttribute('data-days');

describe("a video's first days on the creator page", () => {
  it('draws views over the first 7 days, switches to 30 days and to orders by keyboard, and reloads', async () => {
    const page = pages.en!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openLedger(page, en.ledger_show);
    await expect
      .poll(() => tableRows(page), { timeout: 20_000, interval: 250 })
      .toEqual([
        ['0', '0'],
        ['1', '1,200'],
        ['3', '5,400'],
        ['6', '9,100'],
      ]);
    await expect.poll(() => chartOk(page), { timeout: 10_000, interval: 250 }).toEqual([]);
    // The panel is headed "Ledger" (its heading once shared an id with "Samples without content").
    expect(await page.getByRole('heading', { name: en.ledger_panel_title, exact: true }).count()).toBe(1);
    let { charts } = await drawnCharts(page);
    expect(charts[0]!.min).toBe(0);
    expect(charts[0]!.max).toBeGreaterThanOrEqual(9100);
    expect(charts[0]!.names.at(-1)).toBe('6');
    expect(
      await page.getByText(en.ledger_video_axis.replace('{measure}', en.ledger_video_views)).count(),
    ).toBe(1);

    // The window by keyboard: the selected "First 7 days" takes the focus, the arrow picks 30.
    await page.getByRole('radio', { name: en.ledger_video_days_7 }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownWindow(page), { timeout: 20_000 }).toBe('30');
    await expect
      .poll(() => tableRows(page), { timeout: 20_000 })
      .toEqual([
        ['0', '0'],
        ['1', '1,200'],
        ['3', '5,400'],
        ['6', '9,100'],
        ['12', '15,000'],
        ['29', '20,000'],
      ]);
    await expect.poll(() => chartOk(page), { timeout: 10_000 }).toEqual([]);
    ({ charts } = await drawnCharts(page));
    expect(charts[0]!.names.at(-1)).toBe('29');

    // Orders: the first two days are zero, drawn on the axis line.
    await page.getByRole('button', { name: new RegExp(en.ledger_video_measure) }).click();
    await page.getByRole('option', { name: en.ledger_video_orders }).click();
    await expect
      .poll(() => tableRows(page), { timeout: 20_000 })
      .toEqual([
        ['0', '0'],
        ['1', '0'],
        ['3', '2'],
        ['6', '5'],
        ['12', '9'],
        ['29', '14'],
      ]);
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => chartOk(page), { timeout: 10_000 }).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const found = await seriousAxeViolations(page);
      expect(found, `video chart, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }

    // A reload reads the figures from the server again (first 7 days, views).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await page.getByRole('button', { name: en.ledger_show }).click();
    await untilTableRows(page, 4);
    expect(await shownWindow(page)).toBe('7');
    await expect.poll(() => chartOk(page), { timeout: 10_000 }).toEqual([]);

    // The older video has no figures: said, not drawn.
    await page.getByRole('button', { name: new RegExp(en.ledger_video_pick) }).click();
    await page.getByRole('option', { name: new RegExp(OLD_VIDEO) }).click();
    await expect
      .poll(() => page.getByTestId('video-no-points').textContent(), { timeout: 20_000 })
      .toBe(en.ledger_video_no_points[0]!.match['daysPlural=*'].replace('{days}', '7'));
    expect((await drawnCharts(page)).charts).toHaveLength(0);
    expect(errors[0]).toEqual([]);
  });

  it('in Chinese at 360 px: the same numbers, the 30-day switch and axe', async () => {
    const page = pages.zh!;
    await page.setViewportSize({ width: 360, height: 800 });
    await openLedger(page, zh.ledger_show);
    await expect
      .poll(() => tableRows(page), { timeout: 20_000, interval: 250 })
      .toEqual([
        ['0', '0'],
        ['1', '1,200'],
        ['3', '5,400'],
        ['6', '9,100'],
      ]);
    await expect.poll(() => page.getByText(zh.ledger_video_title).count()).toBe(1);
    expect(await page.getByRole('heading', { name: zh.ledger_panel_title, exact: true }).count()).toBe(1);
    await page.getByText(zh.ledger_video_days_30, { exact: true }).click();
    await untilTableRows(page, 6);
    await expect.poll(() => chartOk(page), { timeout: 10_000 }).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const found = await seriousAxeViolations(page);
    expect(found, `zh, 360 px: ${JSON.stringify(found)}`).toEqual([]);
    expect(errors[1]).toEqual([]);
  });

  it('a record added elsewhere joins the picker from the mirror without moving the chart; offline the chart says so and "Try again" reads it', async () => {
    const page = pages.en!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openLedger(page, en.ledger_show);
    await untilTableRows(page, 4);
    await callApi(suite.server.url, admin.token, 'POST', '/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@${HANDLE}/video/${LATER_VIDEO}`,
      post_time: POST + 50 * DAY,
    });
    const picker = page.getByRole('button', { name: new RegExp(en.ledger_video_pick) });
    const later = page.getByRole('option', { name: new RegExp(LATER_VIDEO) });
    await expect
      .poll(
        async () => {
          await picker.click();
          const n = await later.count();
          if (n === 0) await page.keyboard.press('Escape');
          return n;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    // Still the video that was shown: the newer record did not take the chart over.
    expect(await picker.textContent()).toContain(NEW_VIDEO);
    await page.context().setOffline(true);
    await later.click();
    await page.getByTestId('video-offline').waitFor({ timeout: 20_000 });
    await page.context().setOffline(false);
    await page.getByRole('button', { name: en.ledger_video_retry }).click();
    await expect.poll(() => page.getByTestId('video-no-points').count(), { timeout: 20_000 }).toBe(1);
  });
});
