/**
 * Exports in a real browser against the real server and its demo seed:
 * - Home and Blacklist "Download": the job starts, the download manager polls until the file is
 *   ready and shows its link; the file URL serves an XLSX whose headers are the export columns and
 *   whose row count is what the API lists (the free tier's cap applied, as download.info says).
 * - Offline "Export this view": with the network off, filter and sort the Home grid, export CSV,
 *   and the saved file holds exactly the grid's rows in the grid's order; the XLSX of the same view
 *   holds the same cells.
 * - A view of more than PROGRESS_FROM rows shows the worker's progress, then the file.
 * - The member's export limits are stated in the download dialog before a start; a start while 3 of
 *   their exports run is refused there with what to do, beside their running jobs (en-us, zh-cn).
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPORTS_RUNNING_MAX, FREE_EXPORT_ROW_CAP } from '../../contract/constants.ts';
import { BLACKLIST_COLUMNS, CREATOR_COLUMNS } from '../../contract/export-columns.ts';
import { hashToken } from '../../server/services/session.service.ts';
import { PROGRESS_FROM } from '../../src/features/export/progress.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, popupOption, signedInPage } from '../helpers/browser-suite.ts';
import { expectToast, redeemCode, signInDemo, type ApiSession } from '../helpers/shell.ts';
import { openFor } from '../reliability/accounts.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

const suite = browserSuite({}, async (s) => {
  ({ ctx, session, page, errors } = await signedInPage(s));
});

const post = <T>(path: string, body: Record<string, unknown>): Promise<T> =>
  callApi<T>(suite.server.url, session.token, 'POST', path, body);

interface Info {
  file_path: string | null;
  progress: number;
  capped: boolean;
}

/**
 * Presses a screen's Download button, picks the type when the dialog offers several, starts the
 * export; answers the ready file's URL and download.info's last answer.
 */
async function downloadThroughManager(type?: string): Promise<{ url: string; info: Info }> {
  const infos: Info[] = [];
  const onResponse = (r: Response) => {
    if (r.url().includes('/blogger/download.info'))
      void r
        .json()
        .then((j: { data: Info }) => infos.push(j.data))
        .catch(() => undefined);
  };
  page.on('response', onResponse);
  try {
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('dialog');
    if (type) {
      await dialog.getByRole('button', { name: /Type/ }).click();
      await popupOption(page, type).click();
    }
    await dialog
      .getByTestId('export-statement')
      .getByText(/^This export has/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const link = dialog.getByRole('link', { name: 'Open file' });
    await link.waitFor({ timeout: 60_000 });
    const url = (await link.getAttribute('href')) ?? '';
    await expect.poll(() => infos.some((i) => i.file_path)).toBe(true);
    const info = infos.find((i) => i.file_path)!;
    expect(new URL(url).pathname).toBe(info.file_path);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    return { url, info };
  } finally {
    page.off('response', onResponse);
  }
}

/** The XLSX behind a file URL: its header row and data row count. */
async function readXlsx(url: string): Promise<{ header: string[]; rows: number; contentType: string }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  return { header, rows: ws.actualRowCount - 1, contentType: res.headers.get('content-type') ?? '' };
}

/** Rows a download may hold: the free tier stops at FREE_EXPORT_ROW_CAP. */
async function exportLimit(): Promise<number> {
  const res = await fetch(`${suite.server.url}/api/v0.1/member/info`, { headers: { token: session.token } });
  const json = (await res.json()) as { data: { vip: { tier: string } } };
  return json.data.vip.tier === 'vip' ? Number.POSITIVE_INFINITY : FREE_EXPORT_ROW_CAP;
}

const gridTotal = async (): Promise<number> => {
  const text =
    (await page
      // The app's own grid: a warm start shows the service worker's copy of the last rows first.
      .locator('#root')
      .getByText(/^Total [\d,]+$/)
      .first()
      .textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
};
const dataRows = () => page.locator('.cd-grid__row:has([role=gridcell])');

describe('exports', () => {
  it('Home: the download manager brings the creator XLSX with the API’s row count', async () => {
    const { count } = await post<{ count: number }>('/blogger/lists', { country: 'US', page: 1, limit: 1 });
    expect(count).toBeGreaterThan(0);
    await page.goto('/home');
    const { url, info } = await downloadThroughManager('All creators');
    const file = await readXlsx(url);
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.header).toEqual(CREATOR_COLUMNS.map((c) => c['en-us']));
    const limit = await exportLimit();
    const expected = Math.min(count, limit);
    expect(file.rows).toBe(expected);
    expect(info.progress).toBe(expected);
    expect(info.capped).toBe(count >= limit);
  }, 120_000);

  it('Blacklist: the download manager brings the blacklist XLSX with the API’s row count', async () => {
    const { count } = await post<{ count: number }>('/blogger/black.lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    expect(count).toBeGreaterThan(0);
    await page.goto('/blacklist');
    const { url, info } = await downloadThroughManager();
    const file = await readXlsx(url);
    expect(file.header).toEqual(BLACKLIST_COLUMNS.map((c) => c['en-us']));
    const expected = Math.min(count, await exportLimit());
    expect(file.rows).toBe(expected);
    expect(info.progress).toBe(expected);
  }, 120_000);

  it('offline: exports the filtered, sorted Home view as CSV, the grid’s rows in its order', async () => {
    const { list, count } = await post<{ list: { unique_id: string }[]; count: number }>('/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    await page.goto('/home');
    // The first sync has brought every creator of the country.
    await page
      .locator('#root')
      .getByText(`Total ${count.toLocaleString('en-US')}`)
      .first()
      .waitFor({ timeout: 90_000 });

    await ctx.setOffline(true);
    try {
      // A name fragment of a real creator: matches it and some others, across several pages.
      const fragment = list[0]!.unique_id.slice(0, 2);
      await page.getByLabel('Creator', { exact: true }).first().fill(fragment);
      await expect.poll(gridTotal, { timeout: 20_000 }).toBeLessThan(count);
      const total = await gridTotal();
      expect(total).toBeGreaterThan(0);
      await page
        .getByRole('columnheader', { name: /Followers/ })
        .getByRole('button')
        .click();
      await expect
        .poll(() => page.getByRole('columnheader', { name: /Followers/ }).getAttribute('aria-sort'))
        .toBe('descending');
      const shownIds = async () =>
        // The handle column's profile link (a nameless creator's name link reads "@handle" too).
        (await dataRows().locator('a.home-creator-link').allTextContents()).map((s) => s.slice(1));
      await expect.poll(async () => (await shownIds()).length).toBeGreaterThan(0);
      const shown = await shownIds();

      await page.getByRole('button', { name: 'Export this view' }).click();
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^creators-US-\d{8}-\d{6}\.csv$/);
      const bytes = fs.readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      expect(header).toEqual(CREATOR_COLUMNS.map((c) => c['en-us']));
      // The plan's cap applies offline too (the first rows of the view, in its order).
      expect(rows).toHaveLength(Math.min(total, await exportLimit()));
      expect(rows.slice(0, shown.length).map((r) => r[0])).toEqual(shown);
      const followers = rows.map((r) =>
        Number(r[CREATOR_COLUMNS.findIndex((c) => c.key === 'follower_count')]),
      );
      expect(followers).toEqual([...followers].sort((a, b) => b - a));
      await expectToast(page, new RegExp(`^Exported ${rows.length} rows to creators-US-`));

      // The same view as XLSX (written in the worker through CompressionStream): the same cells.
      await page.getByRole('button', { name: 'Export this view' }).click();
      const downloadingXlsx = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
      const xlsx = await downloadingXlsx;
      expect(xlsx.suggestedFilename()).toMatch(/^creators-US-\d{8}-\d{6}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await xlsx.path());
      const sheet: string[][] = [];
      wb.worksheets[0]!.eachRow((row) =>
        sheet.push(CREATOR_COLUMNS.map((_, i) => String(row.getCell(i + 1).value ?? ''))),
      );
      expect(sheet).toEqual([header, ...rows]);
    } finally {
      await ctx.setOffline(false);
    }
    expect(errors).toEqual([]);
  }, 180_000);

  it('a large view shows the worker’s progress, then saves every row (VIP: no cap)', async () => {
    await post('/common/vip.open', { code: redeemCode(suite.server.dataDir) });
    // Grow Singapore past PROGRESS_FROM through the plugin's ingest call.
    for (let part = 0; part < 2; part++) {
      const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: session.token },
        body: JSON.stringify({
          country: 'SG',
          creators: Array.from({ length: 3000 }, (_, i) => ({
            unique_id: `bulk.export.${part * 3000 + i}`,
            follower_count: part * 3000 + i,
          })),
        }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    }
    const { count } = await post<{ count: number }>('/blogger/lists', { country: 'SG', page: 1, limit: 1 });
    expect(count).toBeGreaterThanOrEqual(Math.max(PROGRESS_FROM, 6000));

    await page.goto('/home');
    // The user menu reads the plan again on this load: the export states no cap any more.
    await page.getByRole('button', { name: 'Export this view' }).click();
    await expect
      .poll(() => page.getByTestId('export-view-statement').textContent())
      .not.toContain('Free plan');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /Country/ })
      .first()
      .click();
    await popupOption(page, 'Singapore').click();
    await page
      .locator('#root')
      .getByText(`Total ${count.toLocaleString('en-US')}`)
      .first()
      .waitFor({ timeout: 90_000 });
    // Every progress text the page shows, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext');
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await page.getByRole('button', { name: 'Export this view' }).click();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
    const download = await downloading;
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // From 0, rising, as the worker reports each batch (the last report may land after the file).
    expect(seen[0]).toBe(`0 of ${count.toLocaleString('en-US')} rows written`);
    expect(seen.length).toBeGreaterThan(1);
    const done = seen.map((t) =>
      Number(/^([\d,]+) of ([\d,]+) rows written$/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN),
    );
    expect(done.every((d, i) => d <= count && (i === 0 || d > done[i - 1]!))).toBe(true);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe(count);
    expect(errors).toEqual([]);
  }, 180_000);
});

/**
 * Three exports of the member held by another server process (running, with a live heartbeat), put
 * straight into the server's database so this server's runner cannot finish them meanwhile.
 * Answers a function that removes them again.
 */
async function holdExports(token: string): Promise<() => Promise<void>> {
  const database = await openFor(suite.server.dataDir);
  try {
    const who = await database.db
      .selectFrom('sessions')
      .select(['user_id', 'workspace_id'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const t = Math.floor(Date.now() / 1000);
    const rows = await database.db
      .insertInto('jobs')
      .values(
        Array.from({ length: EXPORTS_RUNNING_MAX }, () => ({
          kind: 'export',
          workspace_id: who.workspace_id,
          user_id: who.user_id,
          payload: JSON.stringify({ type: 'blogger', country: 'US', language: 'en-us', cap: 500 }),
          status: 'running' as const,
          attempts: 1,
          claimed_by: 'another-process',
          heartbeat_at: t + 600,
          progress: 0,
          total: 0,
          created_at: t,
          updated_at: t,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    return async () => {
      const again = await openFor(suite.server.dataDir);
      await again.db.deleteFrom('jobs').where('id', 'in', ids).execute();
      await again.close();
    };
  } finally {
    await database.close();
  }
}

describe('export limits', () => {
  it('Home states the limits first; a 4th export while 3 run is refused in the dialog with its running jobs', async () => {
    const release = await holdExports(session.token);
    try {
      await page.goto('/home');
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('export-limit')
        .getByText('You can have 3 exports in progress at a time and start 30 an hour.')
        .waitFor();
      await dialog.getByRole('button', { name: /Type/ }).click();
      await popupOption(page, 'All creators').click();
      await dialog
        .getByTestId('export-statement')
        .getByText(/^This export has/)
        .waitFor();
      await dialog.getByRole('button', { name: 'Start export' }).click();
      const refused = dialog.getByRole('alert');
      await refused
        .getByText(
          'You already have 3 exports in progress. Wait for one of them to finish, then start this one.',
        )
        .waitFor();
      await refused
        .getByText('“Your exports” below shows when each one is ready; start this one then.', {
          exact: false,
        })
        .waitFor();
      // The exports to wait for are listed right there; nothing started, no file is offered.
      await expect
        .poll(() => dialog.getByTestId('export-job').filter({ hasText: 'Writing…' }).count())
        .toBe(EXPORTS_RUNNING_MAX);
      expect(await dialog.getByRole('link', { name: 'Open file' }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Start export' }).isEnabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // On a phone the limit note and the refusal wrap inside the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const rightEdge = () =>
        page.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('[data-testid=export-limit], .cd-modal [role=alert] *')].map(
              (e) => e.getBoundingClientRect().right,
            ),
          ),
        );
      await expect.poll(rightEdge).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1366, height: 860 });
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      expect(errors).toEqual([]);
    } finally {
      await release();
    }
  }, 120_000);

  it('zh-cn: a one-type dialog (Blacklist) says the same and lists the running jobs after the refusal', async () => {
    const zhCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    const zhSession = await signInDemo(zhCtx, suite.server.url, 'zh');
    const zh = await zhCtx.newPage();
    const zhErrors = trackErrors(zh);
    const release = await holdExports(zhSession.token);
    try {
      await zh.goto('/blacklist');
      await zh.getByRole('button', { name: '下载', exact: true }).click();
      const dialog = zh.getByRole('dialog');
      await dialog
        .getByTestId('export-limit')
        .getByText('每人最多同时进行 3 个导出，每小时最多开始 30 个。')
        .waitFor();
      // No job list before a refusal in a one-type dialog.
      expect(await dialog.getByText('我的导出').count()).toBe(0);
      await dialog
        .getByTestId('export-statement')
        .getByText(/^本次导出共/)
        .waitFor();
      await dialog.getByRole('button', { name: '开始导出' }).click();
      const refused = dialog.getByRole('alert');
      await refused.getByText('您已有 3 个导出正在进行。请等其中一个完成后再开始这次导出。').waitFor();
      await refused.getByText('下方“我的导出”会显示每个导出何时完成', { exact: false }).waitFor();
      await expect
        .poll(() => dialog.getByTestId('export-job').filter({ hasText: '生成中…' }).count())
        .toBe(EXPORTS_RUNNING_MAX);
      expect(await seriousAxeViolations(zh)).toEqual([]);
      expect(zhErrors).toEqual([]);
    } finally {
      await release();
      await zhCtx.close();
    }
  }, 120_000);
});
