/**
 * Collaboration plans in a real browser against the real server (issue 23): a plan made on /plans
 * (a wrong commission is explained first), three creators added from a Home selection, one moved on
 * the board by keyboard while offline, kept across an offline reload and sent on reconnect; the move
 * is a row of the creator's timeline; a teammate sees the same board in Chinese. /plans and the
 * board pass axe in both locales.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, popupOption, serverAgrees } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { controlledByServiceWorker, synced, unsent } from '../helpers/tag-page.ts';

const stamp = Date.now();
const HANDLES = ['pl_amy', 'pl_ben', 'pl_cat'].map((h) => `${h}_${stamp % 100000}`);
let admin: ApiSession;
let page: Page;
let mate: Page;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `plans${stamp}@example.com`, 'Secret#2026');
  const res = await fetch(`${url}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: admin.token,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      country: 'US',
      creators: HANDLES.map((h, i) => ({ unique_id: h, daren_name: `Plan creator ${i + 1}` })),
    }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  await callApi(url, admin.token, 'POST', '/product/add', {
    country: 'US',
    productId: '1729000000000000777',
    productTitle: 'Cat tower',
    productImage: 'https://example.com/tower.png',
  });
  const team = await callApi<{ invite_code: string }>(url, admin.token, 'POST', '/team/add', {
    title: 'Plan crew',
  });
  const member = await registerEmail(url, `plans-mate${stamp}@example.com`, 'Secret#2026');
  await callApi(url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });

  const ctx = await newContext(suite.browser, url, 'en-US');
  await useSession(ctx, url, admin);
  page = await ctx.newPage();
  errors.push(trackErrors(page));
  const mateCtx = await newContext(suite.browser, url, 'zh-CN');
  await useSession(mateCtx, url, member);
  mate = await mateCtx.newPage();
  errors.push(trackErrors(mate));
});

async function serverPlans() {
  const wire = await callApi<PullWire>(suite.server.url, admin.token, 'POST', '/sync/pull', { cursor: '' });
  const pull = decodePull(wire);
  return { plans: pull.changes.plans, members: pull.changes.plan_creators };
}

const dataRows = (p: Page) => p.locator('.cd-grid__body [role="row"]');
const column = (p: Page, heading: RegExp) =>
  p.locator('.plans-column').filter({ has: p.getByRole('heading', { name: heading }) });
let planId = 0;

describe('collaboration plans', () => {
  it('creates a plan on /plans after explaining a wrong commission, and keeps it across a reload', async () => {
    await page.goto('/plans');
    await controlledByServiceWorker(page);
    await page.getByText('No plans yet.', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page), '/plans empty, en-us').toEqual([]);
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByText('A workspace keeps up to 200 plans; each holds up to 20,000 creators.').waitFor();
    await dialog.getByLabel('Plan name').fill('Spring cats');
    await dialog.locator('.plans-check', { hasText: 'Cat tower' }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Cat tower' }).isChecked()).toBe(true);
    await dialog.getByLabel(/^Commission rate/).fill('90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The commission rate must be between 1% and 80%').waitFor();
    expect(await seriousAxeViolations(page), 'new plan dialog with an error').toEqual([]);
    await dialog.getByLabel(/^Commission rate/).fill('12.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const seen = await serverAgrees(serverPlans, (s) => s.plans.length === 1);
    planId = seen.plans[0]!.id;
    expect(seen.plans[0]).toMatchObject({ name: 'Spring cats', commission_rate: 12.5 });
    await page.reload();
    const card = page.getByTestId('plan-card').filter({ hasText: 'Spring cats' });
    await card.getByText('Commission 12.5%', { exact: false }).waitFor();
    await card.getByRole('link', { name: 'Spring cats' }).waitFor();

    // TikTok's weekly quota, as Seller Center shows it: a wrong number is explained first.
    await page.getByTestId('quota-text').getByText('No weekly quota set', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Set weekly quota' }).click();
    const quota = page.getByRole('dialog', { name: 'Set weekly quota' });
    await quota.getByLabel(/^New creators per week/).fill('1.5');
    await quota.getByRole('button', { name: 'Save' }).click();
    await quota.getByText('The weekly quota must be a whole number', { exact: false }).waitFor();
    await quota.getByLabel(/^New creators per week/).fill('1');
    await quota.getByRole('button', { name: 'Save' }).click();
    await quota.waitFor({ state: 'detached' });
    await page
      .getByTestId('quota-text')
      .getByText('New creators contacted this week: 0 of 1, 1 left.', { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(page), '/plans with a plan and a quota, en-us').toEqual([]);
  });

  it('adds three creators from a Home selection and moves one on the board by keyboard, offline', async () => {
    await page.goto('/home');
    await synced(page);
    await expect.poll(() => dataRows(page).filter({ hasText: 'Plan creator' }).count()).toBe(3);
    for (const h of HANDLES) await dataRows(page).filter({ hasText: h }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 3 creators to a plan' });
    await dialog.getByText('A plan holds up to 20,000 creators.').waitFor();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await serverAgrees(serverPlans, (s) => s.members.length === 3);

    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Spring cats', level: 1 }).waitFor();
    await column(page, /^To contact: 3$/).waitFor();
    expect(await seriousAxeViolations(page), 'board, en-us').toEqual([]);

    // Offline: the move shows at once, survives a reload, and is sent on reconnect.
    await page.context().setOffline(true);
    const picker = page.getByRole('button', { name: /Stage of Plan creator 2/ });
    await picker.focus();
    await page.keyboard.press('Enter');
    await popupOption(page, 'To contact').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await column(page, /^Contacted: 1$/)
      .getByText('Plan creator 2')
      .waitFor();
    await column(page, /^To contact: 2$/).waitFor();
    await unsent(page).getByText('1 unsent').waitFor();
    await page.reload();
    await column(page, /^Contacted: 1$/)
      .getByText('Plan creator 2')
      .waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const after = await serverAgrees(serverPlans, (s) => s.members.some((m) => m.stage === 'contacted'));
    expect(after.members.filter((m) => m.stage === 'contacted')).toHaveLength(1);
    await synced(page);

    // The quota (1) is used: contacting another new creator asks first; Cancel leaves them where they were.
    await page.getByRole('button', { name: /Stage of Plan creator 3/ }).click();
    await popupOption(page, 'Contacted').click();
    const warning = page.getByRole('alertdialog');
    await warning.getByText("This week's quota of 1 new creators has 0 left.", { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    await column(page, /^To contact: 2$/)
      .getByText('Plan creator 3')
      .waitFor();
    expect(await unsent(page).count()).toBe(0);

    // A sample request gets TikTok's 7-day approval date on its card.
    await page.getByRole('button', { name: /Stage of Plan creator 1/ }).click();
    await popupOption(page, 'Sample requested').click();
    const due = await page.evaluate(() => new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('sv'));
    await column(page, /^Sample requested: 1$/)
      .getByTestId('sample-due')
      .getByText(`Approve by ${due}`)
      .waitFor();

    // The move is a row of the creator's timeline.
    await column(page, /^Contacted: 1$/)
      .getByRole('link', { name: 'Plan creator 2' })
      .click();
    await page.waitForURL(/\/creator\/\d+$/);
    await page.getByText('Plan “Spring cats”: Contacted').waitFor();
    expect(errors.flat()).toEqual([]);
  });

  it('a teammate sees the same plan and board in Chinese', async () => {
    await mate.goto('/plans');
    const card = mate.getByTestId('plan-card').filter({ hasText: 'Spring cats' });
    await card.getByText('3 位达人').waitFor({ timeout: 20_000 });
    // The same week's count from the mirrored history: the admin's contact counts for the team.
    await mate
      .getByTestId('quota-text')
      .getByText('本周已联系新达人：1/1，剩余 0', { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(mate), '/plans, zh-cn').toEqual([]);
    await card.getByRole('link', { name: 'Spring cats' }).click();
    await column(mate, /^已联系：1$/)
      .getByText('Plan creator 2')
      .waitFor();
    await column(mate, /^待联系：1$/).waitFor();
    await column(mate, /^已申请样品：1$/)
      .getByText('请在', { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(mate), 'board, zh-cn').toEqual([]);

    // The teammate changes the plan's terms; the country stays.
    await mate.getByRole('button', { name: '编辑条款' }).click();
    const terms = mate.getByRole('dialog', { name: '编辑 Spring cats' });
    await terms.getByLabel(/^佣金率/).fill('15');
    await terms.getByRole('button', { name: '保存' }).click();
    await terms.waitFor({ state: 'detached' });
    await mate.getByText('佣金 15%', { exact: false }).first().waitFor();
    const after = await serverAgrees(serverPlans, (s) => s.plans[0]?.commission_rate === 15);
    expect(after.plans[0]).toMatchObject({
      name: 'Spring cats',
      country: 'US',
      product_ids: expect.any(String),
    });
    expect(errors.flat()).toEqual([]);
  });
});
