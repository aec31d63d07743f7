/**
 * Live team (issue #25) in a real browser: two members of one team (the member joined with the
 * invite code), each in their own profile. Member B keeps Home open and never touches it; admin A
 * adds creators through the ingest API and marks one chatted; B's grid shows the new creators and
 * then the flag without a reload, carried by the live-update stream (the 30 s timer would be too
 * late for the deadlines used here). The sync status says the stream is live in both locales.
 * Then both edit one chat template offline and reconnect, in either order: the later one is told
 * who changed it first in their own language, sees both texts, and either saves theirs over it or
 * keeps the teammate's; nothing is lost and both screens agree without a reload.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const PASSWORD = 'Secret#2026';
const stamp = Date.now();
const HANDLES = [1, 2, 3].map((i) => `live_${stamp % 100000}_${i}`);

let admin: ApiSession;
let member: ApiSession;
let memberPage: Page;
let adminPage: Page;
const errors: string[][] = [];

async function pageFor(session: ApiSession, locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.server.url, locale);
  await useSession(ctx, suite.server.url, session);
  const page = await ctx.newPage();
  errors.push(trackErrors(page));
  return page;
}

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `live-admin${stamp}@example.com`, PASSWORD);
  const team = await callApi<{ invite_code: string }>(url, admin.token, 'POST', '/team/add', {
    title: 'Live crew',
  });
  member = await registerEmail(url, `live-member${stamp}@example.com`, PASSWORD);
  await callApi(url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  memberPage = await pageFor(member, 'en-US');
  adminPage = await pageFor(admin, 'zh-CN');
});

const grid = (page: Page) => page.getByRole('grid');
const rowOf = (page: Page, handle: string) => grid(page).getByRole('row').filter({ hasText: handle });

async function ingest(creators: { unique_id: string; daren_name: string }[]): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: {
      token: admin.token,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ country: 'US', creators }),
  });
  const body = (await res.json()) as { code: number; data: { created: number } };
  expect(body.code).toBe(200);
  expect(body.data.created).toBe(creators.length);
}

describe('live team', () => {
  it('member B sees the stream live on an untouched Home (en-us), admin A in zh-cn', async () => {
    await memberPage.goto('/home');
    await memberPage.getByRole('status', { name: 'Sync status' }).getByText('Up to date').waitFor();
    await memberPage.locator('[data-live="live"]').getByText('Live', { exact: true }).waitFor();
    await adminPage.goto('/home');
    await adminPage.locator('[data-live="live"]').getByText('实时', { exact: true }).waitFor();
    // A marker that a reload would wipe.
    await memberPage.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
  });

  it("A's ingested creators, then A's flag change, appear on B's grid without a reload", async () => {
    await ingest(HANDLES.map((h, i) => ({ unique_id: h, daren_name: `Live ${i + 1}` })));
    for (const h of HANDLES)
      await expect.poll(() => rowOf(memberPage, h).count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => rowOf(memberPage, HANDLES[0]!).getByText('Not chatted', { exact: true }).count())
      .toBe(1);

    await callApi(suite.server.url, admin.token, 'PUT', '/blogger/edit', {
      country: 'US',
      bloggers: [HANDLES[0]],
      isChat: 1,
    });
    await expect
      .poll(() => rowOf(memberPage, HANDLES[0]!).getByText('Chatted', { exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    // The other rows kept their value, and the page never reloaded.
    await expect
      .poll(() => rowOf(memberPage, HANDLES[1]!).getByText('Not chatted', { exact: true }).count())
      .toBe(1);
    expect(await memberPage.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
    expect(errors.flat()).toEqual([]);
  });

  const TITLE = `Live greeting ${stamp % 1000}`;
  const templateRow = (page: Page) => page.getByRole('row').filter({ hasText: TITLE });
  const serverText = async () => {
    const list = await callApi<{ title: string; content: string }[]>(
      suite.server.url,
      admin.token,
      'POST',
      '/chattmp/lists',
      { country: 'US', title: TITLE },
    );
    return list.find((r) => r.title === TITLE)?.content;
  };
  async function editOffline(page: Page, zh: boolean, content: string) {
    await page.context().setOffline(true);
    await templateRow(page)
      .getByRole('button', { name: `${zh ? '编辑' : 'Edit'} ${TITLE}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(zh ? '模板内容' : 'Template content').fill(content);
    await dialog.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await templateRow(page).getByText(content).waitFor();
  }
  async function reconnect(page: Page) {
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  }

  it('both edit one template offline; the later one decides in their language, nothing is lost', async () => {
    await callApi(suite.server.url, admin.token, 'POST', '/chattmp/add', {
      country: 'US',
      title: TITLE,
      content: 'Hello from the start',
    });
    for (const page of [memberPage, adminPage]) {
      await page.goto('/chatTmp');
      await templateRow(page).getByText('Hello from the start').waitFor({ timeout: 10_000 });
    }

    // Round 1: B (en-us) reconnects first and is saved; A (zh-cn) is told and saves theirs over it.
    await editOffline(memberPage, false, 'Member text');
    await editOffline(adminPage, true, 'Admin text');
    await reconnect(memberPage);
    await expect.poll(serverText, { timeout: 15_000 }).toBe('Member text');
    await reconnect(adminPage);
    await adminPage
      .getByText(`live-member${stamp} 在你编辑期间修改了这个话术模板`)
      .first()
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => templateRow(adminPage).getByText('Member text').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await serverText()).toBe('Member text');
    await adminPage.getByRole('button', { name: '1 条失败' }).click();
    const panel = adminPage.getByRole('dialog', { name: '服务器拒绝的修改' });
    await panel.getByText('你的版本：Admin text').waitFor();
    await panel.getByText('对方当前版本：Member text').waitFor();
    await panel.getByRole('button', { name: '保存我的' }).click();
    await expect.poll(serverText, { timeout: 15_000 }).toBe('Admin text');
    await expect
      .poll(() => templateRow(memberPage).getByText('Admin text').count(), { timeout: 10_000 })
      .toBe(1);

    // Round 2, the other order: A first; B is told in English and keeps A's text.
    await editOffline(adminPage, true, 'Admin round two');
    await editOffline(memberPage, false, 'Member round two');
    await reconnect(adminPage);
    await expect.poll(serverText, { timeout: 15_000 }).toBe('Admin round two');
    await reconnect(memberPage);
    await memberPage
      .getByText(`live-admin${stamp} changed this template after you started editing`)
      .first()
      .waitFor({ timeout: 15_000 });
    await memberPage.getByRole('button', { name: '1 failed' }).click();
    const enPanel = memberPage.getByRole('dialog', { name: 'Changes the server refused' });
    await enPanel.getByText('Yours: Member round two').waitFor();
    await enPanel.getByText('Theirs now: Admin round two').waitFor();
    await enPanel.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => memberPage.getByRole('button', { name: '1 failed' }).count()).toBe(0);

    for (const page of [memberPage, adminPage]) {
      await page.reload();
      await templateRow(page).getByText('Admin round two').waitFor({ timeout: 10_000 });
    }
    expect(await serverText()).toBe('Admin round two');
    expect(errors.flat()).toEqual([]);
  });
});
