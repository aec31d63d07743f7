/**
 * Similar creators in a real browser against the real server: a creator's page shows the
 * workspace's creators most like them with reasons in words and the age of their numbers, leaves out
 * blacklisted ones and (by the switch) chatted ones; three are added to a plan offline and reach the
 * server on reconnect. A Home selection asks for creators like it. Both locales pass axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators, serverAgrees } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { controlledByServiceWorker, synced } from '../helpers/tag-page.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const stamp = Date.now() % 100000;
const h = (name: string) => `${name}_${stamp}`;
let admin: ApiSession;
let page: Page;
let zh: Page;
const errors: string[][] = [];
let seedId = 0;
let planId = 0;

/** A pet creator around 50k followers; `f` scales every number (1 = the seed). */
const pet = (unique_id: string, daren_name: string, f: number) => ({
  unique_id,
  daren_name,
  categorys: 'Pet Supplies',
  follower_count: Math.round(50_000 * f),
  video_view_t30: Math.round(200_000 * f),
  gmv_t30: Math.round(3_000 * f),
  units_sold_t30: Math.round(120 * f),
  video_publish_t30: 20,
  video_engagement_t30: 6.5,
});

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `similar${stamp}@example.com`, 'Secret#2026');
  const creators = [
    pet(h('seed_cat'), 'Seed cat', 1),
    ...[0.9, 1.1, 0.85, 1.2, 0.95].map((f, i) => pet(h(`like_cat${i + 1}`), `Like cat ${i + 1}`, f)),
    pet(h('black_cat'), 'Black cat', 1.05),
    pet(h('chatted_cat'), 'Chatted cat', 1),
    // Far from the seed: other categories and sizes.
    ...Array.from({ length: 20 }, (_, i) => ({
      unique_id: h(`other${i}`),
      daren_name: `Other ${i}`,
      categorys: i % 2 ? 'Beauty & Personal Care' : 'Phones & Electronics',
      follower_count: 1_000 * (i + 1) ** 3,
      video_view_t30: 500 * (i + 1) ** 3,
      gmv_t30: 10 * (i + 1) ** 2,
      units_sold_t30: i,
      video_publish_t30: 2 + i * 3,
      video_engagement_t30: 1 + i / 2,
    })),
  ];
  await ingestCreators(url, admin.token, 'US', creators);
  await callApi(url, admin.token, 'POST', '/blogger/black.add', {
    country: 'US',
    bloggers: [h('black_cat')],
    reason: 'Late posts',
  });
  await callApi(url, admin.token, 'PUT', '/blogger/edit', {
    country: 'US',
    bloggers: [h('chatted_cat')],
    isChat: 1,
  });
  const product = await callApi<{ id: number }>(url, admin.token, 'POST', '/product/add', {
    country: 'US',
    productId: '1729000000000000001',
    productTitle: 'Cat bowl',
    productCategory: 'Pet Supplies',
    productImage: 'https://example.com/bowl.png',
  });
  const plan = await callApi<{ id: number }>(url, admin.token, 'POST', '/plan/add', {
    name: 'Cat push',
    country: 'US',
    product_ids: [product.id],
  });
  planId = plan.id;
  const pull = decodePull(await callApi<PullWire>(url, admin.token, 'POST', '/sync/pull', { cursor: '' }));
  const idOf = (name: string) => pull.changes.creators.find((c) => c.unique_id === h(name))!.id;
  seedId = idOf('seed_cat');
  // The workspace's best seller: "Creators like my best sellers" starts from it.
  await callApi(url, admin.token, 'POST', '/plan/sale.add', {
    creator_id: idOf('like_cat5'),
    product_id: '1729000000000000001',
    gmv: '420.50',
    units: 12,
    day: '2026-11-20',
    ref: '9001',
  });

  const ctx = await newContext(suite.browser, url, 'en-US');
  await useSession(ctx, url, admin);
  page = await ctx.newPage();
  errors.push(trackErrors(page));
  const zhCtx = await newContext(suite.browser, url, 'zh-CN');
  await useSession(zhCtx, url, admin);
  zh = await zhCtx.newPage();
  errors.push(trackErrors(zh));
});

const items = (p: Page) => p.getByTestId('similar-item');
const serverMembers = async () =>
  decodePull(await callApi<PullWire>(suite.server.url, admin.token, 'POST', '/sync/pull', { cursor: '' }))
    .changes.plan_creators;

describe('similar creators', () => {
  it("shows the creator's lookalikes with reasons, and adds three to a plan offline", async () => {
    await page.goto('/home');
    await synced(page);
    await page.goto(`/creator/${seedId}`);
    await page.getByRole('heading', { name: 'Similar creators' }).waitFor();
    await page.getByRole('button', { name: 'Show similar creators' }).click();
    await page
      .getByText('creators, most alike first. Blacklisted creators are left out.', { exact: false })
      .waitFor();
    // The five planted lookalikes come first; the blacklisted and the chatted one are left out.
    await expect
      .poll(async () =>
        (await items(page).allTextContents()).slice(0, 5).every((t) => t.includes('Like cat')),
      )
      .toBe(true);
    const texts = await items(page).allTextContents();
    expect(texts.some((t) => t.includes('Black cat'))).toBe(false);
    expect(texts.some((t) => t.includes('Chatted cat'))).toBe(false);
    expect(texts.some((t) => t.includes('Seed cat'))).toBe(false);
    const first = items(page).first();
    await first.getByText(/^Numbers from \d{4}-\d{2}-\d{2}$/).waitFor();
    expect(await first.locator('.similar__reasons li').count()).toBe(3);
    await first
      .getByText(/×|like the seed|Same categories: Pet Supplies/)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page), 'similar creators, en-us').toEqual([]);

    // The switch brings the chatted one back.
    await page.getByText('Leave out creators already chatted with or invited').click();
    await items(page).filter({ hasText: 'Chatted cat' }).waitFor();
    await page.getByText('Leave out creators already chatted with or invited').click();
    await expect.poll(() => items(page).filter({ hasText: 'Chatted cat' }).count()).toBe(0);

    // Offline: three into the plan; they reach the server on reconnect.
    await page.context().setOffline(true);
    // A react-aria checkbox: its label takes the click (the input is visually hidden).
    for (const n of [1, 2, 3])
      await items(page)
        .filter({ hasText: `Like cat ${n}` })
        .locator('label.cd-check')
        .click();
    await expect
      .poll(() => page.getByRole('checkbox', { checked: true, name: /^Select Like cat/ }).count())
      .toBe(3);
    await page.getByRole('button', { name: 'Add 3 to a plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 3 creators to a plan' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await serverAgrees(serverMembers, (rows) => rows.length === 3);
    expect(errors.flat()).toEqual([]);
  });

  it('in Chinese, and from a Home selection', async () => {
    // The first sync fills the mirror; the creator page shows the creator once it lands.
    await zh.goto(`/creator/${seedId}`);
    // Offline below: the page must be one the service worker serves.
    await controlledByServiceWorker(zh);
    await zh.getByRole('button', { name: '查看相似达人' }).click({ timeout: 30_000 });
    await items(zh).first().getByText('相同类目：Pet Supplies').waitFor();
    await items(zh)
      .first()
      .getByText(/^数据更新于 /)
      .waitFor();
    expect(await seriousAxeViolations(zh), 'similar creators, zh-cn').toEqual([]);
    // Offline in Chinese too: three more join the plan and reach the server on reconnect.
    await zh.context().setOffline(true);
    for (const name of ['Other 2', 'Other 4', 'Other 6'])
      await zh
        .getByRole('checkbox', { name: `选择 ${name}`, exact: true })
        .locator('xpath=ancestor::label[1]')
        .click();
    await zh.getByRole('button', { name: '将 3 位加入计划' }).click();
    const add = zh.getByRole('dialog', { name: '将 3 位达人加入计划' });
    await add.getByRole('button', { name: '加入', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await zh.context().setOffline(false);
    await zh.evaluate(() => window.dispatchEvent(new Event('online')));
    await serverAgrees(serverMembers, (rows) => rows.length === 6);

    // Home: creators like the selected seed, after Home's filters.
    await page.goto('/home');
    await synced(page);
    // Home's name filter keeps the cats; the lookalikes are looked for among them too.
    await page
      .getByRole('searchbox')
      .or(page.getByLabel('Creator', { exact: true }))
      .fill('cat');
    const row = page.locator('.cd-grid__body [role="row"]').filter({ hasText: h('seed_cat') });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Similar creators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Creators like this one' });
    await expect
      .poll(async () =>
        (await items(page).allTextContents()).slice(0, 3).every((t) => t.includes('Like cat')),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page), 'similar dialog, en-us').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(errors.flat()).toEqual([]);
  });

  it('ranks creators for a plan with named parts and adjustable weights, and saves a selection as a view', async () => {
    await page.goto(`/plans/${planId}`);
    await page.getByRole('button', { name: 'Best fit for this plan' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Creators that fit Cat push' });
    const fits = items(page);
    // The pets come first, each with its score and reasons; the plan's own three are left out.
    await expect
      .poll(async () => (await fits.allTextContents()).slice(0, 3).every((t) => / cat/i.test(t)))
      .toBe(true);
    const texts = await fits.allTextContents();
    for (const name of ['Like cat 1', 'Like cat 2', 'Like cat 3', 'Black cat'])
      expect(texts.some((t) => t.includes(name))).toBe(false);
    const first = fits.first();
    await first.getByText(/^Fit \d+ of 100$/).waitFor();
    await first.getByText("Has 1 of the plan's 1 category", { exact: true }).waitFor();
    await first.getByText(/^How the \d+ adds up$/).click();
    await first.getByText(/^Reply rate: [\d.]+ · not worked with yet/).waitFor();
    await dialog.getByText(/^\d+ creators, best fit first, of \d+ ranked\./).waitFor();
    expect(await seriousAxeViolations(page), 'plan fit, en-us').toEqual([]);

    // The weights are shown and adjustable by keyboard; they stay for this plan on this device.
    await dialog.getByText(/^Weights: Category match 3 · GPM 2/).click();
    const slider = dialog.getByRole('slider', { name: 'Category match' });
    await slider.focus();
    await page.keyboard.press('Home');
    await dialog.getByText(/^Weights: Category match 0 · GPM 2/).waitFor();
    expect(await seriousAxeViolations(page), 'plan fit weights, en-us').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Best fit for this plan' }).click({ timeout: 30_000 });
    await dialog.getByText(/^Weights: Category match 0 · GPM 2/).waitFor();
    await dialog.getByText(/^Weights:/).click();
    await dialog.getByRole('button', { name: 'Reset weights' }).click();
    await dialog.getByText(/^Weights: Category match 3 · GPM 2/).waitFor();

    // Two chosen creators saved as a Home view: it opens those two, and "Show all creators" leaves it.
    await expect.poll(() => fits.count()).toBeGreaterThan(2);
    const chosen = [
      (await fits.nth(0).getByRole('link').innerText()).trim(),
      (await fits.nth(1).getByRole('link').innerText()).trim(),
    ];
    for (const i of [0, 1]) await fits.nth(i).locator('label.cd-check').click();
    await dialog.getByRole('button', { name: 'Save as a view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('Name').fill('Cat fits');
    await save.getByRole('button', { name: 'Save' }).click();
    await save.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.goto('/home');
    await synced(page);
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Cat fits' }).click();
    await page.getByText('Showing the 2 creators saved in this view.').waitFor();
    const rows = page.locator('.cd-grid__body [role="row"]');
    await expect.poll(() => rows.count()).toBe(2);
    for (const name of chosen) await rows.filter({ hasText: name }).waitFor();
    await page.getByRole('button', { name: 'Show all creators' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    expect(errors.flat()).toEqual([]);
  });

  it("in Chinese: a plan's fit, and creators like the workspace's best sellers", async () => {
    await zh.goto(`/plans/${planId}`);
    await zh.getByRole('button', { name: '最适合此计划的达人' }).click({ timeout: 30_000 });
    await items(zh)
      .first()
      .getByText(/^匹配度 \d+\/100$/)
      .waitFor();
    await items(zh).first().getByText('具备计划 1 个类目中的 1 个', { exact: true }).waitFor();
    expect(await seriousAxeViolations(zh), 'plan fit, zh-cn').toEqual([]);
    await zh.getByRole('dialog').getByRole('button', { name: '关闭' }).last().click();

    // Home, nothing selected: one click seeds the list with the best seller (Like cat 5).
    await page.goto('/home');
    await synced(page);
    await page.getByRole('button', { name: 'Creators like my best sellers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Creators like your best sellers' });
    await dialog.getByText(/the one with the most sales on this device seeds the list/).waitFor();
    await expect
      .poll(async () => (await items(page).allTextContents()).slice(0, 3).every((t) => / cat/i.test(t)))
      .toBe(true);
    expect((await items(page).allTextContents()).some((t) => t.includes('Like cat 5'))).toBe(false);
    expect(await seriousAxeViolations(page), 'best sellers, en-us').toEqual([]);
    expect(errors.flat()).toEqual([]);
  });
});
