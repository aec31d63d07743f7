/**
 * The blacklist and invited screens in a real browser against the real server: a pasted
 * creator list with blank lines lands on the blacklist (shown at once, kept across a reload, the
 * server's list agreeing), and a bulk delete asks first. On the invited screen, a pasted list with
 * blank lines and duplicates counts what will be sent, a record moves to status 3 with a sub
 * status, the sub-status filter shows only while the status filter is 3, and a bulk delete asks
 * with the count.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, callApi, popupOption, serverAgrees, signedInPage } from '../helpers/browser-suite.ts';
import { expectToast, type ApiSession } from '../helpers/shell.ts';
import { runServiceWorker } from '../helpers/browser.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

const suite = browserSuite({}, async (s) => {
  ({ ctx, session, page, errors } = await signedInPage(s));
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
});

const api = <T>(method: string, path: string, body: Record<string, unknown>): Promise<T> =>
  callApi<T>(suite.server.url, session.token, method, path, body);

const dialog = () => page.locator('.cd-modal').getByRole('dialog');
const confirmBox = () => page.locator('.cd-modal').getByRole('alertdialog');
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const blacklisted = (name: string) =>
  api<{ list: { unique_id: string; reason: string }[] }>('POST', '/blogger/black.lists', {
    country: 'US',
    name,
  }).then((d) => d.list);

/** Entries in the app's outbox (unsent, or sent and not yet settled by a pull). */
const outboxSize = () =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('creatordesk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => {
            resolve(req.result);
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

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
    await expect
      .poll(() =>
        row('e2e_black_one').getByRole('link', { name: 'e2e_black_one', exact: true }).getAttribute('href'),
      )
      .toBe('https://www.tiktok.com/@e2e_black_one');

    await page.reload();
    await row('e2e_black_two').waitFor({ timeout: 20_000 });

    const remove = page.getByRole('button', { name: 'Delete selected' });
    await expect.poll(() => remove.isDisabled()).toBe(true);
    // Rows are ticked by name, so a tick holds while a row's saved copy replaces its local one.
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

    // Offline, a name added and removed before it was ever sent goes away at once; another one
    // ticked while unsent stays ticked, in its place, when its saved copy arrives. Back online the
    // adds and the removal reach the server in that order.
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Add to blacklist' }).click();
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill('e2e_black_three\ne2e_black_four');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await row('e2e_black_three').getByRole('checkbox').check();
    await remove.click();
    await confirmBox().getByText('Remove 1 creator from the blacklist?').waitFor();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await row('e2e_black_three').waitFor({ state: 'detached' });
    await row('e2e_black_four').getByRole('checkbox').check();
    const place = await row('e2e_black_four').getAttribute('aria-rowindex');
    await ctx.setOffline(false);
    // All three calls sent and settled: the outbox is empty.
    await expect.poll(() => outboxSize(), { timeout: 30_000, message: 'the outbox drains' }).toBe(0);
    expect((await blacklisted('e2e_black_')).map((r) => r.unique_id)).toEqual(['e2e_black_four']);
    await expect.poll(() => row('e2e_black_four').getByRole('checkbox').isChecked()).toBe(true);
    expect(await row('e2e_black_four').getAttribute('aria-rowindex')).toBe(place);
    await expect.poll(() => row('e2e_black_three').count()).toBe(0);
    await row('e2e_black_four').getByRole('checkbox').uncheck();
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
    await expect.poll(() => row('e2e_inv_a').count()).toBe(1);

    await expect.poll(() => select(page, 'Sub status').count()).toBe(0);
    await select(page, 'Status').click();
    await popupOption(page, 'Cooperating').click();
    await select(page, 'Sub status').waitFor();
    await row('e2e_inv_a').waitFor({ state: 'detached' });
    await select(page, 'Status').click();
    await popupOption(page, 'All').click();
    await select(page, 'Sub status').waitFor({ state: 'detached' });

    await row('e2e_inv_a').getByRole('button', { name: 'View e2e_inv_a' }).click();
    await select(dialog(), 'Status').click();
    await popupOption(page, 'Cooperating').click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please choose a sub status');
    await select(dialog(), 'Sub status').click();
    await popupOption(page, 'Sample sent').click();
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

const nameFilter = () => page.getByRole('searchbox', { name: 'Name' });
const gridTotal = () => page.locator('.cd-grid__total');
const menu = (key: string) => page.locator(`a[data-menu="${key}"]`);
const unsent = () => page.getByRole('status', { name: 'Sync status' }).locator('.cd-sync__badge');

describe('invited, a long paste', () => {
  it('counts 500 names pasted with blank lines and duplicates, and adds each once', async () => {
    const names = Array.from({ length: 500 }, (_, i) => `e2e_bulk_${String(i).padStart(3, '0')}`);
    // Every 7th line is followed by a blank line, every 11th by a repeat of an earlier name
    // (with stray spaces and an @), so the text has 500 names in 600-odd lines.
    const lines: string[] = [];
    names.forEach((n, i) => {
      lines.push(n);
      if (i % 7 === 0) lines.push('', '   ');
      if (i % 11 === 10) lines.push(`  @${names[i - 5]} `);
    });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(600);
    expect(text.length).toBeLessThan(10_000);

    await menu('invited').click();
    await page.getByRole('button', { name: 'Add invitation' }).click();
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill(text);
    await dialog().getByLabel('Creators, one per line (500)').waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await dialog().waitFor({ state: 'detached' });

    // At once, as pending rows: the grid counts exactly the 500.
    await nameFilter().fill('e2e_bulk_');
    await gridTotal().getByText('Total 500', { exact: true }).waitFor();
    const saved = await serverAgrees(
      () =>
        api<{ count: number; list: { unique_id: string }[] }>('POST', '/blogger/invitation.lists', {
          country: 'US',
          name: 'e2e_bulk_',
          page: 1,
          limit: 1000,
        }).then((d) => (d.count === 500 ? d.list : [])),
      (r) => r.length === 500,
    );
    expect(new Set(saved.map((r) => r.unique_id))).toEqual(new Set(names));
    // Once synced the mirror's rows replace the pending ones: still 500, none twice.
    await serverAgrees(
      () => mirrored('invitations').then((all) => all.filter((n) => n.startsWith('e2e_bulk_'))),
      (r) => r.length === 500,
    );
    await expect.poll(() => gridTotal().textContent()).toBe('Total 500');
  }, 90_000);
});

/** The blacklist flag cell of a creator on /home, found through the name filter. */
async function homeBlackFlag(uniqueId: string) {
  await page.getByLabel('Creator', { exact: true }).fill(uniqueId);
  const creatorRow = page
    .locator('.cd-grid__row:has([role=gridcell])')
    .filter({ has: page.getByRole('link', { name: `@${uniqueId}`, exact: true }) });
  await creatorRow.waitFor({ timeout: 90_000 });
  const col = await page.getByRole('columnheader', { name: 'Blacklist' }).getAttribute('aria-colindex');
  return creatorRow.locator(`[role=gridcell][aria-colindex="${col}"] .cd-tag`);
}

/** A colour token of src/styles/tokens.css as the browser computes it (rgb(…)). */
const token = (name: string) =>
  page.evaluate((n) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${n})`;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, name);

describe('blacklist and the home screen', () => {
  it('a creator added on the blacklist screen shows red (blacklisted) on /home', async () => {
    const [target] = await api<{ list: { unique_id: string }[] }>('POST', '/blogger/lists', {
      country: 'US',
      isBlack: 0,
      page: 1,
      limit: 1,
    }).then((d) => d.list);
    const id = target!.unique_id;

    await menu('home').click();
    const before = await homeBlackFlag(id);
    await before.getByText('Not blacklisted', { exact: true }).waitFor();
    await expect.poll(() => before.getAttribute('class')).toContain('cd-tag--black-off');
    const green = await token('--cd-status-green');
    await expect.poll(() => before.evaluate((el) => getComputedStyle(el).color)).toBe(green);

    await menu('blacklist').click();
    await page.getByRole('button', { name: 'Add to blacklist' }).click();
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill(`${id}\n`);
    await dialog().getByLabel('Reason').fill('Fake followers');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await row(id).waitFor();

    await menu('home').click();
    const after = await homeBlackFlag(id);
    await after.getByText('Blacklisted', { exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => after.getAttribute('class')).toContain('cd-tag--black-on');
    const red = await token('--cd-status-red');
    expect(red).not.toBe(green);
    await expect.poll(() => after.evaluate((el) => getComputedStyle(el).color)).toBe(red);
    // The server agrees, and after a reload (the mirror's own copy) it is still red.
    await serverAgrees(
      () => blacklisted(id),
      (r) => r.some((b) => b.unique_id === id),
    );
    await page.reload();
    const reloaded = await homeBlackFlag(id);
    await reloaded.getByText('Blacklisted', { exact: true }).waitFor();
    await expect.poll(() => reloaded.getAttribute('class')).toContain('cd-tag--black-on');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('offline, then synced', () => {
  it('applies an invitation add and a blacklist add offline at once and sends each exactly once', async () => {
    await menu('invited').click();
    await nameFilter().waitFor();
    await ctx.setOffline(true);
    await page
      .getByRole('status', { name: 'Sync status' })
      .getByText(/^Offline/)
      .waitFor();

    await page.getByRole('button', { name: 'Add invitation' }).click();
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill('e2e_off_inv_a\ne2e_off_inv_b\n\ne2e_off_inv_a');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await nameFilter().fill('e2e_off_inv_');
    await row('e2e_off_inv_a').waitFor();
    await row('e2e_off_inv_b').waitFor();
    await gridTotal().getByText('Total 2', { exact: true }).waitFor();

    await menu('blacklist').click();
    await page.getByRole('button', { name: 'Add to blacklist' }).click();
    await dialog()
      .getByLabel(/Creators, one per line/)
      .fill('e2e_off_blk_a');
    await dialog().getByLabel('Reason').fill('Offline');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await row('e2e_off_blk_a').waitFor();

    await unsent().getByText('2 unsent', { exact: true }).waitFor();
    // Nothing reached the server while the browser was offline.
    await new Promise((r) => setTimeout(r, 1500));
    await expect.poll(() => invitations('e2e_off_inv_')).toEqual([]);
    await expect.poll(() => blacklisted('e2e_off_blk_')).toEqual([]);
    await expect.poll(() => unsent().textContent()).toBe('2 unsent');

    await ctx.setOffline(false);
    await unsent().waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .getByRole('status', { name: 'Sync status' })
      .getByText('Up to date')
      .waitFor({ timeout: 30_000 });
    const inv = await invitations('e2e_off_inv_');
    expect(inv.map((r) => r.unique_id).sort()).toEqual(['e2e_off_inv_a', 'e2e_off_inv_b']);
    const black = await blacklisted('e2e_off_blk_');
    expect(black.map((r) => [r.unique_id, r.reason])).toEqual([['e2e_off_blk_a', 'Offline']]);

    // The screens still show each once, now from the server's rows.
    await serverAgrees(
      () => mirrored('blacklist'),
      (n) => n.includes('e2e_off_blk_a'),
    );
    await expect.poll(() => row('e2e_off_blk_a').count()).toBe(1);
    await menu('invited').click();
    await nameFilter().fill('e2e_off_inv_');
    await serverAgrees(
      () => mirrored('invitations'),
      (n) => n.includes('e2e_off_inv_a') && n.includes('e2e_off_inv_b'),
    );
    await gridTotal().getByText('Total 2', { exact: true }).waitFor();
    await expect.poll(() => row('e2e_off_inv_a').count()).toBe(1);
    // After a reload (a fresh pull) still once each, locally and on the server.
    await page.reload();
    await nameFilter().fill('e2e_off_inv_');
    await gridTotal().getByText('Total 2', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await invitations('e2e_off_inv_')).length).toBe(2);
    expect((await blacklisted('e2e_off_blk_')).length).toBe(1);
    expect(errors).toEqual([]);
  }, 120_000);
});
