/**
 * The creator import in a real browser against the real server (demo seed): a file that is
 * not what its name says is refused with a reason; a CSV with Chinese and English headers,
 * a row without an id, a bad number and a repeated creator is mapped automatically, checked
 * (nothing written yet: the server agrees), imported, and the new creators show
 * in the Home grid after sync and through the API with the values from the file. Then an XLSX
 * (read by exceljs, which the worker loads only for XLSX) creates one creator and updates one.
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, callApi, signedInPage } from '../helpers/browser-suite.ts';
import { expectToast, type ApiSession } from '../helpers/shell.ts';
import { decodePull, type PullWire } from '../../contract/sync.ts';

let session: ApiSession;
let page: Page;
let errors: string[];

interface Row {
  unique_id: string;
  daren_name: string;
  follower_count: number;
  video_engagement_t30: number;
}

const suite = browserSuite({}, async (s) => {
  ({ session, page, errors } = await signedInPage(s));
});

const lists = (body: Record<string, unknown>) =>
  callApi<{ list: Row[]; count: number }>(suite.server.url, session.token, 'POST', '/blogger/lists', {
    country: 'US',
    page: 1,
    limit: 50,
    ...body,
  });

const dialog = () => page.getByRole('dialog', { name: 'Import creators' });
/** The workspace's plan members, from a full pull (the demo workspace takes several pages). */
async function planMembers(): Promise<number> {
  let cursor = '';
  let count = 0;
  for (;;) {
    const page = decodePull(
      await callApi<PullWire>(suite.server.url, session.token, 'POST', '/sync/pull', {
        cursor,
        limit: 20_000,
      }),
    );
    count += page.changes.plan_creators.length;
    if (!page.has_more) return count;
    cursor = page.cursor;
  }
}
const fileInput = () => dialog().locator('input[type=file]');
const stat = (name: 'new' | 'updated' | 'skipped') =>
  dialog().locator(`[data-testid=import-summary] [data-stat=${name}]`);
const dataRows = () => page.locator('.cd-grid__row:has([role=gridcell])');
const creatorRow = (id: string) =>
  dataRows().filter({ has: page.getByRole('link', { name: `@${id}`, exact: true }) });

it('checks a CSV with bad rows, imports it, and the creators reach the grid', async () => {
  const known = (await lists({ limit: 1, field: 'follower_count', sort: 'desc' })).list[0]!.unique_id;
  const before = (await lists({ limit: 1 })).count;

  await page.goto('/home');
  await page
    .getByText(`Total ${before.toLocaleString('en-US')}`)
    .first()
    .waitFor({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect.poll(() => dialog().isVisible()).toBe(true);

  // 1. a text file named .xlsx: refused by content, the dialog stays usable
  await fileInput().setInputFiles({
    name: 'creators.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('unique_id\namy\n'),
  });
  await expect
    .poll(() => dialog().getByRole('alert').first().textContent())
    .toContain('not an XLSX workbook');

  // 2. the CSV: header row 1, data rows 2..8
  const csv = [
    '用户名,Name,Followers,Engagement rate,Notes',
    'e2e_amy,Amy,12.3K,4.5%,first copy', // row 2: repeated by row 5
    ',No id,5,,', // row 3: no creator id
    'e2e_bob,Bob,lots,,', // row 4: not a number
    '@e2e_amy,Amy Glow,13K,4.5%,', // row 5
    `${known},,777,,`, // row 6: a demo creator → update
    'e2e_cara,"Cara, the ""Chef""",1.2M,,', // row 7
    'e2e_dan,Dan,800,3%,', // row 8
  ].join('\r\n');
  await fileInput().setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog().getByText('creators.csv: 7 rows, 5 columns').waitFor();
  // headers mapped from their names; Notes left out
  await expect
    .poll(() =>
      dialog()
        .getByRole('button', { name: /Creator field for 用户名/ })
        .textContent(),
    )
    .toContain('Creator ID');
  await expect
    .poll(() =>
      dialog()
        .getByRole('button', { name: /Creator field for Engagement rate/ })
        .textContent(),
    )
    .toContain('Engagement % (30 days)');
  await expect
    .poll(() =>
      dialog()
        .getByRole('button', { name: /Creator field for Notes/ })
        .textContent(),
    )
    .toContain('Not imported');
  // the preview is a table with the file's rows
  await expect.poll(() => dialog().getByRole('row').filter({ hasText: 'e2e_cara' }).count()).toBe(1);

  const importButton = dialog().getByRole('button', { name: 'Import 7 rows' });
  await expect.poll(() => importButton.isDisabled()).toBe(true);

  // 3. check: a dry run of every row
  await dialog().getByRole('button', { name: 'Check', exact: true }).click();
  await dialog().getByText('Check result: nothing has been changed yet').waitFor({ timeout: 30_000 });
  await expect.poll(() => stat('new').textContent()).toBe('3');
  await expect.poll(() => stat('updated').textContent()).toBe('1');
  await expect.poll(() => stat('skipped').textContent()).toBe('3');
  await expect
    .poll(() => dialog().locator('.cd-import__reasons li').allTextContents())
    .toEqual([
      'Row 2 (e2e_amy): The same creator is in row 5, which is imported instead',
      'Row 3: The creator id is missing',
      'Row 4 (e2e_bob): Followers is not valid',
    ]);
  expect((await lists({ name: 'e2e_' })).count).toBe(0);

  // 4. import: the button now counts the rows that will be written (3 new + 1 update)
  await dialog().getByRole('button', { name: 'Import 4 rows' }).click();
  await dialog().getByText('Import finished').waitFor({ timeout: 30_000 });
  await expect.poll(() => stat('new').textContent()).toBe('3');
  await expect.poll(() => stat('updated').textContent()).toBe('1');
  await expect.poll(() => stat('skipped').textContent()).toBe('3');
  await expectToast(page, 'Imported: 3 new, 1 updated, 3 skipped');

  // the server has them, with the file's values (the later copy of amy won)
  const got = (await lists({ name: 'e2e_' })).list.sort((a, b) => a.unique_id.localeCompare(b.unique_id));
  expect(got.map((r) => [r.unique_id, r.daren_name, r.follower_count, r.video_engagement_t30])).toEqual([
    ['e2e_amy', 'Amy Glow', 13000, 4.5],
    ['e2e_cara', 'Cara, the "Chef"', 1_200_000, 0],
    ['e2e_dan', 'Dan', 800, 3],
  ]);
  expect((await lists({ name: known })).list.find((r) => r.unique_id === known)?.follower_count).toBe(777);
  expect((await lists({ limit: 1 })).count).toBe(before + 3);

  // 5. the grid: sync brings the new creators into the mirror
  await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();
  await page
    .getByText(`Total ${(before + 3).toLocaleString('en-US')}`)
    .first()
    .waitFor({ timeout: 60_000 });
  await page.getByLabel('Creator', { exact: true }).first().fill('e2e_cara');
  await creatorRow('e2e_cara').waitFor({ timeout: 30_000 });
  await expect.poll(() => creatorRow('e2e_cara').textContent()).toContain('Cara, the "Chef"');

  // 6. an XLSX (exceljs, loaded by the worker only now) with Chinese headers
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('达人');
  ws.addRow(['达人ID', '粉丝数', '邮箱']);
  ws.addRow(['e2e_eve', 4200, 'eve@mail.test']);
  ws.addRow(['e2e_dan', '1.5万', '']);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await fileInput().setInputFiles({
    name: 'more.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await dialog().getByText('more.xlsx: 2 rows, 3 columns').waitFor({ timeout: 30_000 });
  await dialog().getByRole('button', { name: 'Check', exact: true }).click();
  await dialog().getByText('Check result: nothing has been changed yet').waitFor({ timeout: 30_000 });
  expect([await stat('new').textContent(), await stat('updated').textContent()]).toEqual(['1', '1']);
  await dialog().getByRole('button', { name: 'Import 2 rows' }).click();
  await dialog().getByText('Import finished').waitFor({ timeout: 30_000 });
  const more = (await lists({ name: 'e2e_' })).list.filter((r) =>
    ['e2e_eve', 'e2e_dan'].includes(r.unique_id),
  );
  expect(more.map((r) => [r.unique_id, r.follower_count]).sort()).toEqual([
    ['e2e_dan', 15_000],
    ['e2e_eve', 4200],
  ]);

  // 7. the creators just imported go into a plan from the finished dialog. The plan was
  // made by a teammate's call; the sync brings it and the new creators to this device (a press before
  // they arrive says how many are here and adds those: pressed again until both are).
  await callApi(suite.server.url, session.token, 'POST', '/plan/add', {
    name: 'Imported push',
    country: 'US',
  });
  const anyAdd = page.getByRole('dialog', { name: /^Add \d+ creators to a plan$/ });
  const addDialog = page.getByRole('dialog', { name: 'Add 2 creators to a plan' });
  await expect
    .poll(
      async () => {
        if ((await addDialog.isVisible()) && (await addDialog.getByText('Imported push').count()) > 0)
          return true;
        if (await anyAdd.isVisible()) await anyAdd.getByRole('button', { name: 'Cancel' }).click();
        await dialog().getByRole('button', { name: 'Add them to a plan' }).click();
        await anyAdd.waitFor({ timeout: 3_000 }).catch(() => undefined);
        return false;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await addDialog.waitFor({ state: 'detached' });
  await expect.poll(planMembers, { timeout: 30_000 }).toBe(2);

  expect(errors).toEqual([]);
}, 240_000);
