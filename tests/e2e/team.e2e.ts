/**
 * Teams and VIP in a real browser with two users in two browser contexts: the admin creates a team
 * and copies the invite link, the second user opens it and joins, both see the same team (and the
 * member's local mirror switches to the team's rows), both see the team's creators and a tag the
 * member adds on /home reaches the admin's open page by sync; admin
 * transfer; removing a member (their next call answers 10010 and lands them on /login, which says
 * why; the invite link changes, shown with a note on the admin's screen and, live, on the admin's
 * other screen in zh-cn; the removed member's new account finds the old link dead); dismissal;
 * redeeming VIP on /vip and the tier in the user menu.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeForm } from '../../contract/wire.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import {
  apiSignIn,
  dismissToasts,
  expectToast,
  redeemCode,
  registerEmail,
  useSession,
  type ApiSession,
} from '../helpers/shell.ts';

const PASSWORD = 'Secret#2026';
const stamp = Date.now();
const ADMIN = `alice${stamp}@example.com`;
const MEMBER = `bob${stamp}@example.com`;
const nameOf = (email: string) => email.split('@')[0]!;

const register = (email: string) => registerEmail(suite.server.url, email, PASSWORD);

async function pageFor(session: ApiSession, path: string): Promise<Page> {
  const ctx: BrowserContext = await newContext(suite.browser, suite.server.url, 'en-US');
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  await useSession(ctx, suite.server.url, session);
  const page = await ctx.newPage();
  await page.goto(path);
  return page;
}

async function signInAgain(page: Page, email: string): Promise<void> {
  const res = await apiSignIn(suite.server.url, { email }, PASSWORD, { force: true });
  expect(res.code).toBe(200);
  await useSession(page.context(), suite.server.url, res.data);
}

const confirmBox = (page: Page) => page.locator('.cd-modal').getByRole('alertdialog');
const dialog = (page: Page) => page.locator('.cd-modal').getByRole('dialog');
const teamTitle = (page: Page) => page.getByTestId('team-title');

/** POST /tags/add in the caller's current workspace (a synced table the mirror shows on /tag). */
const addTag = (token: string, title: string) =>
  callApi(suite.server.url, token, 'POST', '/tags/add', { country: 'US', title });

const TEAM_CREATOR = `e2e_shared_${stamp}`;

/** Opens /home and filters the grid to one creator; resolves to that creator's row. */
async function openCreator(page: Page, uniqueId: string) {
  await page.goto('/home');
  await page.getByRole('textbox', { name: 'Creator' }).fill(uniqueId);
  const row = page
    .locator('.cd-grid__row:has([role=gridcell])')
    .filter({ has: page.getByRole('link', { name: `@${uniqueId}`, exact: true }) });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

let admin: Page;
let member: Page;
let adminSession: ApiSession;
let memberSession: ApiSession;
let adminErrors: string[];
let link = '';

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  // Fresh accounts only: no demo data, so nothing else keeps the server busy.
  adminSession = await register(ADMIN);
  memberSession = await register(MEMBER);
  admin = await pageFor(adminSession, '/team');
  member = await pageFor(memberSession, '/invite/abc');
  adminErrors = trackErrors(admin);
});
afterEach(async (ctx) => {
  // A failure is easier to read with what both pages showed.
  if (ctx.task.result?.state !== 'fail') return;
  for (const [who, page] of [
    ['admin', admin],
    ['member', member],
  ] as const) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '?');
    console.log(`[${who}] ${page.url()}\n${text}`);
  }
});

describe('team', () => {
  it('without a team explains joining; creating checks the name; the admin copies the invite link', async () => {
    await admin.getByText('You are not in a team yet').waitFor();
    await admin.getByText('ask its admin for the invite link', { exact: false }).waitFor();
    const create = admin.getByRole('button', { name: 'Create', exact: true });
    await create.click();
    await expectToast(admin, 'Please enter the team name');
    const name = admin.getByRole('textbox', { name: 'Team name' });
    await expect.poll(() => name.getAttribute('maxlength')).toBe('12');
    await name.fill('Sales Team');
    await create.click();
    await expectToast(admin, 'Team created');
    await expect.poll(() => teamTitle(admin).textContent()).toBe('Sales Team');
    await expect.poll(() => admin.getByTestId('team-admin').textContent()).toBe(nameOf(ADMIN));

    await admin.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(admin, 'Invite link copied');
    link = await admin.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${suite.server.url}/invite/[\\w-]{24}$`));
    await expect.poll(() => admin.getByRole('textbox', { name: 'Invite link' }).inputValue()).toBe(link);
  });

  it('a malformed or unknown invite shows the empty notice; a valid one joins after confirming', async () => {
    await member.getByText('This invite link is not valid', { exact: false }).waitFor();
    await member.goto('/invite/987654');
    await member.getByText('This invite link is not valid', { exact: false }).waitFor();

    // The member's own data is mirrored before joining.
    await addTag(memberSession.token, 'Own tag');
    await member.goto('/tag');
    await member.getByText('Own tag', { exact: true }).waitFor();
    await addTag(adminSession.token, 'Team tag');

    await member.goto(link);
    await expect.poll(() => member.getByTestId('invite-admin').textContent()).toBe(nameOf(ADMIN));
    await expect.poll(() => member.getByTestId('invite-team').textContent()).toBe('Sales Team');
    await member.getByRole('button', { name: 'Join the team' }).click();
    await confirmBox(member).getByText('Join Sales Team?', { exact: false }).waitFor();
    await confirmBox(member).getByRole('button', { name: 'Confirm' }).click();
    await member.waitForURL((u) => u.pathname === '/team');
    await expectToast(member, 'You joined the team');
    await expect.poll(() => teamTitle(member).textContent()).toBe('Sales Team');
    await expect.poll(() => member.getByTestId('team-admin').textContent()).toBe(nameOf(ADMIN));
    // A normal member sees only the team info.
    await member.getByText('You are a member of this team.').waitFor();
    await expect.poll(() => member.getByRole('button', { name: 'Dismiss team' }).count()).toBe(0);
    await expect.poll(() => member.getByRole('button', { name: 'Copy link' }).count()).toBe(0);

    // Joining switched the workspace: the mirror now holds the team's rows, not the member's own.
    await member.getByRole('link', { name: 'Tags', exact: true }).click();
    await member.getByText('Team tag', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => member.getByText('Own tag', { exact: true }).count()).toBe(0);
    await member.goto('/team');

    // Someone already in a team is sent to /team instead.
    await admin.goto(link);
    await admin.getByText('You are already in a team.').waitFor();
    await admin.getByRole('link', { name: 'Go to my team' }).click();
    await admin.waitForURL((u) => u.pathname === '/team');
  });

  it("both see the team's creators; a tag one member adds reaches the other by sync", async () => {
    // A creator in the team's workspace (the plugin ingest API, as the admin).
    const ingest = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: adminSession.token },
      body: JSON.stringify({
        country: 'US',
        creators: [{ unique_id: TEAM_CREATOR, nick_name: 'Shared One' }],
      }),
    }).then(async (r) => (await r.json()) as { code: number; data: { created: number } });
    expect(ingest).toMatchObject({ code: 200, data: { created: 1 } });

    const memberRow = await openCreator(member, TEAM_CREATOR);
    const adminRow = await openCreator(admin, TEAM_CREATOR);
    await adminRow.getByText('Shared One', { exact: true }).waitFor();
    await memberRow.getByText('Shared One', { exact: true }).waitFor();
    await expect.poll(() => adminRow.getByText('Team tag', { exact: true }).count()).toBe(0);

    // The member tags the creator through the home screen's tag dialog …
    await memberRow.getByRole('checkbox').check();
    await member.getByRole('button', { name: 'Tags', exact: true }).click();
    await dialog(member).getByRole('option', { name: 'Team tag', exact: true }).click();
    await dialog(member).getByRole('button', { name: 'Confirm' }).click();
    await dialog(member).waitFor({ state: 'detached' });
    await memberRow.getByText('Team tag', { exact: true }).waitFor({ timeout: 5_000 });
    // … the server has it in the team's workspace …
    await expect
      .poll(
        async () => {
          const res = await fetch(`${suite.server.url}/api/v0.1/blogger/lists`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', token: adminSession.token },
            body: encodeForm({ country: 'US', page: 1, limit: 10, name: TEAM_CREATOR }),
          });
          const body = (await res.json()) as { data: { list: { tags: { tag_title: string }[] }[] } };
          return body.data.list[0]?.tags.map((t) => t.tag_title) ?? [];
        },
        { timeout: 20_000 },
      )
      .toEqual(['Team tag']);
    // … and the admin's open page shows it after its next pull, with no reload: a pull runs when
    // the window gains focus (and every 30 s anyway).
    await admin.evaluate(() => window.dispatchEvent(new Event('focus')));
    await adminRow.getByText('Team tag', { exact: true }).waitFor({ timeout: 40_000 });
    await expect.poll(() => admin.getByRole('textbox', { name: 'Creator' }).inputValue()).toBe(TEAM_CREATOR);

    await member.goto('/team');
    await admin.goto('/team');
  }, 90_000);

  it('lists members with the admin badge; renames; transfers admin to a non-admin member', async () => {
    const grid = admin.getByRole('grid', { name: 'Members' });
    const memberRow = grid.getByRole('row').filter({ hasText: nameOf(MEMBER) });
    const adminRow = grid.getByRole('row').filter({ hasText: nameOf(ADMIN) });
    await memberRow.waitFor();
    await expect.poll(() => adminRow.getByText('Admin', { exact: true }).count()).toBe(1);
    await expect.poll(() => memberRow.getByText('Admin', { exact: true }).count()).toBe(0);
    await expect.poll(() => adminRow.getByRole('button', { name: /^Remove/ }).isDisabled()).toBe(true);
    await expect.poll(() => memberRow.getByRole('button', { name: /^Remove/ }).isEnabled()).toBe(true);

    await admin.getByRole('button', { name: 'Edit name' }).click();
    const field = dialog(admin).getByRole('textbox', { name: 'Team name' });
    await field.fill('');
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Please enter the team name');
    await field.fill('Growth');
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByTestId('team-title').getByText('Growth').waitFor();

    await admin.getByRole('button', { name: 'Transfer admin' }).click();
    await dismissToasts(admin);
    await dialog(admin).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(admin, 'Please select the team member to transfer to');
    await dialog(admin)
      .getByRole('button', { name: /New admin/ })
      .click();
    const options = admin.getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual([nameOf(MEMBER)]);
    await options.first().click();
    await dialog(admin).getByRole('button', { name: 'Confirm' }).click();
    await confirmBox(admin).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(admin, 'Admin transferred');
    await admin.getByTestId('team-admin').getByText(nameOf(MEMBER)).waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Dismiss team' }).count()).toBe(0);

    await member.reload();
    await member.getByTestId('team-title').getByText('Growth').waitFor();
    await member.getByRole('button', { name: 'Dismiss team' }).waitFor();
  });

  it('removing a member signs them out at once, on their open page (10010), and changes the invite link', async () => {
    // The admin's other screen: the same session in a Chinese browser, open on /team.
    const otherCtx = await newContext(suite.browser, suite.server.url, 'zh-CN');
    await useSession(otherCtx, suite.server.url, memberSession);
    const other = await otherCtx.newPage();
    const otherErrors = trackErrors(other);
    await other.goto('/team');
    const otherLink = other.getByRole('textbox', { name: '邀请链接' });
    await expect.poll(() => otherLink.inputValue()).toBe(link);
    await member.goto('/team');
    const linkBox = member.getByRole('textbox', { name: 'Invite link' });
    await expect.poll(() => linkBox.inputValue()).toBe(link);
    expect(await member.getByTestId('team-invite-changed').textContent()).toBe('');

    const row = member
      .getByRole('grid', { name: 'Members' })
      .getByRole('row')
      .filter({ hasText: nameOf(ADMIN) });
    // A double-click asks once: no second confirmation once the removal is done.
    await row.getByRole('button', { name: /^Remove/ }).dblclick();
    await confirmBox(member)
      .getByText(`Remove ${nameOf(ADMIN)} from the team? The invite link changes too`, { exact: false })
      .waitFor();
    await confirmBox(member).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(member, 'Member removed. The invite link changed: the old link no longer works');
    await row.waitFor({ state: 'detached' });
    expect(await confirmBox(member).count()).toBe(0);
    // The new link, and a note saying the old one is dead, on this screen and (live) on the other.
    await expect.poll(() => linkBox.inputValue()).not.toBe(link);
    const fresh = await linkBox.inputValue();
    expect(fresh).toMatch(new RegExp(`^${suite.server.url}/invite/[\\w-]{24}$`));
    await member
      .getByRole('status')
      .getByText('The invite link has changed: the old link no longer works.', { exact: false })
      .waitFor();
    await expect.poll(() => otherLink.inputValue(), { timeout: 15_000 }).toBe(fresh);
    await other.getByRole('status').getByText('邀请链接已更换：旧链接不再有效。', { exact: false }).waitFor();
    // Its member grid is read again too: the admin alone.
    const otherRows = (email: string) =>
      other
        .getByRole('grid', { name: '团队成员' })
        .getByRole('row')
        .filter({ hasText: nameOf(email) });
    await expect
      .poll(async () => [await otherRows(MEMBER).count(), await otherRows(ADMIN).count()])
      .toEqual([1, 0]);
    expect(await seriousAxeViolations(member)).toEqual([]);
    expect(await seriousAxeViolations(other)).toEqual([]);
    // On a phone the note wraps inside the link's panel.
    await member.setViewportSize({ width: 360, height: 800 });
    const rightEdge = () =>
      member.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('.team-invite *')].map((e) => e.getBoundingClientRect().right),
        ),
      );
    await expect.poll(rightEdge).toBeLessThanOrEqual(360);
    await member.setViewportSize({ width: 1366, height: 860 });
    expect(otherErrors).toEqual([]);
    await otherCtx.close();

    // The admin's open page hears it on the live stream: no reload and no call of its
    // own needed; 10010 lands on /login and says why. A reload here would race the
    // sign-out (the token goes at once, the page leaves 1.5 s later) and land on /.
    await admin.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await admin
      .getByRole('alert')
      .getByText('You were signed out: Your team has changed, please sign in again')
      .waitFor();
    expect(adminErrors).toEqual([]);

    // The removed member signs up again and opens the link they kept: dead, naming nothing.
    const again = await register(`alice-again${stamp}@example.com`);
    const page = await pageFor(again, new URL(link).pathname);
    await page.getByText('This invite link is not valid', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Join the team' }).count()).toBe(0);
    expect(await page.getByText('Sales Team').count()).toBe(0);
    await page.context().close();
  });

  it('dismissal: the admin returns to the no-team state, a member is signed out at once', async () => {
    await signInAgain(admin, ADMIN);
    // A removed member needs a link issued after the removal: the new admin resets it.
    const fresh = await callApi<{ invite_code: string }>(
      suite.server.url,
      memberSession.token,
      'POST',
      '/team/invite.reset',
    );
    link = `${suite.server.url}/invite/${fresh.invite_code}`;
    await admin.goto(link);
    await admin.getByRole('button', { name: 'Join the team' }).click();
    await confirmBox(admin).getByRole('button', { name: 'Confirm' }).click();
    await admin.waitForURL((u) => u.pathname === '/team');
    await admin.getByText('You are a member of this team.').waitFor();

    await member.reload();
    await member.getByRole('button', { name: 'Dismiss team' }).dblclick();
    await confirmBox(member).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(member, 'The team was dismissed');
    await member.getByText('You are not in a team yet').waitFor();
    // One confirmation for the double-click: none is left open once the team is gone.
    expect(await confirmBox(member).count()).toBe(0);

    // Signed out at once by the live stream's 10010, as above.
    await admin.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    // The invite link of a dismissed team is no longer valid.
    await member.goto(link);
    await member.getByText('This invite link is not valid', { exact: false }).waitFor();
  });
});

describe('vip page', () => {
  it('redeems a code on /vip and the user menu then shows the VIP tier and end date', async () => {
    await member.goto('/vip');
    const menu = member.getByRole('button', { name: 'Account menu' });
    await menu.click();
    await member.getByTestId('account-tier').getByText('Free plan').waitFor();
    await member.keyboard.press('Escape');
    await member.getByText('16 letters and digits').waitFor();
    const redeem = member.getByRole('button', { name: 'Redeem', exact: true });
    await redeem.click();
    await expectToast(member, 'Please enter a valid redeem code');
    await member.getByRole('textbox', { name: 'Redeem code' }).fill(redeemCode(suite.server.dataDir));
    await redeem.click();
    await expectToast(member, /^VIP is active until \d{4}-\d\d-\d\d$/);
    await expect.poll(() => member.getByRole('textbox', { name: 'Redeem code' }).inputValue()).toBe('');
    await menu.click();
    await member
      .getByTestId('account-tier')
      .getByText(/^VIP until \d{4}-\d\d-\d\d$/)
      .waitFor();
  });
});
