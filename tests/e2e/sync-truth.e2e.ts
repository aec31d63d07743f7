/**
 * Sync truth in a real browser against the real server:
 * - the header says "Up to date" only after the first full sync; before, it counts the rows
 *   ("Syncing 12,400 / 22,700");
 * - a key typed into Home's name filter while the first sync is still pulling is answered from the
 *   rows already there: its text and the grid's answer are painted within the bound of
 *   docs/benchmarks.md ("First sync on /home at 4× CPU"), here by the median key at the machine's
 *   own speed;
 * - rows do not jump while a sync lands: creators added on another device keep the Home page's
 *   rows and scroll position where they are (values refresh in place), until the user asks;
 * - a forced sign-out for a changed workspace (10010) lands on /login and says why, in zh-cn;
 * - a change refused as a conflict (a teammate wrote first) is told once: its toast gives the
 *   server's advice once and says where to choose, the sync panel does not repeat it, and the
 *   header never says "Up to date" while the change is in the failed list (en-us, zh-cn).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import type { PullWire } from '../../contract/sync.ts';
import { FIRST_SYNC_PROBE, keyToPaint, readProbe, typeDuringSync } from '../../bench/first-sync-probe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { callApi, demoSuite } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const demo = demoSuite();
const suite = demo.suite;
const api = <T>(token: string, method: string, path: string, body: Record<string, unknown> = {}) =>
  demo.api<T>(method, path, body, token);
const label = (page: Page) =>
  page.getByRole('status', { name: /Sync status|同步状态/ }).locator('.cd-sync__label');
const shownIds = async (page: Page) =>
  (
    await page
      .locator('.cd-grid__row:has([role=gridcell])')
      // The handle column's profile link (a nameless creator's name link reads "@handle" too).
      .locator('a.home-creator-link')
      .allTextContents()
  ).map((t) => t.slice(1));

describe('sync truth', () => {
  it('"Up to date" shows only after the first full sync; before, the rows are counted', async () => {
    const page = demo.s.page;
    // Every text the sync label shows, however briefly, from the first paint.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { syncLabels: string[] }).syncLabels = seen;
      new MutationObserver(() => {
        const t = document.querySelector('.cd-sync__label')?.textContent ?? '';
        if (t && seen.at(-1) !== t) seen.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const { count } = await api<{ count: number }>(demo.s.session.token, 'POST', '/blogger/lists', {
      country: 'US',
      page: 1,
      limit: 1,
    });
    await page.goto('/home');
    await label(page).getByText('Up to date').waitFor({ timeout: 120_000 });
    const seen = await page.evaluate(() => (window as unknown as { syncLabels: string[] }).syncLabels);
    const progress = seen
      .map((t) => /^Syncing ([\d,]+) \/ ([\d,]+)$/.exec(t))
      .map((m): [number, number] | null =>
        m ? [Number(m[1]!.replace(/,/g, '')), Number(m[2]!.replace(/,/g, ''))] : null,
      );
    const firstUpToDate = seen.indexOf('Up to date');
    // Counted progress before, reaching every row of the workspace; never "Up to date" before.
    const before = progress.slice(0, firstUpToDate).filter((p): p is [number, number] => p !== null);
    expect(before.length).toBeGreaterThan(1);
    expect(before.at(-1)![0]).toBe(before.at(-1)![1]);
    expect(before.at(-1)![1]).toBeGreaterThanOrEqual(count);
    expect(before.some(([done, total]) => done < total)).toBe(true);
    expect(progress.slice(firstUpToDate).some((p) => p !== null && p[0] < p[1])).toBe(false);
  }, 150_000);

  it("a key typed during the first sync is answered from the rows already there; the median key's text and grid are painted within 100 ms", async () => {
    const ctx = await newContext(suite.browser, suite.server.url, 'en-US', { serviceWorker: false });
    await useSession(ctx, suite.server.url, demo.s.session);
    await ctx.addInitScript(FIRST_SYNC_PROBE);
    // Once a pulled page has brought creators and says more follow, the sync worker's next pulls
    // wait until the keys are typed: a slow network, so the first sync is still running (the header
    // counts) while the name filter is used. The pages are the real server's.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let holding = false;
    let held = 0;
    await ctx.route('**/api/v0.1/sync/pull**', async (route) => {
      if (holding) {
        held++;
        await released;
      }
      const response = await route.fetch();
      const body = await response.text();
      try {
        const pulled = (JSON.parse(body) as { data?: PullWire }).data;
        if (pulled?.has_more && pulled.changes.creators.rows.length > 0) holding = true;
      } finally {
        // whatever the body is, the worker gets the server's answer
        await route.fulfill({ response, body });
      }
    });
    try {
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await page.goto('/home');
      await page.locator('.cd-grid__body > .cd-grid__row').first().waitFor({ timeout: 60_000 });
      await expect.poll(() => label(page).textContent()).toMatch(/^Syncing [\d,]+ \/ [\d,]+$/);
      await typeDuringSync(page, 6);
      const keys = (await readProbe(page)).keys;
      // Every key was typed while the header showed the sync's progress, and each changed the grid
      // ("x" leaves few names or none, Backspace brings the rows back).
      expect(keys.map((k) => [k.key, k.syncing, k.grid > 0])).toEqual(
        ['x', 'Backspace', 'x', 'Backspace', 'x', 'Backspace'].map((k) => [k, true, true]),
      );
      const ms = keys.map((k) => keyToPaint(k)!).sort((a, b) => a - b);
      // The bound of the bench's 4× measure, held here by the median of six keys at 1×; the slowest
      // is only bounded loosely (a loaded machine can hold back a single frame). A failure lists all six.
      expect(
        (ms[2]! + ms[3]!) / 2,
        `keydown → text and grid painted, sorted: ${ms.map(Math.round).join(', ')} ms`,
      ).toBeLessThanOrEqual(100);
      expect(ms[5]).toBeLessThan(1000);
      release();
      await label(page).getByText('Up to date').waitFor({ timeout: 60_000 });
      expect(held).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      // A held pull, or one the worker starts later (a focus, the live stream), must not outlive the
      // profile in the route, even when the test failed before releasing them.
      release();
      await ctx.unrouteAll({ behavior: 'ignoreErrors' });
      await ctx.close();
    }
  }, 120_000);

  it('rows do not jump while a sync lands; the new rows show when asked', async () => {
    const page = demo.s.page;
    await page.goto('/home');
    await label(page).getByText('Up to date').waitFor({ timeout: 90_000 });
    await expect.poll(async () => (await shownIds(page)).length).toBeGreaterThan(5);
    // Start from the latest order: no note about waiting rows yet.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const waiting = page.getByRole('status').getByText('New or changed rows have arrived', { exact: false });
    await expect.poll(() => waiting.count()).toBe(0);
    const before = await shownIds(page);
    const scroller = page.getByTestId('app-scroller');
    await scroller.evaluate((el) => el.scrollTo(0, 120));
    const top = await scroller.evaluate((el) => el.scrollTop);
    expect(top).toBeGreaterThan(0);
    // The note about new rows sits under the rows: showing it moves no row down.
    const firstRow = page.locator('.cd-grid__body > .cd-grid__row').first();
    const rowY = (await firstRow.boundingBox())!.y;

    // Another device adds creators (the newest sort first) and changes one shown creator.
    const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: demo.s.session.token },
      body: JSON.stringify({
        country: 'US',
        creators: [
          ...Array.from({ length: 3 }, (_, i) => ({ unique_id: `landed_${i}`, follower_count: 5 + i })),
          { unique_id: before[2], follower_count: 4_242_424 },
        ],
      }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    // The tab pulls when it regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    const changed = page.locator('.cd-grid__row').filter({ hasText: `@${before[2]}` });
    await changed.getByText('4,242,424').waitFor({ timeout: 30_000 });
    await page.getByRole('status').getByText('New or changed rows have arrived', { exact: false }).waitFor();
    expect(await shownIds(page)).toEqual(before);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top);
    expect((await firstRow.boundingBox())!.y).toBe(rowY);
    // Docked over the lowest rows, it steps aside while the keyboard is in the grid.
    const note = page.locator('.home-stale');
    await page.getByRole('grid').focus();
    await expect.poll(() => note.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Refresh', exact: true }).focus();
    await expect.poll(() => note.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Show them' }).click();
    await expect
      .poll(async () => (await shownIds(page)).slice(0, 3))
      .toEqual(['landed_2', 'landed_1', 'landed_0']);
    expect(demo.s.errors).toEqual([]);
  }, 120_000);
});

describe('forced sign-out', () => {
  it('a changed workspace (10010) lands on /login and says why (zh-cn)', async () => {
    const stamp = Date.now();
    const admin = await registerEmail(suite.server.url, `admin${stamp}@example.com`, 'Secret#2026');
    const member: ApiSession = await registerEmail(
      suite.server.url,
      `member${stamp}@example.com`,
      'Secret#2026',
    );
    await api(admin.token, 'POST', '/team/add', { title: 'Truth' });
    // The invite link names the team by its code when it has one, else by its id.
    const team = await fetch(`${suite.server.url}/api/v0.1/team/info?language=en-us`, {
      headers: { token: admin.token },
    }).then(async (r) => ((await r.json()) as { data: { team_id: number; invite_code?: string } }).data);
    await api(member.token, 'POST', '/team/user.add', { teamId: team.invite_code ?? team.team_id });

    const ctx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(ctx, suite.server.url, member);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto('/tag');
    await page.getByRole('heading', { name: '标签管理' }).waitFor();

    const members = await fetch(`${suite.server.url}/api/v0.1/team/user.lists?page=1&limit=20`, {
      headers: { token: admin.token },
    }).then(
      async (r) => ((await r.json()) as { data: { list: { user_id: number; is_admin: number }[] } }).data,
    );
    const target = members.list.find((x) => x.is_admin === 0)!;
    await api(admin.token, 'DELETE', '/team/user.del', { userId: target.user_id });

    // The tab's next call (here the pull it makes when it regains focus) answers 10010.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
    await page.getByRole('alert').getByText('您已退出登录：您的团队已变更，请重新登录').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 90_000);
});

describe('a refused change, told once', () => {
  it('a conflict: the advice once, where to choose, and no "Up to date" beside "1 failed" (en-us, zh-cn)', async () => {
    const url = suite.server.url;
    const stamp = Date.now();
    const a = await registerEmail(url, `confa${stamp}@example.com`, 'Secret#2026');
    const b = await registerEmail(url, `confb${stamp}@example.com`, 'Secret#2026');
    const team = await callApi<{ invite_code: string }>(url, a.token, 'POST', '/team/add', {
      title: 'Told once',
    });
    await callApi(url, b.token, 'POST', '/team/user.add', { teamId: team.invite_code });
    const title = `Greeting ${stamp % 10_000}`;
    const row = await callApi<{ id: number }>(url, a.token, 'POST', '/chattmp/add', {
      country: 'US',
      title,
      content: 'Hello from the start',
    });

    const rounds = [
      {
        who: a,
        other: b,
        locale: 'en-US' as const,
        words: {
          edit: `Edit ${title}`,
          content: 'Template content',
          save: 'Save',
          synced: 'Up to date',
          notAll: 'Not everything is saved',
          failed: '1 failed',
          reason: `${b.member_name} changed this template after you started editing`,
          advice: /keep theirs/gi,
          where: 'Choose which to keep under “failed” in the sync status at the top of the page.',
          panel: 'Changes the server refused',
          keepTheirs: 'Keep theirs',
          status: 'Sync status',
        },
      },
      {
        who: b,
        other: a,
        locale: 'zh-CN' as const,
        words: {
          edit: `编辑 ${title}`,
          content: '模板内容',
          save: '保存',
          synced: '已同步',
          notAll: '有修改未保存',
          failed: '1 条失败',
          reason: `${a.member_name} 在你编辑期间修改了这个话术模板`,
          advice: /保留对方的版本/g,
          where: '请在页面顶部同步状态的“失败”中选择保留哪个版本。',
          panel: '服务器拒绝的修改',
          keepTheirs: '保留对方的',
          status: '同步状态',
        },
      },
    ];
    for (const [i, { who, other, locale, words: w }] of rounds.entries()) {
      const ctx = await newContext(suite.browser, url, locale);
      await useSession(ctx, url, who);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      // Every (label, failed button) pair the header shows, however briefly.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { headerSeen: string[] }).headerSeen = seen;
        new MutationObserver(() => {
          const label = document.querySelector('.cd-sync__label')?.textContent ?? '';
          const failed = document.querySelector('.cd-sync__failed')?.textContent ?? '';
          const pair = `${label}|${failed}`;
          if (label && seen.at(-1) !== pair) seen.push(pair);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const status = page.getByRole('status', { name: w.status });
      const templateRow = page.getByRole('row').filter({ hasText: title });
      await page.goto('/chatTmp');
      await templateRow.waitFor({ timeout: 30_000 });
      await status
        .locator('.cd-sync__label')
        .getByText(w.synced, { exact: true })
        .waitFor({ timeout: 30_000 });

      // Offline, this member edits; meanwhile the teammate's edit reaches the server.
      await ctx.setOffline(true);
      await templateRow.getByRole('button', { name: w.edit }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.content).fill(`Mine ${i}`);
      await dialog.getByRole('button', { name: w.save }).click();
      await dialog.waitFor({ state: 'detached' });
      await callApi(url, other.token, 'PUT', '/chattmp/edit', {
        id: row.id,
        country: 'US',
        title,
        content: `Theirs ${i}`,
      });
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      // The toast: the server's reason with its advice, once, and where to choose.
      const toast = page.locator('.cd-toast').filter({ hasText: w.reason });
      await toast.first().waitFor({ timeout: 20_000 });
      const toastText = (await toast.first().textContent()) ?? '';
      expect(toastText.match(w.advice), toastText).toHaveLength(1);
      expect(toastText).toContain(w.where);
      // The header: the failed change, and no "Up to date" beside it.
      const failedButton = status.getByRole('button', { name: w.failed });
      await failedButton.waitFor();
      await expect.poll(() => status.locator('.cd-sync__label').textContent()).toBe(w.notAll);
      // The sync panel: the reason (advice included) and the two choices, no second advice.
      await failedButton.click();
      const panel = page.getByRole('dialog', { name: w.panel });
      await panel.getByText(w.reason, { exact: false }).waitFor();
      expect(await panel.locator('.cd-sync__hint').count()).toBe(0);
      expect(await panel.getByText(w.where).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: w.keepTheirs }).click();
      await expect.poll(() => status.getByRole('button', { name: w.failed }).count()).toBe(0);
      // Read, not seen: with "Conflicts resolved" beside it a narrow header shows the dot alone.
      await expect
        .poll(() => status.locator('.cd-sync__label').textContent(), { timeout: 20_000 })
        .toBe(w.synced);
      await templateRow.getByText(`Theirs ${i}`).waitFor();

      const seen = await page.evaluate(() => (window as unknown as { headerSeen: string[] }).headerSeen);
      expect(
        seen.some((p) => p.endsWith(`|${w.failed}`)),
        seen.join(' / '),
      ).toBe(true);
      expect(
        seen.filter((p) => p.startsWith(`${w.synced}|`) && !p.endsWith('|')),
        seen.join(' / '),
      ).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  }, 180_000);
});
