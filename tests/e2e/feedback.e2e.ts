/**
 * Honest feedback in a real browser against the real server (issue 20), the English demo account
 * on the free plan:
 * - the 4th topic is refused before it is recorded, with the plan's limit and the VIP link, and is
 *   not there after a reload (nor on the server);
 * - inviting a blacklisted creator names them in the dialog and creates nothing;
 * - a double-click on Save makes one tag;
 * - a change the device could not foresee (a tag another device has just added) is refused by the
 *   server: told where the user acted, rolled back, listed in plain words in the sync panel;
 * - the same refusal met offline is explained after reconnecting on another page, as a persistent
 *   notice that survives a reload until read;
 * - toasts belong to their page and never cover the header menu.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoSuite, serverAgrees } from '../helpers/browser-suite.ts';
import { expectToast } from '../helpers/shell.ts';

const demo = demoSuite();
const page = (): Page => demo.s.page;
const api = <T>(method: string, path: string, body: Record<string, unknown>): Promise<T> =>
  demo.api<T>(method, path, body);

const dialog = () => page().locator('.cd-modal').getByRole('dialog');
const row = (text: string) => page().locator('.catalog-table__row').filter({ hasText: text });
const syncStatus = () => page().getByRole('status', { name: 'Sync status' });
const notices = () => page().getByRole('region', { name: 'Changes that need your attention' });

/** Opens a catalogue page once the first sync has brought its rows and the sync is idle. */
async function openScreen(path: string) {
  await page().goto(path);
  await page().locator('.catalog-table__row').first().waitFor({ timeout: 90_000 });
  await syncStatus().getByText('Up to date').waitFor({ timeout: 60_000 });
}

async function tagTitles(title: string): Promise<string[]> {
  const d = await api<{ list: { title: string }[] }>('POST', '/tags/lists', { country: 'US', title });
  return d.list.map((t) => t.title);
}

describe('refused changes', () => {
  it('the 4th topic on the free plan shows the limit with a VIP link, and is gone after a reload', async () => {
    await openScreen('/topic');
    await page().getByText('Active topics: 3 of 3 on the free plan').waitFor();
    await page().getByRole('button', { name: 'Add topic' }).click();
    await dialog().getByLabel('Topic').fill('#summerglow');
    await dialog().getByRole('button', { name: 'Save' }).click();
    const alert = dialog().getByRole('alert');
    await alert.getByText('The free plan tracks at most 3 active topics; VIP tracks up to 50').waitFor();
    expect(await alert.getByRole('link', { name: 'Upgrade to VIP' }).getAttribute('href')).toBe('/vip');
    // Nothing was recorded: no row, no "Added", nothing waiting to be sent.
    expect(await row('#summerglow').count()).toBe(0);
    expect(await page().getByText('Added', { exact: true }).count()).toBe(0);
    expect(await syncStatus().locator('.cd-sync__badge').count()).toBe(0);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page().reload();
    await page().locator('.catalog-table__row').first().waitFor();
    await page().getByText('Active topics: 3 of 3 on the free plan').waitFor();
    expect(await row('#summerglow').count()).toBe(0);
    const onServer = await api<{ count: number }>('POST', '/challenge/lists', {
      country: 'US',
      title: 'summerglow',
    });
    expect(onServer.count).toBe(0);
  }, 150_000);

  it('inviting a blacklisted creator names them and creates nothing', async () => {
    const black = await api<{ list: { unique_id: string }[] }>('POST', '/blogger/black.lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    const name = black.list[0]!.unique_id;
    const before = await api<{ count: number }>('POST', '/blogger/invitation.lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    await page().goto('/invited');
    await page().getByRole('button', { name: 'Add invitation' }).click();
    await dialog()
      .getByLabel(/^Creators, one per line/)
      .fill(`${name}\n`);
    await dialog().getByRole('button', { name: 'Save' }).click();
    const alert = dialog().getByRole('alert');
    await alert.getByText(`These creators are blacklisted and cannot be invited: ${name}`).waitFor();
    await alert.getByText('Remove them from the list, or take them off the blacklist first.').waitFor();
    // A name that is no TikTok handle is named the same way, before anything is sent.
    await dialog()
      .getByLabel(/^Creators, one per line/)
      .fill('not a handle!\n');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await alert
      .getByText('Not TikTok handles (letters, digits, _ and ., at most 24 characters): not a handle!')
      .waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await syncStatus().locator('.cd-sync__badge').count()).toBe(0);
    const after = await api<{ count: number }>('POST', '/blogger/invitation.lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    expect(after.count).toBe(before.count);
  }, 60_000);

  it('a double-click on Save makes one tag', async () => {
    await openScreen('/tag');
    await page().getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByLabel('Tag name').fill('E2E Double');
    await dialog().getByRole('button', { name: 'Save' }).dblclick();
    await dialog().waitFor({ state: 'detached' });
    await expectToast(page(), 'Added');
    await serverAgrees(
      () => tagTitles('E2E Double'),
      (t) => t.length === 1,
    );
    await expect.poll(() => row('E2E Double').count()).toBe(1);
    await expect.poll(() => row('E2E Double').getByText('Saving…').count()).toBe(0);
    // Nothing failed, and no second add is waiting.
    expect(await tagTitles('E2E Double')).toEqual(['E2E Double']);
    expect(
      await syncStatus()
        .getByText(/failed/)
        .count(),
    ).toBe(0);
    expect(await syncStatus().locator('.cd-sync__badge').count()).toBe(0);
  }, 60_000);

  it('a refusal the device could not foresee is told where the user acted and listed in plain words', async () => {
    await openScreen('/tag');
    // Another device adds the tag after this one's last pull (the sync is idle now, and the add
    // below pulls only when it is sent): the local duplicate check cannot know.
    await api('POST', '/tags/add', { country: 'US', title: 'E2E Twin' });
    await page().getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByLabel('Tag name').fill('E2E Twin');
    await dialog().getByRole('button', { name: 'Save' }).click();
    const toast = page().locator('.cd-toast').filter({ hasText: 'Not saved: Add tag E2E Twin' });
    await toast.waitFor({ timeout: 20_000 });
    await toast.getByText('It already exists: discard this change, or save it under another name.').waitFor();
    // Rolled back: one row, the server's.
    await expect.poll(() => row('E2E Twin').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row('E2E Twin').getByText('Saving…').count()).toBe(0);
    // Told once, here: no persistent notice on top.
    expect(await notices().count()).toBe(0);

    await syncStatus().getByRole('button', { name: '1 failed' }).click();
    const panel = page().getByRole('dialog', { name: 'Changes the server refused' });
    await panel.getByText('Add tag E2E Twin').waitFor();
    expect(await panel.textContent()).not.toContain('/tags/add');
    expect(await panel.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    await panel.getByRole('button', { name: 'Discard' }).click();
    await syncStatus()
      .getByRole('button', { name: /failed/ })
      .waitFor({ state: 'detached' });
    expect(await tagTitles('E2E Twin')).toEqual(['E2E Twin']);
  }, 90_000);

  it('a change refused while offline is explained after reconnect on another page, until read', async () => {
    await openScreen('/tag');
    await demo.s.ctx.setOffline(true);
    try {
      await page().getByRole('button', { name: 'Add tag' }).click();
      await dialog().getByLabel('Tag name').fill('E2E Offline Twin');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row('E2E Offline Twin').getByText('Saving…').waitFor();
      await page().getByRole('link', { name: 'Creators', exact: true }).click();
      await page().waitForURL((u) => u.pathname === '/home');
      // Meanwhile another device adds the same tag.
      await api('POST', '/tags/add', { country: 'US', title: 'E2E Offline Twin' });
    } finally {
      await demo.s.ctx.setOffline(false);
    }
    const notice = notices().getByRole('alert').filter({ hasText: 'Not saved: Add tag E2E Offline Twin' });
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByText('A tag with this name already exists in this country').waitFor();
    expect(page().url()).toMatch(/\/home$/);
    // Persistent: still there after a reload, until the user reads it.
    await page().reload();
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByRole('button', { name: 'Got it' }).click();
    await notices().waitFor({ state: 'detached' });
    await page().reload();
    await syncStatus().getByRole('button', { name: '1 failed' }).waitFor({ timeout: 30_000 });
    expect(await notices().count()).toBe(0);
    // The failed change itself stays in the panel until discarded.
    await syncStatus().getByRole('button', { name: '1 failed' }).click();
    const panel = page().getByRole('dialog', { name: 'Changes the server refused' });
    await panel.getByText('Add tag E2E Offline Twin').waitFor();
    await panel.getByRole('button', { name: 'Discard' }).click();
    await syncStatus()
      .getByRole('button', { name: /failed/ })
      .waitFor({ state: 'detached' });
  }, 120_000);
});

describe('toasts', () => {
  it('belong to their page and never cover the header menu', async () => {
    await openScreen('/tag');
    await page().getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    const toast = page().locator('.cd-toast').filter({ hasText: 'Please enter the tag name' });
    await toast.waitFor();
    const header = await page().locator('.app-header').boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page().getByRole('link', { name: 'Creators', exact: true }).click();
    await page().waitForURL((u) => u.pathname === '/home');
    await toast.waitFor({ state: 'detached', timeout: 2_000 });
    expect(demo.s.errors).toEqual([]);
  }, 60_000);
});
