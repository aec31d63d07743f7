/**
 * The creator workbench in a real browser against the real server: a creator opened
 * from Home's name link, a note and a follow-up added offline, kept across an offline reload,
 * sent on reconnect and still there after a reload; the Due count; back to Home keeps its filter;
 * an unknown creator id shows the 404 result.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, serverAgrees } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { controlledByServiceWorker, synced, syncStatus, unsent } from '../helpers/tag-page.ts';

const suite = browserSuite({ SEED_DEMO: '0' });

async function ingest(token: string, creator: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ country: 'US', creators: [creator] }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

/** A new account with one ingested US creator, and that creator's id (its page is /creator/<id>). */
async function newCreator(prefix: string, handle: string, name: string) {
  const session = await registerEmail(suite.server.url, `${prefix}${Date.now()}@example.com`, 'Secret#2026');
  await ingest(session.token, { unique_id: handle, daren_name: name });
  const found = await callApi<{ list: { id: number }[] }>(
    suite.server.url,
    session.token,
    'POST',
    '/blogger/lists',
    {
      country: 'US',
      name: handle,
    },
  );
  return { session, creatorId: found.list[0]!.id };
}

/** The workspace's notes and follow-ups as the server's sync pull gives them. */
async function serverRows(s: ApiSession) {
  const wire = await callApi<PullWire>(suite.server.url, s.token, 'POST', '/sync/pull', { cursor: '' });
  const page = decodePull(wire);
  return {
    notes: page.changes.creator_notes.map((r) => String(r.content)),
    followups: page.changes.creator_followups.map((r) => `${String(r.due_date)} ${String(r.text)}`),
  };
}

/** A team made by `owner` and a member who joined it by its invite code, signed in on their own device. */
async function teammateOf(owner: ApiSession, title: string, prefix: string) {
  const team = await callApi<{ invite_code: string }>(suite.server.url, owner.token, 'POST', '/team/add', {
    title,
  });
  const member = await registerEmail(suite.server.url, `${prefix}${Date.now()}@example.com`, 'Secret#2026');
  await callApi(suite.server.url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  const mateCtx = await newContext(suite.browser, suite.server.url);
  await useSession(mateCtx, suite.server.url, member);
  return { mateCtx, mate: await mateCtx.newPage() };
}

/** The workspace's saved views as the server's sync pull gives them. */
async function serverViews(s: ApiSession) {
  const wire = await callApi<PullWire>(suite.server.url, s.token, 'POST', '/sync/pull', { cursor: '' });
  return decodePull(wire).changes.saved_views.map((r) => ({
    title: String(r.title),
    query: String(r.query),
  }));
}

/** Home's "Chatted" filter (a kit Select). */
const chatted = (page: Page) =>
  page
    .locator('.cd-select')
    .filter({ has: page.locator('.cd-field__label', { hasText: /^Chatted$/ }) })
    .getByRole('button');

const notes = (page: Page) => page.getByTestId('workbench-note');
const followups = (page: Page) => page.getByTestId('workbench-followup');
const dueCount = (page: Page) => page.getByTestId('due-count');

describe('creator workbench', () => {
  it('opens a creator from Home, keeps a note and a follow-up made offline, and sends them', async () => {
    const session = await registerEmail(suite.server.url, `bench${Date.now()}@example.com`, 'Secret#2026');
    await ingest(session.token, {
      unique_id: 'wb_alice',
      daren_name: 'Alice Wonder',
      follower_count: 12345,
      gmv_t30: 1500,
    });
    await ingest(session.token, { unique_id: 'wb_bob', daren_name: 'Bob Builder' });
    // Offline from here on (a reload too): this profile runs the app's service worker.
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US', { serviceWorker: true });
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await synced(page);

    // A filter on Home, kept when coming back from the creator page.
    await page.getByLabel('Creator', { exact: true }).fill('alice');
    await expect.poll(() => page.getByRole('link', { name: 'Bob Builder' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Alice Wonder' }).click();
    await page.waitForURL(/\/creator\/\d+$/);
    const creatorPath = new URL(page.url()).pathname;
    const header = page.locator('.workbench-header');
    await header.getByText('Alice Wonder').waitFor();
    await header.getByText('12,345').waitFor();
    await expect.poll(() => dueCount(page).count()).toBe(0);

    await ctx.setOffline(true);
    await syncStatus(page).getByText('Offline: changes are kept and sent later').waitFor();
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    // An empty note is refused with the reason; typing then clears it and Add works.
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Please enter the note').waitFor();
    await page.getByLabel(/^New note/).fill('Prefers WhatsApp');
    // A double-click on Add makes one note and one follow-up: '2 unsent' below, one of each on the server.
    await page.getByRole('button', { name: 'Add note' }).dblclick();
    await notes(page).filter({ hasText: 'Prefers WhatsApp' }).getByText('Not sent yet').waitFor();
    await page.getByLabel('Remind me on').fill(today);
    await page.getByLabel(/^What to follow up/).fill('Ask about the sample');
    await page.getByRole('button', { name: 'Add follow-up' }).dblclick();
    await followups(page).filter({ hasText: 'Ask about the sample' }).waitFor();
    await expect.poll(() => dueCount(page).textContent()).toBe('1');
    await unsent(page).getByText('2 unsent').waitFor();
    expect(await notes(page).count()).toBe(1);
    expect(await followups(page).count()).toBe(1);

    await page.reload();
    await notes(page).filter({ hasText: 'Prefers WhatsApp' }).waitFor({ timeout: 15_000 });
    await followups(page).filter({ hasText: 'Ask about the sample' }).waitFor();
    await expect.poll(() => dueCount(page).textContent()).toBe('1');
    expect(await serverRows(session)).toEqual({ notes: [], followups: [] });

    await ctx.setOffline(false);
    await unsent(page).waitFor({ state: 'detached', timeout: 20_000 });
    await serverAgrees(
      () => serverRows(session),
      (r) => r.notes.length === 1 && r.followups.length === 1,
    );
    expect(await serverRows(session)).toEqual({
      notes: ['Prefers WhatsApp'],
      followups: [`${today} Ask about the sample`],
    });
    await synced(page);
    await page.reload();
    const note = notes(page).filter({ hasText: 'Prefers WhatsApp' });
    await note.waitFor({ timeout: 15_000 });
    await expect.poll(() => note.getByText('Not sent yet').count()).toBe(0);
    await expect.poll(() => notes(page).count()).toBe(1);
    await expect.poll(() => followups(page).count()).toBe(1);
    // The server's history row for the note is on the timeline.
    await page
      .locator('.workbench-timeline')
      .getByText('Note: Prefers WhatsApp')
      .waitFor({ timeout: 15_000 });

    // Edit in place: the new text shows at once, reaches the server and stays after a reload.
    const noteText = () => notes(page).locator('.workbench-note__text').textContent();
    await note.getByRole('button', { name: 'Edit this note' }).click();
    const editBox = notes(page).getByLabel(/^Note \(up to 2000/);
    await expect.poll(() => editBox.inputValue()).toBe('Prefers WhatsApp');
    await editBox.fill('  ');
    await notes(page).getByRole('button', { name: 'Save' }).click();
    await notes(page).getByText('Please enter the note').waitFor();
    await editBox.fill('Prefers WhatsApp after 6 pm');
    await notes(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(noteText).toBe('Prefers WhatsApp after 6 pm');
    await serverAgrees(
      () => serverRows(session),
      (r) => r.notes[0] === 'Prefers WhatsApp after 6 pm',
    );
    expect((await serverRows(session)).notes).toEqual(['Prefers WhatsApp after 6 pm']);
    await synced(page);
    await page.reload();
    await expect.poll(noteText, { timeout: 15_000 }).toBe('Prefers WhatsApp after 6 pm');

    // Done takes it off the Due count.
    await followups(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dueCount(page).count()).toBe(0);

    // Back returns to Home with its filter.
    await page.getByRole('button', { name: /Back to the list/ }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => page.getByLabel('Creator', { exact: true }).inputValue()).toBe('alice');
    // The URL carries the filter too (a view can be bookmarked and sent).
    await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe('alice');
    await page.getByRole('link', { name: 'Alice Wonder' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Bob Builder' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();

    // A team member sees the note (with its author) and the follow-up on their own device.
    const { mateCtx, mate } = await teammateOf(session, 'Bench', 'benchmate');
    await mate.goto(creatorPath);
    const shared = notes(mate).filter({ hasText: 'Prefers WhatsApp after 6 pm' });
    await shared.waitFor({ timeout: 30_000 });
    await shared.getByText(/^bench\d+ · /).waitFor();
    await followups(mate).filter({ hasText: 'Ask about the sample' }).waitFor();
    await mateCtx.close();
  });

  it('blacklists a creator from its page with a reason, and takes it off again after asking', async () => {
    const { session, creatorId } = await newCreator('benchbl', 'wb_carol', 'Carol Black');
    const blacklisted = async () =>
      (
        await callApi<{ list: { unique_id: string; reason: string }[] }>(
          suite.server.url,
          session.token,
          'POST',
          '/blogger/black.lists',
          { country: 'US', page: 1, limit: 20 },
        )
      ).list.map((r) => `${r.unique_id}: ${r.reason}`);
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    await page.goto(`/creator/${creatorId}`);
    const header = page.locator('.workbench-header');
    await header.getByText('Carol Black').waitFor({ timeout: 15_000 });

    await header.getByRole('button', { name: 'Not blacklisted' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add @wb_carol to the blacklist' });
    await dialog.getByLabel('Reason').fill('Asked for cash up front');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await header.getByRole('button', { name: 'Blacklisted', pressed: true }).waitFor();
    await serverAgrees(blacklisted, (l) => l.length === 1);
    expect(await blacklisted()).toEqual(['wb_carol: Asked for cash up front']);
    await page
      .locator('.workbench-timeline')
      .getByText('Added to the blacklist: Asked for cash up front')
      .waitFor({ timeout: 15_000 });
    await synced(page);
    await page.reload();
    await header.getByRole('button', { name: 'Blacklisted', pressed: true }).waitFor({ timeout: 15_000 });

    // The blacklist lists it by name, and the name opens its page again.
    await page.goto('/blacklist');
    await page.getByRole('link', { name: 'Carol Black' }).click();
    await page.waitForURL((u) => u.pathname === `/creator/${creatorId}`);
    await header.getByRole('button', { name: 'Blacklisted', pressed: true }).waitFor({ timeout: 15_000 });

    // Removing asks first; Cancel keeps it.
    await header.getByRole('button', { name: 'Blacklisted' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await header.getByRole('button', { name: 'Blacklisted', pressed: true }).waitFor();
    await header.getByRole('button', { name: 'Blacklisted' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await header.getByRole('button', { name: 'Not blacklisted', pressed: false }).waitFor();
    await serverAgrees(blacklisted, (l) => l.length === 0);
    await synced(page);
    await page.reload();
    await header
      .getByRole('button', { name: 'Not blacklisted', pressed: false })
      .waitFor({ timeout: 15_000 });
    await page
      .locator('.workbench-timeline')
      .getByText('Removed from the blacklist')
      .waitFor({ timeout: 15_000 });
    await ctx.close();
  });

  it("fills in a creator's contact details offline, checks the email, and sends them", async () => {
    const { session, creatorId } = await newCreator('benchct', 'wb_dana', 'Dana Reach');
    const onServer = async () => {
      const wire = await callApi<PullWire>(suite.server.url, session.token, 'POST', '/sync/pull', {
        cursor: '',
      });
      const c = decodePull(wire).changes.creators.find((r) => r.unique_id === 'wb_dana')!;
      return [c.daren_email, c.daren_phone, c.daren_socialize].map(String);
    };
    // Offline from here on (a reload too): this profile runs the app's service worker.
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US', { serviceWorker: true });
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    await page.goto('/home');
    await controlledByServiceWorker(page);
    await synced(page);
    await page.goto(`/creator/${creatorId}`);
    const contact = page.getByTestId('workbench-contact');
    await expect
      .poll(() => contact.textContent(), { timeout: 15_000 })
      .toBe('Email-WhatsApp or phone-How to reach them-');

    await ctx.setOffline(true);
    await syncStatus(page).getByText('Offline: changes are kept and sent later').waitFor();
    await page.getByRole('button', { name: 'Edit the contact details' }).click();
    await page.getByLabel('Email', { exact: true }).fill('dana(at)example');
    await page.getByLabel('WhatsApp or phone').fill('+1 555 0142');
    await page.getByLabel(/^How to reach them/).fill('WhatsApp after 6 pm ET');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('dana@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => contact.textContent())
      .toBe('Emaildana@example.comWhatsApp or phone+1 555 0142How to reach themWhatsApp after 6 pm ET');
    await unsent(page).getByText('1 unsent').waitFor();
    expect(await onServer()).toEqual(['', '', '']);

    await ctx.setOffline(false);
    await unsent(page).waitFor({ state: 'detached', timeout: 20_000 });
    await serverAgrees(onServer, (r) => r[0] === 'dana@example.com');
    expect(await onServer()).toEqual(['dana@example.com', '+1 555 0142', 'WhatsApp after 6 pm ET']);
    await synced(page);
    await page.reload();
    await expect
      .poll(() => contact.textContent(), { timeout: 15_000 })
      .toBe('Emaildana@example.comWhatsApp or phone+1 555 0142How to reach themWhatsApp after 6 pm ET');
    await ctx.close();
  });

  it('notifies a follow-up that falls due once a day, and asks for permission only at the first reminder', async () => {
    const { session, creatorId } = await newCreator('benchnt', 'wb_erin', 'Erin Notify');
    // The browser's Notification, watched: what was shown and when permission was asked (kept in
    // sessionStorage so a reload of the tab still counts).
    const watch = () => {
      const Real = window.Notification;
      const log = (key: string, entry: string) =>
        sessionStorage.setItem(
          key,
          JSON.stringify([...JSON.parse(sessionStorage.getItem(key) ?? '[]'), entry]),
        );
      class Watched extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          log('shown', `${title} | ${options?.body ?? ''}`);
        }
        static override get permission() {
          return Real.permission;
        }
        static override requestPermission(): Promise<NotificationPermission> {
          log('asked', Real.permission);
          return Real.requestPermission();
        }
      }
      window.Notification = Watched;
    };
    const logOf = (page: Page, key: string) =>
      page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? '[]') as string[], key);
    const addFollowup = async (page: Page, text: string) => {
      const day = await page.evaluate(() => new Date().toLocaleDateString('sv'));
      await page.getByLabel('Remind me on').fill(day);
      await page.getByLabel(/^What to follow up/).fill(text);
      await page.getByRole('button', { name: 'Add follow-up' }).click();
      await followups(page).filter({ hasText: text }).waitFor();
    };

    // Permission granted: a follow-up due today is notified once, with the creator's name; a reload
    // (or the minute's re-check) does not repeat it.
    const ctx = await newContext(suite.browser, suite.server.url);
    await ctx.grantPermissions(['notifications']);
    await ctx.addInitScript(watch);
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    await page.goto(`/creator/${creatorId}`);
    await page.locator('.workbench-header').getByText('Erin Notify').waitFor({ timeout: 15_000 });
    await addFollowup(page, 'Send the sample tracking number');
    // A follow-up is notified once the server's copy (a real id) is on the device.
    await expect
      .poll(() => logOf(page, 'shown'), { timeout: 20_000 })
      .toEqual(['Follow-up due: Erin Notify | Send the sample tracking number']);
    await page.reload();
    await followups(page).filter({ hasText: 'Send the sample tracking number' }).waitFor({ timeout: 15_000 });
    await dueCount(page).waitFor();
    await page.waitForTimeout(1500);
    expect(await logOf(page, 'shown')).toHaveLength(1);
    expect(await logOf(page, 'asked')).toEqual([]);
    await ctx.close();

    // Not yet decided: nothing is asked on load; the first reminder asks once, the second not again.
    const askCtx = await newContext(suite.browser, suite.server.url);
    await askCtx.addInitScript(watch);
    await useSession(askCtx, suite.server.url, session);
    const asker = await askCtx.newPage();
    await asker.goto(`/creator/${creatorId}`);
    await asker.locator('.workbench-header').getByText('Erin Notify').waitFor({ timeout: 15_000 });
    // A fresh profile has not decided (Chromium answers 'default'), so the app may ask.
    expect(await asker.evaluate(() => Notification.permission)).toBe('default');
    expect(await logOf(asker, 'asked')).toEqual([]);
    await addFollowup(asker, 'Ask for the posting date');
    await expect.poll(() => logOf(asker, 'asked')).toEqual(['default']);
    await addFollowup(asker, 'Check the first video');
    expect(await logOf(asker, 'asked')).toEqual(['default']);
    await askCtx.close();
  });

  it('saves a view by name, reopens it from its URL and from the menu, shares it with the team, and deletes it', async () => {
    const session = await registerEmail(suite.server.url, `views${Date.now()}@example.com`, 'Secret#2026');
    await ingest(session.token, { unique_id: 'sv_alice', daren_name: 'Sv Alice' });
    await ingest(session.token, { unique_id: 'sv_bob', daren_name: 'Sv Bob' });
    await callApi(suite.server.url, session.token, 'PUT', '/blogger/edit', {
      country: 'US',
      bloggers: ['sv_alice'],
      isChat: 1,
    });
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto('/home');
    await synced(page);
    const alice = (p: Page) => p.getByRole('link', { name: 'Sv Alice' });
    const bob = (p: Page) => p.getByRole('link', { name: 'Sv Bob' });
    await bob(page).waitFor();

    // Filters and sort go into the URL as they change.
    await page.getByLabel('Creator', { exact: true }).fill('sv_');
    await chatted(page).click();
    await page
      .locator('.cd-popover:not([data-exiting])')
      .getByRole('option', { name: 'Yes', exact: true })
      .click();
    await expect.poll(() => bob(page).count()).toBe(0);
    await alice(page).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?name=sv_&chat=1');
    const link = page.url();

    // Saved by name; the menu button names the view on screen.
    const views = page.getByTestId('saved-views');
    await views.click();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    const dialog = page.locator('.cd-modal').getByRole('dialog');
    await dialog.getByText('0 of 100 views saved').waitFor();
    await dialog.getByLabel('Name').fill('Chatted SV');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => views.innerText()).toBe('View: Chatted SV');
    const saved = await serverAgrees(
      () => serverViews(session),
      (v) => v.length === 1,
    );
    expect(saved).toEqual([{ title: 'Chatted SV', query: 'name=sv_&chat=1' }]);

    // Plain /home starts from the defaults; the menu opens the saved view, boxes included.
    await page.goto('/home');
    await bob(page).waitFor();
    await views.click();
    await page.getByRole('menuitem', { name: 'Chatted SV' }).click();
    await expect.poll(() => bob(page).count()).toBe(0);
    await alice(page).waitFor();
    await expect.poll(() => page.getByLabel('Creator', { exact: true }).inputValue()).toBe('sv_');
    await expect.poll(() => chatted(page).innerText()).toContain('Yes');
    await expect.poll(() => new URL(page.url()).search).toBe('?name=sv_&chat=1');

    // The bookmarked link opens the same view in a new tab.
    const tab = await ctx.newPage();
    await tab.goto(link);
    await alice(tab).waitFor({ timeout: 30_000 });
    await expect.poll(() => bob(tab).count()).toBe(0);
    await expect.poll(() => tab.getByLabel('Creator', { exact: true }).inputValue()).toBe('sv_');
    await tab.close();

    // A teammate's device lists it (with who saved it) and opens it; only its author's menu offers to
    // overwrite it, and deleting someone else's view says who may.
    const { mateCtx, mate } = await teammateOf(session, 'Views', 'viewmate');
    await mate.goto('/home');
    await synced(mate);
    await bob(mate).waitFor({ timeout: 30_000 });
    await mate.getByTestId('saved-views').click();
    const item = mate.getByRole('menuitem', { name: /Chatted SV/ });
    await item.getByText(/^by views\d+$/).waitFor();
    await item.click();
    await expect.poll(() => bob(mate).count()).toBe(0);
    await mate.getByTestId('saved-views').click();
    await mate.getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = mate.locator('.cd-modal').getByRole('dialog');
    await expect
      .poll(() => manage.getByRole('button', { name: 'Save current filters here' }).count())
      .toBe(0);
    await manage.getByRole('button', { name: 'Delete the view Chatted SV' }).click();
    await mate
      .locator('.cd-modal')
      .getByRole('alertdialog')
      .getByText(/saved by views\d+\? Only they or the team admin can delete it/)
      .waitFor();
    await mateCtx.close();

    // The author deletes it; gone after a reload and on the server.
    await page.reload();
    await views.click();
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    await page
      .locator('.cd-modal')
      .getByRole('dialog')
      .getByRole('button', { name: 'Delete the view Chatted SV' })
      .click();
    await page.locator('.cd-modal').getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await serverAgrees(
      () => serverViews(session),
      (v) => v.length === 0,
    );
    await page.reload();
    await synced(page);
    await expect.poll(() => views.innerText()).toBe('Views');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('renders a timeline of 500 events virtualized, newest first, down to the oldest', async () => {
    const { session, creatorId } = await newCreator('bench500', 'wb_busy', 'Busy Bee');
    // 500 status changes, each a history row, after the ingest's own row.
    for (let i = 0; i < 500; i++)
      await callApi(suite.server.url, session.token, 'PUT', '/blogger/edit', {
        country: 'US',
        bloggers: ['wb_busy'],
        isChat: i % 2 ? 0 : 1,
      });
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    await page.goto(`/creator/${creatorId}`);
    const timeline = page.locator('.workbench-timeline');
    const rows = timeline.locator('li.workbench-timeline__row');
    await expect.poll(() => rows.first().getAttribute('aria-setsize'), { timeout: 30_000 }).toBe('501');
    // Only the rows in view (and a few around them) are in the page.
    expect(await rows.count()).toBeLessThan(40);
    await expect.poll(() => rows.first().getAttribute('aria-posinset')).toBe('1');
    // The last of the 500 set it back to "not chatted"; the oldest row is the ingest.
    await expect.poll(() => rows.first().innerText()).toContain('Marked as not chatted');
    await timeline.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.last().getAttribute('aria-posinset')).toBe('501');
    await expect.poll(() => rows.last().innerText()).toContain('Updated by the browser extension');
    expect(await rows.count()).toBeLessThan(40);
    await ctx.close();
  });

  it('shows the 404 result for a creator that is not in the workspace', async () => {
    const session = await registerEmail(suite.server.url, `bench404${Date.now()}@example.com`, 'Secret#2026');
    const ctx = await newContext(suite.browser, suite.server.url);
    await useSession(ctx, suite.server.url, session);
    const page = await ctx.newPage();
    await page.goto('/home');
    await synced(page);
    await page.goto('/creator/999999');
    await page.getByRole('heading', { name: 'Creator not found' }).waitFor();
    await page.getByRole('button', { name: 'Back to creators' }).click();
    await page.waitForURL(/\/home$/);
    await ctx.close();
  });
});
