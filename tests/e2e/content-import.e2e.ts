/**
 * Content imported from a file through the import dialog: a creator in a plan at "sample shipped"; a
 * small creator-content download (English headers, guessed) is checked, its bad cells refused and
 * named by row and column, then imported; the creator's card moves to "content posted" on the plan
 * and the video shows in the creator page's ledger, both after a reload; the same file again adds
 * nothing, and a row refused for its day-first date lands once the member says the file writes
 * dates day first. By keyboard and clicks, in both languages, at 390 and 1440 px, axe clean.
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

const stamp = Date.now() % 100_000;
const HANDLE = `cfile_a_${stamp}`;
const PRODUCT = '1729000000000000777';
const VIDEO = `73300000000${String(stamp).padStart(8, '0')}`;
const FILE = [
  'Creator username,Video ID,Post time,Product ID,Views,Likes,Comments,Orders,GMV,Duration',
  `${HANDLE},${VIDEO},2026-03-10 14:05,${PRODUCT},1200,30,4,2,39.98,0:32`,
  `${HANDLE},7330000000000000001,10/03/2026 14:05,${PRODUCT},1,1,1,1,1,0:10`,
  `${HANDLE},7330000000000000002,2026-03-11 09:00,${PRODUCT},"1,200",1,1,1,1,0:10`,
  `nobody_${stamp},7330000000000000003,2026-03-11 09:00,,,,,,,0:10`,
].join('\n');

let admin: ApiSession;
let planId = 0;
let creatorId = 0;
const pages: Record<'en' | 'zh', Page> = {} as Record<'en' | 'zh', Page>;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `cfile${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [{ unique_id: HANDLE, daren_name: 'Content file creator' }]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Desk lamp',
    productImage: 'https://example.com/lamp.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  creatorId = Number(pull.changes.creators.find((c) => c.unique_id === HANDLE)!.id);
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Lamp seeding',
      country: 'US',
      product_ids: [product.id],
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creatorId] });
  await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [creatorId], stage: 'shipped' });
  const mate = await registerEmail(url, `cfile-mate${stamp}@example.com`, 'Secret#2026');
  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Content crew' });
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

/** The plan column the creator's card sits in ('' while the board has not drawn it). */
const stageOf = async (page: Page): Promise<string> => {
  const card = page.locator(`[data-testid=plan-member][data-creator="${creatorId}"]`).first();
  if (!(await card.count())) return '';
  return (await card.evaluate(
    (el) => el.closest('[data-stage]')?.getAttribute('data-stage') ?? '',
  )) as string;
};

/** The messages the dialog's steps are found by, in the page's language. */
type Msgs = Pick<typeof en, 'import_button' | 'import_kind' | 'import_kind_content' | 'content_file_title'>;

async function openContentImport(page: Page, msgs: Msgs) {
  await page.goto('/home');
  const button = page.getByRole('button', { name: msgs.import_button, exact: true });
  await button.waitFor({ timeout: 60_000 });
  // By keyboard: focus the toolbar's Import button and press Enter.
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // What the file holds: content (a click on the select, then its option).
  await dialog.getByRole('button', { name: new RegExp(msgs.import_kind) }).click();
  await popupOption(page, msgs.import_kind_content).click();
  await expect.poll(() => dialog.getByText(msgs.content_file_title).count()).toBeGreaterThan(0);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'creator-content.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await expect
    .poll(() => dialog.getByText('creator-content.csv', { exact: false }).count())
    .toBeGreaterThan(0);
  return dialog;
}

describe('content imported from a file', () => {
  it('moves the shipped sample to "content posted", shows the video on the creator page, names bad cells; a repeat adds nothing', async () => {
    const page = pages.en;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Lamp seeding', level: 1 }).waitFor({ timeout: 30_000 });
    await expect.poll(() => stageOf(page), { timeout: 20_000 }).toBe('shipped');

    const dialog = await openContentImport(page, en);
    await dialog.getByRole('button', { name: en.content_file_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-check').textContent()).toContain('would add: 1');
    const refused = page.getByTestId('content-refused').locator('tbody tr');
    await expect.poll(() => refused.count()).toBe(3);
    expect(await refused.allTextContents()).toEqual([
      expect.stringMatching(/^3.*Post time.*10\/03\/2026 14:05.*year first/),
      expect.stringMatching(/^4.*Views.*1,200.*whole number/),
      expect.stringMatching(new RegExp(`^5.*Creator handle.*nobody_${stamp}.*no creator`)),
    ]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await seriousAxeViolations(page);
      expect(found, `content import dialog, ${width} px: ${JSON.stringify(found)}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: en.content_file_run, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-done').textContent()).toContain('Added: 1');
    expect(await page.getByTestId('content-done').textContent()).toContain('"content posted": 1');
    await dialog.getByRole('button', { name: en.common_close, exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // The plan: the card moved; it stays there after a reload.
    await page.goto(`/plans/${planId}`);
    await expect.poll(() => stageOf(page), { timeout: 20_000 }).toBe('posted');
    await page.reload();
    await expect.poll(() => stageOf(page), { timeout: 20_000 }).toBe('posted');
    // The plan's samples that turned into content: one sent, one posted (the video predates the
    // sample, so no days to post are known).
    await expect
      .poll(() => page.getByTestId('sample-funnel').textContent())
      .toBe(
        en.sample_funnel_plan
          .replace('{sent}', '1')
          .replace('{posted}', '1')
          .replace('{rate}', '100%')
          .replace('{days}', en.sample_funnel_days_unknown),
      );

    // The creator page's ledger names the video; after a reload too.
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      else await page.goto(`/creator/${creatorId}`);
      const show = page.getByRole('button', { name: en.ledger_show });
      await show.waitFor({ timeout: 30_000 });
      await show.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByText(VIDEO, { exact: false }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('sample-funnel').textContent())
        .toContain(en.sample_funnel_creator.split('{sent}')[0] + '1');
    }

    // The same file again: the video is found, nothing is added.
    const again = await openContentImport(page, en);
    await again.getByRole('button', { name: en.content_file_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-check').textContent()).toContain('Already there: 1');
    await again.getByRole('button', { name: en.content_file_run, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-done').textContent()).toContain('Added: 0');
    await again.getByRole('button', { name: en.common_close, exact: true }).last().click();
    await again.waitFor({ state: 'detached' });

    // The member says the file writes its dates day first: the refused row now reads as 10 March.
    const dayFirst = await openContentImport(page, en);
    await dayFirst.getByRole('button', { name: new RegExp(en.import_date_order) }).click();
    await popupOption(page, en.import_date_order_dmy).click();
    await dayFirst.getByRole('button', { name: en.content_file_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-check').textContent()).toContain('would add: 1');
    await expect.poll(() => refused.count()).toBe(2);
    await dayFirst.getByRole('button', { name: en.content_file_run, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-done').textContent()).toContain('Added: 1');
    const listed = await callApi<{ rows: { video_id: string; post_time: number }[] }>(
      suite.server.url,
      admin.token,
      'POST',
      '/content/list',
      { creator_id: creatorId },
    );
    // 14:05 on 10 March in the US shop's time zone (UTC−7 then).
    expect(listed.rows.find((r) => r.video_id === '7330000000000000001')?.post_time).toBe(
      Date.UTC(2026, 2, 10, 21, 5) / 1000,
    );
    expect(errors[0]).toEqual([]);
  });

  it('speaks Chinese to a teammate: the card is at "content posted", the file is already there; axe at 390 and 1440 px', async () => {
    const page = pages.zh;
    await page.setViewportSize({ width: 390, height: 900 });
    const dialog = await openContentImport(page, zh);
    await dialog.getByRole('button', { name: zh.content_file_check, exact: true }).click();
    await expect.poll(() => page.getByTestId('content-check').textContent()).toContain('已存在：1');
    await expect.poll(() => page.getByTestId('content-refused').locator('tbody tr').count()).toBe(3);
    expect(await page.getByTestId('content-refused').locator('tbody tr').first().textContent()).toContain(
      '年份在前',
    );
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page), `zh, ${width} px`).toEqual([]);
    }
    await dialog.getByRole('button', { name: zh.common_cancel, exact: true }).last().click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/plans/${planId}`);
    await expect.poll(() => stageOf(page), { timeout: 20_000 }).toBe('posted');
    await expect
      .poll(() => page.getByTestId('sample-funnel').textContent())
      .toContain(zh.sample_funnel_plan.split('{sent}')[0] + '1');
    expect(errors[1]).toEqual([]);
  });
});
