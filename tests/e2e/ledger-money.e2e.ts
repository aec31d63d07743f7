/**
 * A plan's net profit with costs, as a member enters them: a fixed fee and an ad spend for a video
 * added from the creator's card lower the plan's net profit by exactly their amounts once the server
 * has accepted them, and are still there after a reload; a line the form can see is wrong (a
 * retainer that ends before it starts, a day before 2016) is refused in the form. Cost lines are
 * mirrored: a teammate's delete shows by itself, a line added offline shows at once as not yet on
 * the server, and one the server then refuses is taken back and explained. The formula is on screen
 * in both languages; 390 and 1440 px, axe clean.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import zh from '../../messages/zh-cn.json';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators, popupOption } from '../helpers/browser-suite.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';
import { syncStatus } from '../helpers/tag-page.ts';

const stamp = Date.now() % 100_000;
const HANDLE = `lm_a_${stamp}`;
const NAME = 'Ledger money creator';
const PRODUCT = '1729000000000000777';
const VIDEO = `73100000000${String(stamp).padStart(8, '0')}`;

let admin: ApiSession;
let planId = 0;
const pages: Record<'en' | 'zh', Page> = {} as Record<'en' | 'zh', Page>;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `money${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: NAME }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk lamp',
    productImage: 'https://example.com/lamp.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  const creator = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Lamp money',
      country: 'US',
      product_ids: [product.id],
      commission_rate: 10,
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creator] });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [creator], stage: 'shipped' });
  await api('POST', '/plan/sale.add', {
    creator_id: creator,
    product_id: PRODUCT,
    gmv: 500,
    units: 2,
    commission: 50,
    day: '2026-03-10',
    ref: `${stamp}01`,
  });
  await api('POST', '/content/add', {
    country: 'US',
    link: `https://www.tiktok.com/@${HANDLE}/video/${VIDEO}`,
    plan_id: planId,
  });
  const mate = await registerEmail(url, `money-mate${stamp}@example.com`, 'Secret#2026');
  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Money crew' });
  await callApi(url, mate.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  for (const [lang, locale, session] of [
    ['en', 'en-US', admin],
    ['zh', 'zh-CN', mate],
  ] as const) {
    const ctx = await newContext(suite.browser, url, locale);
    await useSession(ctx, url, session);
    pages[lang] = await ctx.newPage();
    errors.push(trackErrors(pages[lang]));
  }
});

const netCents = async (page: Page): Promise<number | null> => {
  const el = page.getByTestId('plan-net-profit');
  if (!(await el.count())) return null;
  return Number(await el.getAttribute('data-net-cents'));
};
const pollNet = (page: Page, want: number) =>
  expect.poll(() => netCents(page), { timeout: 20_000, interval: 250 }).toBe(want);

async function openCost(page: Page) {
  await page.getByRole('button', { name: en.money_cost_add_label.replace('{name}', NAME) }).click();
  await page.getByRole('dialog').waitFor();
}
async function pickKind(page: Page, label: string) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(en.money_cost_kind) })
    .click();
  await popupOption(page, label).click();
}

describe('a plan’s net profit with fees and ad spend', () => {
  it('a fee and an ad spend lower the net profit by exactly their amounts, and stay after a reload', async () => {
    const page = pages.en;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Lamp money', level: 1 }).waitFor({ timeout: 30_000 });
    // 500 GMV − 50 commission − 25 samples.
    await pollNet(page, 42_500);
    await expect.poll(() => page.getByText(en.money_net_formula).count()).toBe(1);

    // The fee by keyboard alone: Enter on the card's button, the amount has the focus, Tab to Save.
    await page.getByRole('button', { name: en.money_cost_add_label.replace('{name}', NAME) }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode') ?? ''))
      .toBe('decimal');
    await page.keyboard.type('123.45');
    // Tab on to Save (past the date, then Cancel), and press it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === 'Save') break;
    }
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await pollNet(page, 42_500 - 12_345);

    await openCost(page);
    await pickKind(page, en.money_cost_kind_ad);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(en.money_cost_video) })
      .waitFor();
    await page.getByRole('textbox', { name: /Amount/ }).fill('50');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await pollNet(page, 42_500 - 12_345 - 5_000);

    // A retainer ending before it starts: the form says why and saves nothing.
    await openCost(page);
    await pickKind(page, en.money_cost_kind_retainer);
    await page.getByRole('textbox', { name: /Amount per month/ }).fill('1000');
    await page.getByRole('textbox', { name: new RegExp(en.money_cost_start) }).fill('2026-05-01');
    await page.getByRole('textbox', { name: new RegExp(en.money_cost_end) }).fill('2026-04-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByText(en.money_cost_end_before_start).count())
      .toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await pollNet(page, 42_500 - 12_345 - 5_000);

    await page.reload();
    await pollNet(page, 42_500 - 12_345 - 5_000);
    // The video is named among the plan's top videos with its ad spend.
    await expect.poll(() => page.getByRole('link', { name: new RegExp(VIDEO) }).count()).toBeGreaterThan(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await seriousAxeViolations(page);
      expect(found, `plan with net profit, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }
    expect(errors[0]).toEqual([]);
  });

  it('a fee is corrected, refused by the form, deleted and its history read; a teammate’s delete shows by itself; an offline line the server refuses is taken back and explained; the table adds a cost offline, counted once the server has it', async () => {
    const page = pages.en;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    const start = 42_500 - 12_345 - 5_000;
    await pollNet(page, start);
    // One ROI per name: the cards' before fees and ad spend, the panel's net ROI after them, both stated.
    await expect
      .poll(() => page.getByTestId('plan-sales').filter({ hasText: 'before fees and ad spend' }).count())
      .toBe(1);
    await expect
      .poll(() =>
        page
          .getByTestId('plan-net-profit')
          .getByText(/net ROI .* after fees/)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByText(en.money_net_roi_before).count()).toBe(1);

    await page.getByRole('button', { name: en.money_costs_show }).click();
    const lines = page.getByTestId('plan-costs').getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(2);
    const action = (verb: string, kind: string) =>
      page.getByRole('button', { name: new RegExp(`^${verb} ${kind}`) });

    // Correct the fee from 123.45 to 200: the net profit falls by exactly the difference.
    await action('Edit', en.money_cost_kind_fee).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('textbox', { name: /Amount/ }).fill('200');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await pollNet(page, start - (20_000 - 12_345));
    await expect.poll(() => lines.filter({ hasText: '$200.00' }).count()).toBe(1);

    // A day before TikTok Shop existed: the form says what to enter, nothing changes.
    await action('Edit', en.money_cost_kind_fee).click();
    await page.getByRole('textbox', { name: new RegExp(en.money_cost_date) }).fill('2015-01-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText(en.money_cost_day_invalid).count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await pollNet(page, start - (20_000 - 12_345));

    // The history: added, then corrected, newest first, with the amounts it had.
    await action('History of', en.money_cost_kind_fee).click();
    const history = page.getByTestId('cost-history').getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toContain(`${en.money_history_edit} · $200.00`);
    expect(await history.last().textContent()).toContain(`${en.money_history_add} · $123.45`);
    const inDialog = await seriousAxeViolations(page);
    expect(inDialog, `cost history: ${JSON.stringify(inDialog)}`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A teammate deletes the ad spend: the line goes and the net profit rises by itself.
    const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
      callApi<T>(suite.server.url, admin.token, method, path, body);
    const listed = await api<{ rows: { id: number; kind: string }[] }>('POST', '/plan/cost.list', {
      plan_id: planId,
    });
    await api('DELETE', '/plan/cost.del', { id: listed.rows.find((r) => r.kind === 'ad')!.id });
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(1);
    const afterMate = start - (20_000 - 12_345) + 5_000;
    await pollNet(page, afterMate);

    // Offline: an ad spend for the video (picked from the mirror) shows at once as not yet sent, and
    // the figure says it does not count it yet. Meanwhile the video's record is deleted elsewhere, so
    // the server refuses the line on reconnect: it is taken back and the page says why.
    const videos = await api<{ rows: { id: number; video_id: string }[] }>('POST', '/content/list', {
      plan_id: planId,
    });
    await page.context().setOffline(true);
    try {
      await openCost(page);
      await pickKind(page, en.money_cost_kind_ad);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(en.money_cost_video) })
        .waitFor();
      await page.getByRole('textbox', { name: /Amount/ }).fill('30');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => lines.count()).toBe(2);
      await expect.poll(() => lines.filter({ hasText: en.money_costs_unsent }).count()).toBe(1);
      await expect
        .poll(() => page.getByTestId('plan-costs-unsent').textContent())
        .toContain('1 cost change is saved on this device');
      await api('DELETE', '/content/del', { id: videos.rows.find((v) => v.video_id === VIDEO)!.id });
    } finally {
      await page.context().setOffline(false);
    }
    const told = page.locator('.cd-toast').filter({ hasText: `Not saved: Add a cost for ${NAME}` });
    await told.waitFor({ timeout: 30_000 });
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('plan-costs-unsent').count()).toBe(0);
    await pollNet(page, afterMate);
    await syncStatus(page).getByRole('button', { name: '1 failed' }).click();
    const panel = page.getByRole('dialog', { name: 'Changes the server refused' });
    await panel.getByText(`Add a cost for ${NAME}`).waitFor();
    await panel.getByRole('button', { name: 'Discard' }).click();
    await syncStatus(page)
      .getByRole('button', { name: /failed/ })
      .waitFor({ state: 'detached' });

    // Delete the fee: the net profit rises by its 200, and its history ends with the deletion.
    await action('Delete', en.money_cost_kind_fee).click();
    await page.getByRole('alertdialog').getByRole('button', { name: en.money_costs_delete }).click();
    await pollNet(page, 42_500);
    await action('History of', en.money_cost_kind_fee).click();
    await expect.poll(() => history.count()).toBe(3);
    expect(await history.first().textContent()).toContain(en.money_history_delete);
    await page.keyboard.press('Escape');

    await page.reload();
    await pollNet(page, 42_500);
    await page.getByRole('button', { name: en.money_costs_show }).click();
    await expect.poll(() => page.getByText(en.money_costs_none).count()).toBe(1);

    // The table view has "Add cost" too, by keyboard; offline, the line waits on this device and the
    // figure does not count it until the server has it (the teammate sees it in the next test).
    await page.goto(`/plans/${planId}?view=table`);
    await pollNet(page, 42_500);
    await page.getByRole('button', { name: en.money_costs_show }).click();
    await expect.poll(() => page.getByText(en.money_costs_none).count()).toBe(1);
    await page.context().setOffline(true);
    try {
      const add = page.getByRole('button', { name: en.money_cost_add_label.replace('{name}', NAME) });
      await add.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.type('10');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => lines.filter({ hasText: en.money_costs_unsent }).count()).toBe(1);
      expect(await netCents(page)).toBe(42_500);
    } finally {
      await page.context().setOffline(false);
    }
    await pollNet(page, 42_500 - 1_000);
    await expect.poll(() => lines.filter({ hasText: en.money_costs_unsent }).count()).toBe(0);
    await expect.poll(() => lines.count()).toBe(1);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await seriousAxeViolations(page);
      expect(found, `cost lines, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }
    expect(errors[0]).toEqual([]);
  });

  it('a teammate sees the line added offline, with the same figure and the formulas in Chinese', async () => {
    const page = pages.zh;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/plans/${planId}`);
    await pollNet(page, 42_500 - 1_000);
    await expect.poll(() => page.getByText(zh.money_net_formula).count()).toBe(1);
    await expect.poll(() => page.getByText(zh.money_net_roi_before).count()).toBe(1);
    await page.getByRole('button', { name: zh.money_costs_show }).click();
    await expect.poll(() => page.getByTestId('plan-costs').getByRole('listitem').count()).toBe(1);
    expect(await seriousAxeViolations(page), 'zh, 390 px').toEqual([]);
  });
});
