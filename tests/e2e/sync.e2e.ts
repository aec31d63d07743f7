/**
 * The local-first engine in a real browser against the real server: an edit made
 * offline survives a reload and reaches the server once on reconnect; two tabs of one profile
 * (one IndexedDB) edit at once and converge; a forced logout keeps the unsent change, another
 * user signing in on that browser never sends it, and its owner's next sign-in does; a tab left
 * open with the previous user's still-valid token never pulls or sends into the next user's
 * session.
 *
 * Each test registers fresh email accounts (empty workspaces: the first sync is instant) and
 * edits tags on /tag, which go through the outbox like every mirrored write.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, serverAgrees } from '../helpers/browser-suite.ts';
import { apiSignIn, expectToast, registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import {
  addTagInDialog as addTag,
  controlledByServiceWorker,
  savedRow,
  syncStatus,
  tagRow,
  unsent,
} from '../helpers/tag-page.ts';

const PASSWORD = 'Secret#2026';
const t0 = Date.now();
const step = (s: string) => console.log(`[sync.e2e] ${((Date.now() - t0) / 1000).toFixed(1)}s ${s}`);

const suite = browserSuite({ SEED_DEMO: '0' });

let accountSeq = 0;
/** A fresh email account, registered the way the register form does; returns its session. */
async function register(who: string): Promise<{ email: string; session: ApiSession }> {
  accountSeq += 1;
  const email = `${who}${t0}${accountSeq}@example.com`;
  return { email, session: await registerEmail(suite.server.url, email, PASSWORD) };
}

/** The US tag titles the server holds for the token's workspace (sorted). */
async function serverTags(token: string): Promise<string[]> {
  const data = await callApi<{ list: { title: string }[] }>(suite.server.url, token, 'POST', '/tags/lists', {
    country: 'US',
    page: 1,
    limit: 100,
  });
  return data.list.map((t) => t.title).sort();
}

/** The token the browser currently holds (its cookie), for checks on the server. */
async function browserToken(ctx: BrowserContext): Promise<string> {
  const c = (await ctx.cookies()).find((x) => x.name === 'TiktokToken' && x.value);
  if (!c) throw new Error('no token cookie');
  return c.value;
}

const confirmBox = (page: Page) => page.locator('.cd-modal').getByRole('alertdialog');

interface Who {
  userId: number;
  workspaceId: number;
}

/** Who a token belongs to, as the pull answers it (the ids the outbox stamps entries with). */
async function whoAmI(token: string): Promise<Who> {
  const data = await callApi<{ user_id: number; workspace_id: number }>(
    suite.server.url,
    token,
    'POST',
    '/sync/pull',
    { cursor: '', limit: 1 },
  );
  return { userId: data.user_id, workspaceId: data.workspace_id };
}

/** The local session and first-sync marks in the profile's IndexedDB. */
async function localMeta(page: Page): Promise<{ session: Who | null; firstSync: boolean }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('creatordesk');
        open.onerror = () => resolve({ session: null, firstSync: false });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            return resolve({ session: null, firstSync: false });
          }
          const store = db.transaction('meta').objectStore('meta');
          const session = store.get('session');
          const first = store.get('first_sync');
          first.onsuccess = () => {
            db.close();
            const s = session.result as { value: Who } | undefined;
            const f = first.result as { value: { complete: boolean } } | undefined;
            resolve({ session: s ? s.value : null, firstSync: Boolean(f?.value.complete) });
          };
          first.onerror = () => {
            db.close();
            resolve({ session: null, firstSync: false });
          };
        };
      }),
  );
}

/**
 * The tab's sync worker has pulled for this browser's current token (the local session names
 * its user and the first sync is done), and nothing waits in the outbox.
 */
async function synced(page: Page): Promise<void> {
  const who = await whoAmI(await browserToken(page.context()));
  await expect
    .poll(
      async () => {
        const m = await localMeta(page);
        return m.firstSync && m.session?.userId === who.userId && m.session.workspaceId === who.workspaceId;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  await syncStatus(page).getByText('Up to date').waitFor({ timeout: 20_000 });
  await unsent(page).waitFor({ state: 'detached', timeout: 20_000 });
}

/** A signed-in tab on /tag of a context, once its first sync is done. */
async function tagTab(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/tag');
  await page.getByRole('heading', { name: 'Tags' }).waitFor();
  await synced(page);
  return page;
}

/** The outbox as stored in the profile's IndexedDB: what waits, and for whom. */
async function outbox(
  page: Page,
): Promise<{ path: string; title: unknown; state: string; userId: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('creatordesk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (
                all.result as { path: string; body: { title?: unknown }; state: string; userId: number }[]
              ).map((e) => ({ path: e.path, title: e.body.title, state: e.state, userId: e.userId })),
            );
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Signs in through the login form; a live session elsewhere is taken over ("Sign in anyway"). */
async function signInWithForm(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Please enter your email or phone').fill(email);
  await page.getByPlaceholder('Please enter your password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  const takeOver = confirmBox(page).getByRole('button', { name: 'Sign in anyway' });
  await Promise.race([
    page.waitForURL((u) => u.pathname === '/home'),
    takeOver.waitFor().then(() => takeOver.click()),
  ]);
  await page.waitForURL((u) => u.pathname === '/home');
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await confirmBox(page).getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
}

describe('local-first sync', () => {
  it('keeps an offline edit across a reload and sends it once on reconnect', async () => {
    const { session } = await register('offline');
    // Offline, a reload too: this profile runs the app's service worker.
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US', { serviceWorker: true });
    await useSession(ctx, suite.server.url, session);
    const page = await tagTab(ctx);
    const errors = trackErrors(page);
    await controlledByServiceWorker(page);
    await synced(page);

    step('offline edit');
    await ctx.setOffline(true);
    await syncStatus(page).getByText('Offline: changes are kept and sent later').waitFor();
    await addTag(page, 'Offline edit');
    await tagRow(page, 'Offline edit').getByText('Saving…').waitFor();
    await unsent(page).getByText('1 unsent').waitFor();

    step('offline reload');
    await page.reload();
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await tagRow(page, 'Offline edit').getByText('Saving…').waitFor({ timeout: 10_000 });
    await unsent(page).getByText('1 unsent').waitFor();
    await syncStatus(page).getByText('Offline: changes are kept and sent later').waitFor();
    await expect.poll(() => serverTags(session.token)).toEqual([]);

    step('reconnect');
    await ctx.setOffline(false);
    await unsent(page).waitFor({ state: 'detached', timeout: 15_000 });
    step('sent');
    await savedRow(page, 'Offline edit');
    await expect.poll(() => serverTags(session.token)).toEqual(['Offline edit']);
    await expect.poll(() => outbox(page)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('two tabs of one profile edit at once: each change reaches the server once and both tabs converge', async () => {
    const { session } = await register('tabs');
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, session);
    const [a, b] = [await tagTab(ctx), await tagTab(ctx)] as const;

    step('two tabs add');
    await Promise.all([addTag(a, 'From tab A'), addTag(b, 'From tab B')]);
    await serverAgrees(
      () => serverTags(session.token),
      (t) => t.length === 2,
    );
    await expect.poll(() => serverTags(session.token)).toEqual(['From tab A', 'From tab B']);
    for (const page of [a, b]) {
      await savedRow(page, 'From tab A');
      await savedRow(page, 'From tab B');
      await synced(page);
    }

    step('tab B edits tab A tag');
    // An edit of a row the other tab created, once it has its server id.
    await tagRow(b, 'From tab A').getByRole('button', { name: 'Edit From tab A' }).click();
    const dialog = b.locator('.cd-modal').getByRole('dialog');
    await dialog.getByLabel('Tag name').fill('Renamed in tab B');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await serverAgrees(
      () => serverTags(session.token),
      (t) => t.includes('Renamed in tab B'),
    );
    for (const page of [a, b]) {
      await savedRow(page, 'Renamed in tab B');
      await tagRow(page, 'From tab A').waitFor({ state: 'detached' });
      await synced(page);
    }
    await expect.poll(() => serverTags(session.token)).toEqual(['From tab B', 'Renamed in tab B']);
    await expect.poll(() => outbox(a)).toEqual([]);
    await ctx.close();
  });

  it('a forced logout keeps the unsent change: never sent for another user, sent at its owner’s sign-in', async () => {
    const owner = await register('owner');
    const other = await register('other');
    const ownerId = (await whoAmI(owner.session.token)).userId;
    // Offline from here on: this profile runs the app's service worker.
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US', { serviceWorker: true });
    await useSession(ctx, suite.server.url, owner.session);
    const page = await tagTab(ctx);

    step('pending edit, session replaced elsewhere');
    await ctx.setOffline(true);
    await syncStatus(page).getByText('Offline: changes are kept and sent later').waitFor();
    await addTag(page, 'Owner pending');
    await unsent(page).getByText('1 unsent').waitFor();
    // The same account signs in on another device: this browser's token now answers 10007.
    const elsewhere = await apiSignIn(suite.server.url, { email: owner.email }, PASSWORD, { force: true });
    expect(elsewhere.code).toBe(200);

    step('reconnect → forced logout');
    await ctx.setOffline(false);
    await expectToast(page, 'Your account was signed in somewhere else');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect((await ctx.cookies()).some((c) => c.name === 'TiktokToken' && c.value)).toBe(false);
    await expect
      .poll(() => outbox(page))
      .toEqual([{ path: '/tags/add', title: 'Owner pending', state: 'pending', userId: ownerId }]);
    await expect.poll(() => serverTags(elsewhere.data.token)).toEqual([]);

    step('another user signs in');
    await signInWithForm(page, other.email);
    await synced(page);
    await page.goto('/tag');
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await synced(page);
    await tagRow(page, 'Owner pending').waitFor({ state: 'detached' });
    // Pull and drain have run for the other user: the owner's entry still waits, sent nowhere.
    await expect.poll(async () => serverTags(await browserToken(ctx))).toEqual([]);
    await expect.poll(() => serverTags(elsewhere.data.token)).toEqual([]);
    await expect
      .poll(() => outbox(page))
      .toEqual([{ path: '/tags/add', title: 'Owner pending', state: 'pending', userId: ownerId }]);
    await addTag(page, 'Other user tag');
    await serverAgrees(
      async () => serverTags(await browserToken(ctx)),
      (t) => t.length === 1,
    );
    await synced(page);
    await expect.poll(async () => serverTags(await browserToken(ctx))).toEqual(['Other user tag']);
    await logOut(page);

    step('owner signs in again');
    await signInWithForm(page, owner.email);
    await synced(page);
    const ownerToken = await browserToken(ctx);
    await serverAgrees(
      () => serverTags(ownerToken),
      (t) => t.length > 0,
    );
    await expect.poll(() => serverTags(ownerToken)).toEqual(['Owner pending']);
    await page.goto('/tag');
    await savedRow(page, 'Owner pending');
    await expect.poll(() => tagRow(page, 'Other user tag').count()).toBe(0);
    await expect.poll(() => outbox(page)).toEqual([]);
    const otherAgain = await apiSignIn(suite.server.url, { email: other.email }, PASSWORD, { force: true });
    await expect.poll(() => serverTags(otherAgain.data.token)).toEqual(['Other user tag']);
    step('done');
    await ctx.close();
  });

  it('a tab left open after its user signed out never syncs into the next user’s session', async () => {
    const first = await register('first');
    const next = await register('next');
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, first.session);
    const stale = await tagTab(ctx);
    const tab = await tagTab(ctx);
    await addTag(tab, 'First user tag');
    await savedRow(stale, 'First user tag');

    step('sign out without reaching the server, next user signs in');
    // The logout call fails (a dead network): the first user's token stays valid on the server,
    // and the other tab's sync worker still holds it.
    await ctx.route('**/api/v0.1/member/logout*', (r) => r.abort());
    await logOut(tab);
    await ctx.unroute('**/api/v0.1/member/logout*');
    await signInWithForm(tab, next.email);
    await tab.goto('/tag');
    await tab.getByRole('heading', { name: 'Tags' }).waitFor();
    await synced(tab);
    const nextToken = await browserToken(ctx);
    const nextWho = await whoAmI(nextToken);

    step('next user edits, the stale tab wakes up');
    await addTag(tab, 'Next user tag');
    await serverAgrees(
      () => serverTags(nextToken),
      (t) => t.length === 1,
    );
    // The stale tab syncs (a reconnect; focus and the timer do the same) …
    await stale.evaluate(() => window.dispatchEvent(new Event('online')));
    await stale.waitForTimeout(1000);
    // … and the profile still belongs to the next user: no first-user rows, nothing sent as them.
    expect((await localMeta(tab)).session).toEqual(nextWho);
    await synced(tab);
    await expect.poll(() => tagRow(tab, 'First user tag').count()).toBe(0);
    await addTag(tab, 'Next user again');
    await serverAgrees(
      () => serverTags(nextToken),
      (t) => t.length === 2,
    );
    await expect.poll(() => serverTags(nextToken)).toEqual(['Next user again', 'Next user tag']);
    await expect.poll(() => serverTags(first.session.token)).toEqual(['First user tag']);
    await ctx.close();
  });
});
