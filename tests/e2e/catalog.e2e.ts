/**
 * The catalogue screens in a real browser against the real server: tags and chat templates
 * (validation toasts, add/edit/delete through the outbox, persistence across a reload, the
 * server's list agreeing), template variables filled from a creator, the product image upload,
 * and the topic rows opening the topic pages in a new window.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, serverAgrees } from '../helpers/browser-suite.ts';
import { dismissToasts, expectToast, signInDemo, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

let ctx: BrowserContext;
let session: ApiSession;
let page: Page;
let errors: string[];

const suite = browserSuite({}, async ({ browser }) => {
  ctx = await newContext(browser, suite.server.url, 'en-US');
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  session = await signInDemo(ctx, suite.server.url, 'en');
  page = await ctx.newPage();
  errors = trackErrors(page);
});

/** One API call with the session's token (form body, as the app sends it). */
const api = <T>(method: string, path: string, body: Record<string, unknown>): Promise<T> =>
  callApi<T>(suite.server.url, session.token, method, path, body);

const dialog = () => page.locator('.cd-modal').getByRole('dialog');
const confirmBox = () => page.locator('.cd-modal').getByRole('alertdialog');
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

/** Opens a catalogue page and waits for its first rows (the mirror's first sync). */
async function openScreen(path: string) {
  await page.goto(path);
  await page.locator('.catalog-table__row').first().waitFor({ timeout: 60_000 });
}

describe('tags', () => {
  it('validates, adds, edits and deletes a tag; it persists and the server agrees', async () => {
    await openScreen('/tag');
    const tags = (title: string) =>
      api<{ list: { id: number; title: string }[] }>('POST', '/tags/lists', { country: 'US', title }).then(
        (d) => d.list,
      );

    await page.getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter the tag name');

    await dialog().getByLabel('Tag name').fill('E2E Launch');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Added');
    await row('E2E Launch').waitFor();
    await serverAgrees(
      () => tags('E2E Launch'),
      (r) => r.length === 1,
    );

    await page.reload();
    await row('E2E Launch').waitFor({ timeout: 20_000 });
    // The coloured chip has a tone from its title.
    await expect
      .poll(() => row('E2E Launch').locator('.cd-tag').getAttribute('class'))
      .toMatch(/cd-tag--\w+/);

    await row('E2E Launch').getByRole('button', { name: 'Edit E2E Launch' }).click();
    await dialog().getByLabel('Tag name').fill('');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter the tag name');
    await dialog().getByLabel('Tag name').fill('E2E Relaunch');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated');
    await row('E2E Relaunch').waitFor();
    await serverAgrees(
      () => tags('E2E'),
      (r) => r.some((t) => (t as { title: string }).title === 'E2E Relaunch'),
    );

    await row('E2E Relaunch').getByRole('button', { name: 'Delete E2E Relaunch' }).click();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted');
    await row('E2E Relaunch').waitFor({ state: 'detached' });
    await serverAgrees(
      () => tags('E2E'),
      (r) => r.length === 0,
    );
    await page.reload();
    await page.locator('.catalog-table__row').first().waitFor();
    await expect.poll(() => row('E2E Relaunch').count()).toBe(0);
    await dismissToasts(page).catch(() => undefined);
  });
});

describe('tags offline', () => {
  it('adds a tag offline at once, refuses a duplicate, and sends it when back online', async () => {
    await openScreen('/tag');
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByLabel('Tag name').fill('E2E Offline');
    await dialog().getByRole('button', { name: 'Save' }).click();
    // Offline nothing claims the server took it.
    await expectToast(page, 'Saved on this device; it is sent when you are back online.');
    await row('E2E Offline').getByText('Saving…').waitFor();

    await page.getByRole('button', { name: 'Add tag' }).click();
    await dialog().getByLabel('Tag name').fill('E2E Offline');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'A tag with this name already exists in this country');
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await ctx.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await serverAgrees(
      () =>
        api<{ list: unknown[] }>('POST', '/tags/lists', { country: 'US', title: 'E2E Offline' }).then(
          (d) => d.list,
        ),
      (r) => r.length === 1,
    );
    await page.waitForFunction(() => !document.body.textContent?.includes('Saving…'), undefined, {
      timeout: 20_000,
    });
    await expect.poll(() => row('E2E Offline').count()).toBe(1);
    await expect
      .poll(() => row('E2E Offline').getByRole('button', { name: 'Edit E2E Offline' }).isEnabled())
      .toBe(true);
  });
});

describe('chat templates', () => {
  const templates = (title: string) =>
    api<{ title: string; content: string }[]>('POST', '/chattmp/lists', { country: 'US', title });

  it('validates, adds with a live preview, edits and deletes; the server agrees', async () => {
    await openScreen('/chatTmp');
    await page.getByRole('button', { name: 'Add template' }).click();
    const save = dialog().getByRole('button', { name: 'Save' });
    await save.click();
    await expectToast(page, 'Please enter the template name');
    await dialog().getByLabel('Template name').fill('E2E Hello');
    await save.click();
    await expectToast(page, 'Please enter the template content');

    await dialog().getByLabel('Template content').fill('Hi {creator_name}, ');
    await dialog().getByRole('button', { name: '{product_id}' }).click();
    await expect
      .poll(() => dialog().getByTestId('template-preview').textContent())
      .toBe('Hi Alex, 1729384756');
    // {seller_name} previews as the signed-in member's name.
    await dialog().getByRole('button', { name: '{seller_name}' }).click();
    await expect
      .poll(() => dialog().getByTestId('template-preview').textContent())
      .toBe('Hi Alex, 1729384756Demo Seller');
    await dialog().getByLabel('Template content').fill('Hi {creator_name}, see {product_id}. {seller_name}');
    await save.click();
    await expectToast(page, 'Added');
    // Just after 'Added' the list may hold the local copy and the server's for a moment (the
    // device swaps them at its next pull): wait for the settled list, with exactly one row.
    await expect.poll(() => row('E2E Hello').count()).toBe(1);
    await serverAgrees(
      () => templates('E2E Hello'),
      (r) => r.length === 1,
    );

    await page.reload();
    await row('E2E Hello').getByRole('button', { name: 'Edit E2E Hello' }).click({ timeout: 20_000 });
    await dialog().getByLabel('Template content').fill('');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter the template content');
    await dialog()
      .getByLabel('Template content')
      .fill('Hello {creator_name}, try {product_id}. {seller_name}');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated');
    await serverAgrees(
      () => templates('E2E Hello'),
      (r) => (r[0] as { content: string } | undefined)?.content.startsWith('Hello') === true,
    );
  });

  it('copies a template with the variables filled from a chosen creator', async () => {
    // A US creator of the local mirror (the picker searches the same data).
    const creator = await page.evaluate(
      () =>
        new Promise<{ unique_id: string } | undefined>((resolve, reject) => {
          const open = indexedDB.open('creatordesk');
          open.onerror = () => reject(new Error('no local db'));
          open.onsuccess = () => {
            const store = open.result.transaction('creatorBlocks').objectStore('creatorBlocks');
            const req = store.openCursor();
            req.onsuccess = () => {
              const cur = req.result;
              if (!cur) return resolve(undefined);
              const block = cur.value as { country: string; rows: { unique_id: string }[] };
              if (block.country === 'US' && block.rows.length > 0) return resolve(block.rows[0]);
              cur.continue();
            };
          };
        }),
    );
    if (!creator) throw new Error('no US creator in the local mirror');
    await row('E2E Hello').getByRole('button', { name: 'Copy for creator: E2E Hello' }).click();
    await dialog().getByLabel('Find creator by unique id').fill(creator.unique_id);
    await dialog()
      .getByRole('button', { name: new RegExp(`^${creator.unique_id} ·`) })
      .click({ timeout: 30_000 });
    await dialog().getByLabel('Product id (optional)').fill('P-42');
    const copyPreview = () => dialog().getByTestId('copy-preview').textContent();
    await expect.poll(copyPreview).toMatch(/^Hello .+, try P-42\. Demo Seller$/);
    const preview = await copyPreview();
    expect(preview).not.toContain('{creator_name}');
    await dialog().getByRole('button', { name: 'Copy to clipboard' }).click();
    await expectToast(page, 'Copied to the clipboard');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(preview);

    await row('E2E Hello').getByRole('button', { name: 'Delete E2E Hello' }).click();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await row('E2E Hello').waitFor({ state: 'detached' });
    await serverAgrees(
      () => templates('E2E Hello'),
      (r) => r.length === 0,
    );
    expect(errors).toEqual([]);
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('products', () => {
  it('checks the required fields and the image, uploads it, and lists the product with its image', async () => {
    await openScreen('/product');
    await page.getByRole('button', { name: 'Add product' }).click();
    const save = dialog().getByRole('button', { name: 'Save' });
    await save.click();
    await expectToast(page, 'Please enter the product id');
    await dialog().getByLabel('Product id').fill('E2E-P-1');
    await save.click();
    await expectToast(page, 'Please enter the product title');
    await dialog().getByLabel('Product title').fill('E2E Water Bottle');
    await save.click();
    await expectToast(page, 'Please upload the product image');

    const file = dialog().locator('input[type=file]');
    await file.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectToast(page, 'Image format error!');
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expectToast(page, 'Image must smaller than 2MB!');
    await file.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const preview = dialog().locator('img');
    await preview.waitFor();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/files\//);

    await save.click();
    await expectToast(page, 'Added');
    const img = row('E2E Water Bottle').getByRole('img', { name: 'Image of E2E Water Bottle' });
    await img.waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img.catalog-thumb')].some((i) => i.naturalWidth === 1),
    );
    const listed = await serverAgrees(
      () =>
        api<{ list: { product_id: string; product_img: string }[] }>('POST', '/product/lists', {
          country: 'US',
          productId: 'E2E-P-1',
        }).then((d) => d.list),
      (r) => r.length === 1,
    );
    expect((listed[0] as { product_img: string }).product_img).toBe(await img.getAttribute('src'));

    // The id filter narrows the local list.
    await page.getByRole('searchbox', { name: 'Product id' }).fill('E2E-P-1');
    await expect.poll(() => page.locator('.catalog-table__row').count()).toBe(1);

    // Edit keeps the image; a new id must not clash with another product of the country.
    await row('E2E Water Bottle').getByRole('button', { name: 'Edit E2E-P-1' }).click();
    await dialog().getByLabel('Category').fill('Kitchen');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated');
    const byId = () =>
      api<{ list: { category: string }[] }>('POST', '/product/lists', {
        country: 'US',
        productId: 'E2E-P-1',
      }).then((d) => d.list);
    await serverAgrees(byId, (r) => (r[0] as { category: string } | undefined)?.category === 'Kitchen');

    await row('E2E Water Bottle').getByRole('button', { name: 'Delete E2E-P-1' }).click();
    await confirmBox().getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted');
    await row('E2E Water Bottle').waitFor({ state: 'detached' });
    await serverAgrees(byId, (r) => r.length === 0);
  });
});

describe('topics', () => {
  it("validates the title, sorts, and opens a topic's videos and influencers in a new window", async () => {
    await openScreen('/topic');
    await page.getByRole('button', { name: 'Add topic' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Please enter the topic (hashtag)');
    await dialog().getByLabel('Topic').fill('two words');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'A topic is one hashtag: no spaces or # inside');
    // The free plan's active-topic limit is checked before anything is recorded: the
    // dialog says so with the VIP link, and no row, no "Added", no failed change follows.
    await dialog().getByLabel('Topic').fill('#e2etopic');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog()
      .getByRole('alert')
      .getByText('The free plan tracks at most 3 active topics; VIP tracks up to 50')
      .waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await row('#e2etopic').count()).toBe(0);
    expect(await page.getByText(/\d+ failed/).count()).toBe(0);
    const tracked = await api<{ list: unknown[] }>('POST', '/challenge/lists', {
      country: 'US',
      title: 'e2etopic',
    });
    expect(tracked.list).toEqual([]);

    await page.getByRole('columnheader', { name: 'Views' }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'))
      .toBe('ascending');

    const first = page.locator('.catalog-table__row').first();
    const videos = first.getByRole('link', { name: /^Videos of #/ });
    const href = await videos.getAttribute('href');
    const id = Number(new URL(href!, suite.server.url).searchParams.get('id'));
    const server_ = await api<{ list: { id: number }[] }>('POST', '/challenge/lists', {
      country: 'US',
      limit: 100,
    });
    expect(server_.list.map((t) => t.id)).toContain(id);

    const [videoPage] = await Promise.all([ctx.waitForEvent('page'), videos.click()]);
    await videoPage.waitForLoadState();
    const vu = new URL(videoPage.url());
    expect(vu.pathname).toBe('/topicVideo');
    expect(vu.searchParams.get('id')).toBe(String(id));
    await videoPage.close();

    const [inflPage] = await Promise.all([
      ctx.waitForEvent('page'),
      first.getByRole('link', { name: /^Influencers of #/ }).click(),
    ]);
    await inflPage.waitForLoadState();
    const iu = new URL(inflPage.url());
    expect(iu.pathname).toBe('/topicInfluencer');
    expect(iu.searchParams.get('id')).toBe(String(id));
    await inflPage.close();
    expect(errors).toEqual([]);
  });
});
