/**
 * Limits shown before they bite, in a real browser against the real server, the demo
 * accounts on the free plan:
 * - Home's download offers the spec's seven types, states the row count and the free plan's cap
 *   with the VIP link before it starts, writes the capped file, and lists the job (type, rows,
 *   state, when, the file again), which is still listed after a reload;
 * - "Export this view" states the same cap before a format is chosen and follows it;
 * - the Invited download carries the invitation's own fields;
 * - the same statement in zh-cn.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FREE_EXPORT_ROW_CAP } from '../../contract/constants.ts';
import { INVITATION_COLUMNS } from '../../contract/export-columns.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { callApi, demoSuite, popupOption } from '../helpers/browser-suite.ts';
import { signInDemo } from '../helpers/shell.ts';

const demo = demoSuite();
const suite = demo.suite;
const post = <T>(path: string, body: Record<string, unknown>): Promise<T> => demo.api<T>('POST', path, body);
const en = (n: number) => n.toLocaleString('en-US');

/** The rows of an XLSX behind a URL (header first). */
async function sheetOf(url: string): Promise<string[][]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return out;
}

/** Opens the screen's Download dialog, picking `type` when it offers a choice. */
async function openExport(page: Page, type?: string) {
  await page.getByRole('button', { name: /^(Download|下载)$/ }).click();
  const dialog = page.getByRole('dialog');
  if (type) {
    await dialog.getByRole('button', { name: /Type|类型/ }).click();
    await popupOption(page, type).click();
  }
  return dialog;
}

describe('server exports', () => {
  it('Home: states the count and the free cap first, writes the capped file, lists the job across a reload', async () => {
    const { count } = await post<{ count: number }>('/blogger/lists', {
      country: 'US',
      isChat: 1,
      page: 1,
      limit: 1,
    });
    expect(count).toBeGreaterThan(FREE_EXPORT_ROW_CAP);
    const page = demo.s.page;
    await page.goto('/home');
    const dialog = await openExport(page);
    // The spec's seven types, and a type is required.
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await dialog.getByRole('alert').getByText('Select the influencer type to download').waitFor();
    await dialog.getByRole('button', { name: /Type/ }).click();
    const options = await page
      .locator('.cd-popover:not([data-exiting])')
      .getByRole('option')
      .allTextContents();
    expect(options).toEqual([
      'All creators',
      'Chatted',
      'Not chatted',
      'Invitations',
      'Not invited',
      'Blacklist',
      'Amateurs',
    ]);
    await popupOption(page, 'Chatted').click();

    const statement = dialog.getByTestId('export-statement');
    await statement.getByText(`This export has ${en(count)} rows.`).waitFor();
    await statement.getByText(`Free plan: the first 500 of ${en(count)} rows; VIP exports all.`).waitFor();
    expect(await statement.getByRole('link', { name: 'Upgrade to VIP' }).getAttribute('href')).toBe('/vip');

    await dialog.getByRole('button', { name: 'Start export' }).click();
    const link = dialog.getByRole('link', { name: 'Open file' });
    await link.waitFor({ timeout: 60_000 });
    const href = (await link.getAttribute('href'))!;
    const rows = await sheetOf(href);
    expect(rows.length - 1).toBe(FREE_EXPORT_ROW_CAP);

    const job = dialog.getByTestId('export-job').first();
    await expect.poll(() => job.textContent(), { timeout: 20_000 }).toContain('Ready');
    expect(await job.textContent()).toContain('Chatted · US');
    expect(await job.textContent()).toContain('500 (free plan cap)');
    // The same job's file: each answer signs the link anew (expiry and signature differ).
    const jobOf = (link: string | null) => (link ?? '').replace(/-\d+-[\w-]+$/, '');
    const again = job.getByRole('link', { name: 'Download again' });
    await expect.poll(async () => jobOf(await again.getAttribute('href'))).toBe(jobOf(href));

    await page.reload();
    const after = await openExport(page);
    const kept = after.getByTestId('export-job').first();
    await expect.poll(() => kept.textContent(), { timeout: 20_000 }).toContain('Chatted · US');
    expect(await kept.textContent()).toContain('Ready');
    await expect
      .poll(async () => jobOf(await kept.getByRole('link', { name: 'Download again' }).getAttribute('href')))
      .toBe(jobOf(href));
    await after.getByRole('button', { name: 'Close' }).first().click();
  }, 150_000);

  it('Invited: the file carries the invitation’s own fields', async () => {
    const { count } = await post<{ count: number }>('/blogger/invitation.lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    expect(count).toBeGreaterThan(0);
    const page = demo.s.page;
    await page.goto('/invited');
    const dialog = await openExport(page);
    await dialog
      .getByTestId('export-statement')
      .getByText(`This export has ${en(count)} rows.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const link = dialog.getByRole('link', { name: 'Open file' });
    await link.waitFor({ timeout: 60_000 });
    const [header, ...rows] = await sheetOf((await link.getAttribute('href'))!);
    expect(header).toEqual(INVITATION_COLUMNS.map((c) => c['en-us']));
    expect(rows).toHaveLength(Math.min(count, FREE_EXPORT_ROW_CAP));
    const status = INVITATION_COLUMNS.findIndex((c) => c.key === 'status_str');
    const seen = new Set(rows.map((r) => r[status]));
    for (const s of seen) expect(['Connecting', 'Inviting', 'Cooperating', 'Complete']).toContain(s);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2} /.test(r[INVITATION_COLUMNS.length - 2]!))).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }, 120_000);
});

describe('export this view', () => {
  it('states the free cap before a format is chosen, then writes the first 500 rows of the view', async () => {
    const { count } = await post<{ count: number }>('/blogger/lists', { country: 'US', page: 1, limit: 1 });
    const page = demo.s.page;
    await page.goto('/home');
    await page
      .getByText(`Total ${en(count)}`)
      .first()
      .waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Export this view' }).click();
    const statement = page.getByTestId('export-view-statement');
    await expect
      .poll(() => statement.textContent())
      .toBe(
        `This view has ${en(count)} rows. Free plan: the first 500 of ${en(count)} rows of this view; VIP exports all.`,
      );
    await page.getByRole('link', { name: 'Upgrade to VIP' }).waitFor();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const text = fs.readFileSync(await (await downloading).path(), 'utf8');
    expect(text.trim().split('\r\n')).toHaveLength(FREE_EXPORT_ROW_CAP + 1);
    expect(demo.s.errors).toEqual([]);
  }, 150_000);
});

describe('in zh-cn', () => {
  it('states the count and the free cap in Chinese', async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    const session = await signInDemo(ctx, suite.server.url, 'zh');
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    const { count } = await callApi<{ count: number }>(
      suite.server.url,
      session.token,
      'POST',
      '/blogger/lists',
      {
        country: 'US',
        page: 1,
        limit: 1,
        language: 'zh-cn',
      },
    );
    await page.goto('/home');
    const dialog = await openExport(page, '全部达人');
    const statement = dialog.getByTestId('export-statement');
    const n = count.toLocaleString('zh-CN');
    await statement.getByText(`本次导出共 ${n} 行。`).waitFor({ timeout: 30_000 });
    await statement.getByText(`免费版：导出 ${n} 行中的前 500 行；VIP 可导出全部。`).waitFor();
    await statement.getByRole('link', { name: '开通 VIP' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
