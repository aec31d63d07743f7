/**
 * The blacklist and invited screens in a real browser against the real server: a pasted
 * creator list with blank lines lands on the blacklist (shown at once, kept across a reload, the
 * server's list agreeing), and a bulk delete asks first. On the invited screen, a pasted list with
 * blank lines and duplicates counts what will be sent, a record moves to status 3 with a sub
 * status, the sub-status filter shows only while the status filter is 3, and a bulk delete asks
 * with the count.
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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ctx = await newContext(browser, server.url, 'en-US');
  session = await signInDemo(ctx, server.url, 'en');
  page = await ctx.newPage();
  errors = trackErrors(page);
  // The first sync gives the app its local session; the tag list shows once it is done.
  await page.goto('/tag');
  await page
    .locator('.catalog-table__row')
    .first()
    .waitFor({ timeout: 90_000 })
    .catch(async (e: unknown) => {
      throw new Error(`no tags after the first sync: ${(await page.innerText('body')).slice(0, 600)}`, {
        cause: e,
      });
    });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(method: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${server.url}/api/v0.1${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: session.token },
    body: encodeForm(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

async function serverAgrees<T>(read: () => Promise<T[]>, check: (rows: T[]) => boolean) {
  const until = Date.now() + 20_000;
  for (;;) {
    const rows = await read();
    if (check(rows)) return rows;
    if (Date.now() > until) throw new Error(`server never agreed: ${JSON.stringify(rows).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const dialog = () => page.locator('.cd-modal').getByRole('dialog');
const confirmBox = () => page.locator('.cd-modal').getByRole('alertdialog');
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const blacklisted = (name: string) =>
  api<{ list: { unique_id: string; reason: string }[] }>('POST', '/blogger/black.lists', {
    country: 'US',
    name,
  }).then((d) => d.list);

/** unique_ids in one mirrored table of the app's IndexedDB. */
const mirrored = (table: string) =>
  page.evaluate(
    (t) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('creatordesk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(t).objectStore(t).getAll();
          req.onsuccess = () => {
            resolve((req.result as { unique_id: string }[]).map((r) => r.unique_id));
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    table,
  );

describe('blacklist', () => {
  it('adds a pasted list, keeps it across a reload, and deletes the selection after asking', async () => {
    await page.goto('/blacklist');
    await page.getByRole('button', { name: 'Add to blacklist' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter at least one creator');

    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill('e2e_black_one\n\n  \ne2e_black_two\n\n');
    await dialog().getByLabel('Creators, one per line (2)').waitFor();
    await dialog().getByLabel('Reason').fill('Spam');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await row('e2e_black_one').waitFor();
    await row('e2e_black_two').waitFor();
    const saved = await serverAgrees(
      () => blacklisted('e2e_black'),
      (r) => r.length === 2,
    );
    expect(saved.map((r) => r.reason)).toEqual(['Spam', 'Spam']);
    expect(await row('e2e_black_one').getByRole('link', { name: 'e2e_black_one' }).getAttribute('href')).toBe(
      'https://www.tiktok.com/@e2e_black_one',
    );

    await page.reload();
    await row('e2e_black_two').waitFor({ timeout: 20_000 });
    // A delete addresses saved rows, so wait until the mirror holds the server's copies.
    await serverAgrees(
      () => mirrored('blacklist'),
      (names) => names.includes('e2e_black_one') && names.includes('e2e_black_two'),
    );

    const remove = page.getByRole('button', { name: 'Delete selected' });
    expect(await remove.isDisabled()).toBe(true);
    await row('e2e_black_one').getByRole('checkbox').check();
    await row('e2e_black_two').getByRole('checkbox').check();
    await remove.click();
    await confirmBox().getByText('Remove 2 creators from the blacklist?').waitFor();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted');
    await row('e2e_black_one').waitFor({ state: 'detached' });
    await row('e2e_black_two').waitFor({ state: 'detached' });
    await serverAgrees(
      () => blacklisted('e2e_black'),
      (r) => r.length === 0,
    );
    expect(errors).toEqual([]);
  }, 90_000);
});

/** A kit Select found by its label text. */
const select = (scope: ReturnType<Page['locator']> | Page, label: string) =>
  scope
    .locator('.cd-select')
    .filter({ has: page.locator('.cd-field__label', { hasText: new RegExp(`^${label}$`) }) })
    .getByRole('button');
const invitations = (name: string) =>
  api<{ list: { unique_id: string; status: number; sub_status: number | null }[] }>(
    'POST',
    '/blogger/invitation.lists',
    { country: 'US', name },
  ).then((d) => d.list);

describe('invited', () => {
  it('adds a deduplicated list, sets status 3 with a sub status, filters by it, and deletes after asking', async () => {
    await page.goto('/invited');
    await page.getByRole('button', { name: 'Add invitation' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter at least one creator');
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill('e2e_inv_a\n\n e2e_inv_b \ne2e_inv_a\n\n');
    await dialog().getByLabel('Creators, one per line (2)').waitFor();
    await dialog()
      .getByLabel(/Product ids/)
      .fill('P-1\n\nP-1\nP-2');
    await dialog().getByLabel('Product ids, one per line (2)').waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    // Shown at once (pending rows from the outbox), then saved once each.
    await row('e2e_inv_a').waitFor();
    await row('e2e_inv_b').waitFor();
    await serverAgrees(
      () => invitations('e2e_inv_'),
      (r) => r.length === 2,
    );
    await serverAgrees(
      () => mirrored('invitations'),
      (names) => names.includes('e2e_inv_a') && names.includes('e2e_inv_b'),
    );
    expect(await row('e2e_inv_a').count()).toBe(1);

    expect(await select(page, 'Sub status').count()).toBe(0);
    await select(page, 'Status').click();
    await page.getByRole('option', { name: 'Cooperating', exact: true }).click();
    await select(page, 'Sub status').waitFor();
    await row('e2e_inv_a').waitFor({ state: 'detached' });
    await select(page, 'Status').click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await select(page, 'Sub status').waitFor({ state: 'detached' });

    await row('e2e_inv_a').getByRole('button', { name: 'View e2e_inv_a' }).click();
    await select(dialog(), 'Status').click();
    await page.getByRole('option', { name: 'Cooperating', exact: true }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please choose a sub status');
    await select(dialog(), 'Sub status').click();
    await page.getByRole('option', { name: 'Sample sent', exact: true }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await row('e2e_inv_a').getByText('Sample sent').waitFor();
    await serverAgrees(
      () => invitations('e2e_inv_a'),
      (r) => r[0]?.status === 3 && r[0]?.sub_status === 2,
    );

    await row('e2e_inv_a').getByRole('checkbox').check();
    await row('e2e_inv_b').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await confirmBox().getByText('Delete 2 invitations?').waitFor();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await row('e2e_inv_a').waitFor({ state: 'detached' });
    await row('e2e_inv_b').waitFor({ state: 'detached' });
    await serverAgrees(
      () => invitations('e2e_inv_'),
      (r) => r.length === 0,
    );
    expect(errors).toEqual([]);
  }, 90_000);
});
