/**
 * The live-team scenarios, shared by the one-process browser test (live.e2e.ts) and
 * the two-process PostgreSQL stack behind Caddy (team-https.e2e.ts), so both prove the same thing.
 *
 * - `creatorsArriveLive`: B keeps Home open and never touches it; creators A ingests, then a flag
 *   A sets, show on B's grid without a reload.
 * - `templateConflict`: A (zh-cn) and B (en-us) edit one chat template offline and reconnect in
 *   both orders; the later one is told who changed it first in their own language, sees both texts
 *   and saves theirs over it (round 1) or keeps the teammate's (round 2); nothing is lost, and
 *   both resolved conflicts are history the other member sees.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.ts';

export interface LiveMember {
  page: Page;
  /** The member's name as the server words it (the email's local part). */
  name: string;
}

const grid = (page: Page) => page.getByRole('grid');
const creatorRow = (page: Page, handle: string) => grid(page).getByRole('row').filter({ hasText: handle });

export async function creatorsArriveLive(opts: {
  watcher: Page;
  handles: string[];
  ingest: () => Promise<void>;
  markChatted: (handle: string) => Promise<void>;
}): Promise<void> {
  const { watcher: page, handles } = opts;
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
  await opts.ingest();
  for (const h of handles) await expect.poll(() => creatorRow(page, h).count(), { timeout: 10_000 }).toBe(1);
  await expect
    .poll(() => creatorRow(page, handles[0]!).getByText('Not chatted', { exact: true }).count())
    .toBe(1);
  await opts.markChatted(handles[0]!);
  await expect
    .poll(() => creatorRow(page, handles[0]!).getByText('Chatted', { exact: true }).count(), {
      timeout: 10_000,
    })
    .toBe(1);
  // The other rows kept their value, and the page never reloaded.
  await expect
    .poll(() => creatorRow(page, handles[1]!).getByText('Not chatted', { exact: true }).count())
    .toBe(1);
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
}

export async function templateConflict(opts: {
  /** Works in zh-cn. */
  a: LiveMember;
  /** Works in en-us. */
  b: LiveMember;
  title: string;
  addTemplate: (content: string) => Promise<void>;
  serverText: () => Promise<string | undefined>;
}): Promise<void> {
  const { a, b, title, serverText } = opts;
  const row = (page: Page) => page.getByRole('row').filter({ hasText: title });
  async function editOffline(page: Page, zh: boolean, content: string) {
    await page.context().setOffline(true);
    await row(page)
      .getByRole('button', { name: `${zh ? '编辑' : 'Edit'} ${title}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(zh ? '模板内容' : 'Template content').fill(content);
    await dialog.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page).getByText(content).waitFor();
  }
  async function reconnect(page: Page) {
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  }

  await opts.addTemplate('Hello from the start');
  for (const page of [b.page, a.page]) {
    await page.goto('/chatTmp');
    await row(page).getByText('Hello from the start').waitFor({ timeout: 10_000 });
  }

  // Round 1: B reconnects first and is saved; A is told in Chinese and saves theirs over it.
  await editOffline(b.page, false, 'Member text');
  await editOffline(a.page, true, 'Admin text');
  await reconnect(b.page);
  await expect.poll(serverText, { timeout: 15_000 }).toBe('Member text');
  await reconnect(a.page);
  await a.page.getByText(`${b.name} 在你编辑期间修改了这个话术模板`).first().waitFor({ timeout: 15_000 });
  await expect.poll(() => row(a.page).getByText('Member text').count(), { timeout: 10_000 }).toBe(1);
  expect(await serverText()).toBe('Member text');
  await a.page.getByRole('button', { name: '1 条失败' }).click();
  const panel = a.page.getByRole('dialog', { name: '服务器拒绝的修改' });
  await panel.getByText('你的版本：Admin text').waitFor();
  await panel.getByText('对方当前版本：Member text').waitFor();
  expect(await seriousAxeViolations(a.page), 'conflict panel, zh-cn').toEqual([]);
  await panel.getByRole('button', { name: '保存我的' }).click();
  await expect.poll(serverText, { timeout: 15_000 }).toBe('Admin text');
  await expect.poll(() => row(b.page).getByText('Admin text').count(), { timeout: 10_000 }).toBe(1);
  // The resolved conflict is history both see (the sync status, from the mirror).
  await b.page.getByRole('button', { name: 'Conflicts resolved: 1' }).click({ timeout: 10_000 });
  await b.page
    .getByRole('dialog', { name: 'Conflicts resolved in the last 24 hours' })
    .getByText(`${a.name} saved their template “${title}” over ${b.name}'s change`)
    .waitFor();
  await b.page.keyboard.press('Escape');

  // Round 2, the other order: A first; B is told in English and keeps A's text.
  await editOffline(a.page, true, 'Admin round two');
  await editOffline(b.page, false, 'Member round two');
  await reconnect(a.page);
  await expect.poll(serverText, { timeout: 15_000 }).toBe('Admin round two');
  await reconnect(b.page);
  await b.page
    .getByText(`${a.name} changed this template after you started editing`)
    .first()
    .waitFor({ timeout: 15_000 });
  await b.page.getByRole('button', { name: '1 failed' }).click();
  const enPanel = b.page.getByRole('dialog', { name: 'Changes the server refused' });
  await enPanel.getByText('Yours: Member round two').waitFor();
  await enPanel.getByText('Theirs now: Admin round two').waitFor();
  expect(await seriousAxeViolations(b.page), 'conflict panel, en-us').toEqual([]);
  await enPanel.getByRole('button', { name: 'Keep theirs' }).click();
  await expect.poll(() => b.page.getByRole('button', { name: '1 failed' }).count()).toBe(0);
  await a.page.getByRole('button', { name: '已解决冲突：2' }).click({ timeout: 10_000 });
  await a.page
    .getByRole('dialog', { name: '最近 24 小时解决的冲突' })
    .getByText(`${b.name} 保留了 ${a.name} 对话术模板“${title}”的版本`)
    .waitFor();
  await a.page.keyboard.press('Escape');

  for (const page of [b.page, a.page]) {
    await page.reload();
    await row(page).getByText('Admin round two').waitFor({ timeout: 10_000 });
  }
  expect(await serverText()).toBe('Admin round two');
}
