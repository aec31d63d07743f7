/**
 * Story helpers for a signed-in /tag page in a real browser: wait for sync, add a tag through the
 * dialog (it goes through the outbox like every mirrored write), read the outbox from IndexedDB,
 * and make sure the service worker controls the page so a reload works offline.
 */
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

export const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });
export const unsent = (page: Page) => syncStatus(page).locator('.cd-sync__badge');
export const tagRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

/** Nothing waits in the outbox and the last sync round succeeded. */
export async function synced(page: Page): Promise<void> {
  await syncStatus(page).getByText('Up to date').waitFor({ timeout: 30_000 });
  await unsent(page).waitFor({ state: 'detached', timeout: 20_000 });
}

/** A new tab of `ctx` on /tag, once it has synced. */
export async function openTagPage(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/tag');
  await page.getByRole('heading', { name: 'Tags' }).waitFor();
  await synced(page);
  return page;
}

/** Adds a US tag through the dialog; it shows at once (pending until the server's row arrives). */
export async function addTagInDialog(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.locator('.cd-modal').getByRole('dialog');
  await dialog.getByLabel('Tag name').fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await tagRow(page, title).waitFor({ timeout: 5_000 });
}

/** The row came back from the server: shown once, no longer "Saving…". */
export async function savedRow(page: Page, title: string, timeout = 20_000): Promise<void> {
  await expect.poll(() => tagRow(page, title).count(), { timeout }).toBe(1);
  await expect.poll(() => tagRow(page, title).getByText('Saving…').count(), { timeout }).toBe(0);
}

export interface StoredOutboxEntry {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  state: string;
}

/** The outbox as stored in the profile's IndexedDB. */
export function outboxEntries(page: Page): Promise<StoredOutboxEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredOutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open('creatordesk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as StoredOutboxEntry[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Waits until the service worker controls the page, so a reload works offline. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
        ),
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
