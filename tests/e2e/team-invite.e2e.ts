/**
 * Secret team invites in a real browser, three users in three profiles: the admin
 * (en-US) copies the code link from /team; a seller whose browser is Chinese (zh-CN) opens it,
 * sees the team and its admin, joins, and still sees the team after a reload; the admin resets the
 * link (confirmed first); a third seller (en-US) and a fourth (zh-CN) find the old link and the old
 * numeric form dead (the page's "check the link" notice, in each one's language) and the new one
 * alive; the member leaves the team. /team and /invite pass axe in both locales. The whole story
 * runs against a server on SQLite and again on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { expectToast, registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const PASSWORD = 'Secret#2026';
const stamp = Date.now();
const ADMIN = `inviter${stamp}@example.com`;
const JOINER = `joiner${stamp}@example.com`;
const LATE = `late${stamp}@example.com`;
const LATE_ZH = `latezh${stamp}@example.com`;
const nameOf = (email: string) => email.split('@')[0]!;
const TEAM = 'Invite Crew';

function inviteStory(engine: 'sqlite' | 'postgres'): void {
  async function pageFor(session: ApiSession, locale: 'zh-CN' | 'en-US'): Promise<Page> {
    const ctx = await newContext(suite.browser, suite.server.url, locale);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await useSession(ctx, suite.server.url, session);
    return ctx.newPage();
  }

  const confirmBox = (page: Page) => page.locator('.cd-modal').getByRole('alertdialog');
  const linkBox = (page: Page) => page.getByRole('textbox', { name: 'Invite link' });

  let admin: Page;
  let joiner: Page;
  let late: Page;
  let lateZh: Page;
  let teamId = 0;
  let firstLink = '';
  const errors: string[][] = [];

  const suite = browserSuite(
    { SEED_DEMO: '0' },
    async () => {
      const adminSession = await registerEmail(suite.server.url, ADMIN, PASSWORD);
      const team = await callApi<{ team_id: number }>(
        suite.server.url,
        adminSession.token,
        'POST',
        '/team/add',
        {
          title: TEAM,
        },
      );
      teamId = team.team_id;
      admin = await pageFor(adminSession, 'en-US');
      joiner = await pageFor(await registerEmail(suite.server.url, JOINER, PASSWORD), 'zh-CN');
      late = await pageFor(await registerEmail(suite.server.url, LATE, PASSWORD), 'en-US');
      lateZh = await pageFor(await registerEmail(suite.server.url, LATE_ZH, PASSWORD), 'zh-CN');
      for (const p of [admin, joiner, late, lateZh]) errors.push(trackErrors(p));
    },
    engine,
  );

  describe(`team invite links [${engine}]`, () => {
    it('the admin copies a secret link from /team (no team id in it)', async () => {
      await admin.goto('/team');
      await admin.getByTestId('team-title').getByText(TEAM).waitFor();
      await admin.getByRole('button', { name: 'Copy link' }).click();
      await expectToast(admin, 'Invite link copied');
      firstLink = await admin.evaluate(() => navigator.clipboard.readText());
      expect(firstLink).toMatch(new RegExp(`^${suite.server.url}/invite/[A-Za-z0-9_-]{24}$`));
      expect(firstLink.endsWith(`/invite/${teamId}`)).toBe(false);
      await expect.poll(() => linkBox(admin).inputValue()).toBe(firstLink);
      expect(await seriousAxeViolations(admin)).toEqual([]);
      // The link row wraps on a phone: the team facts, actions and link stick out nowhere at 360 px.
      // (The page itself is wider there because of the shell's top menu, on every screen; the member
      // table scrolls inside its own box.)
      await admin.setViewportSize({ width: 360, height: 800 });
      await admin.getByRole('button', { name: 'Reset link' }).waitFor();
      const rightEdge = () =>
        admin.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('.team-info *, .team-invite *')].map(
              (e) => e.getBoundingClientRect().right,
            ),
          ),
        );
      await expect.poll(rightEdge).toBeLessThanOrEqual(360);
      await admin.setViewportSize({ width: 1366, height: 860 });
    });

    it('a seller (zh-CN) opens it, sees the team and its admin, joins, and stays joined after a reload', async () => {
      await joiner.goto(firstLink);
      await joiner.getByTestId('invite-team').getByText(TEAM).waitFor();
      await expect.poll(() => joiner.getByTestId('invite-admin').textContent()).toBe(nameOf(ADMIN));
      expect(await seriousAxeViolations(joiner)).toEqual([]);
      await joiner.getByRole('button', { name: '加入团队' }).click();
      await confirmBox(joiner).getByText(`确定加入团队「${TEAM}」吗？`, { exact: false }).waitFor();
      await confirmBox(joiner).getByRole('button', { name: '确认' }).click();
      await joiner.waitForURL((u) => u.pathname === '/team');
      await expectToast(joiner, '已加入团队');
      await joiner.getByTestId('team-title').getByText(TEAM).waitFor();
      await joiner.reload();
      await joiner.getByTestId('team-title').getByText(TEAM).waitFor();
      await joiner.getByText('您是该团队的成员。').waitFor();
      // Members are not told the link.
      expect(await joiner.getByRole('button', { name: '复制链接' }).count()).toBe(0);
      expect(await seriousAxeViolations(joiner)).toEqual([]);
    });

    it('the admin resets the link after confirming: the old one and the numeric form are dead, the new one works', async () => {
      await admin.getByRole('button', { name: 'Reset link' }).click();
      await confirmBox(admin).getByText('The current link stops working at once', { exact: false }).waitFor();
      await confirmBox(admin).getByRole('button', { name: 'Confirm' }).click();
      await expectToast(admin, 'New invite link created; the old link no longer works');
      await expect.poll(() => linkBox(admin).inputValue()).not.toBe(firstLink);
      const fresh = await linkBox(admin).inputValue();
      expect(fresh).toMatch(/\/invite\/[A-Za-z0-9_-]{24}$/);
      await admin.reload();
      await expect.poll(() => linkBox(admin).inputValue()).toBe(fresh);

      // The notice in each seller's language (messages/*.json team_invite_invalid).
      const strangers = [
        {
          page: late,
          notice: 'This invite link is not valid. Please ask the team admin for a correct link.',
          join: 'Join the team',
        },
        { page: lateZh, notice: '邀请链接无效，请向团队管理员索取正确的链接。', join: '加入团队' },
      ];
      for (const { page, notice, join } of strangers) {
        await page.goto(firstLink);
        await page.getByText(notice).waitFor();
        expect(await page.getByRole('button', { name: join }).count()).toBe(0);
        expect(await page.getByText(TEAM).count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.goto(`/invite/${teamId}`);
        await page.getByText(notice).waitFor();
        expect(await page.getByRole('button', { name: join }).count()).toBe(0);
        await page.goto(fresh);
        await page.getByTestId('invite-team').getByText(TEAM).waitFor();
        await page.getByRole('button', { name: join }).waitFor();
      }
    });

    it('the member leaves after confirming and is back in their own workspace, also after a reload', async () => {
      await joiner.getByRole('button', { name: '退出团队' }).click();
      await confirmBox(joiner).getByText(`确定退出团队「${TEAM}」吗？`, { exact: false }).waitFor();
      await confirmBox(joiner).getByRole('button', { name: '确认' }).click();
      await expectToast(joiner, '已退出团队');
      await joiner.getByText('您还没有加入团队').waitFor();
      await joiner.reload();
      await joiner.getByText('您还没有加入团队').waitFor();
      await admin.reload();
      const grid = admin.getByRole('grid', { name: 'Members' });
      await grid
        .getByRole('row')
        .filter({ hasText: nameOf(ADMIN) })
        .waitFor();
      await expect
        .poll(() =>
          grid
            .getByRole('row')
            .filter({ hasText: nameOf(JOINER) })
            .count(),
        )
        .toBe(0);
      expect(errors.flat()).toEqual([]);
    });
  });
}

// Each engine's server and browser live inside its own describe block (the suite's hooks are scoped to it).
for (const engine of ['sqlite', 'postgres'] as const) describe(engine, () => inviteStory(engine));
