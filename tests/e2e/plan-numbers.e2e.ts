/**
 * A plan's numbers as a new user reads them, in both languages at 1440 and 390 px: the charts start
 * their value axis at zero (negative ROI included), keep every bar inside the plot and every label
 * whole in its own space (uPlot draws on a canvas, so the labels' rectangles are computed from
 * uPlot's own layout: its axes' positions, sizes, ticks and texts, measured with the axis font);
 * a grid column writes all its values one way, money with its currency (the plan's budget too);
 * and "Add to plan" with 2 of 4 already in the plan says so once the server has accepted it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../messages/en-us.json';
import zh from '../../messages/zh-cn.json';
import { PLAN_STAGES } from '../../contract/limits.ts';
import { decodePull, type PullWire } from '../../contract/sync.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi, ingestCreators, serverAgrees } from '../helpers/browser-suite.ts';
import { drawnCharts, type Drawn } from '../helpers/chart-check.ts';
import { expectToast, registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const stamp = Date.now() % 100_000;
const LONG_NAME = 'Creator with a remarkably long display name that no chart column can hold';
/** Twelve creators of the plan; the last has the long name. */
const CREATORS = Array.from({ length: 12 }, (_, i) => ({
  unique_id: `pn_${String.fromCharCode(97 + i)}_${stamp}`,
  daren_name: i === 11 ? LONG_NAME : `Numbers creator ${i + 1}`,
  // Home's columns: a count below and above 10,000, money below and above 10,000.
  video_view_t30: [2799, 75_900][i % 2],
  gmv_t30: [7569.55, 12_020][i % 2],
}));
/** Four more for "Add to plan" (two of them put in the plan first), per language. */
const EXTRA = ['en', 'zh'].flatMap((l) =>
  Array.from({ length: 4 }, (_, i) => ({
    unique_id: `pn_${l}${i}_${stamp}`,
    daren_name: `Add ${l} ${i + 1}`,
  })),
);
const PRODUCT = '1729000000000000555';
const WIDTHS = [1440, 390] as const;

let admin: ApiSession;
let planId = 0;
const ids = new Map<string, number>();
const pages: Record<'en' | 'zh', Page> = {} as Record<'en' | 'zh', Page>;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  const api = <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(url, admin.token, method, path, body);
  admin = await registerEmail(url, `numbers${stamp}@example.com`, 'Secret#2026');
  await ingestCreators(url, admin.token, 'US', [...CREATORS, ...EXTRA]);
  await api('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Cat tower',
    productImage: 'https://example.com/tower.png',
  });
  const pull = decodePull(await api<PullWire>('POST', '/sync/pull', { cursor: '' }));
  for (const c of pull.changes.creators) ids.set(String(c.unique_id), Number(c.id));
  const product = pull.changes.products.find((p) => p.product_id === PRODUCT)!;
  planId = (
    await api<{ id: number }>('POST', '/plan/add', {
      name: 'Autumn numbers',
      country: 'US',
      product_ids: [product.id],
      commission_rate: 10,
      budget: 12_500,
      sample_cost: 20,
      shipping_cost: 5,
    })
  ).id;
  const idOf = (c: { unique_id: string }) => ids.get(c.unique_id)!;
  await api('POST', '/plan/creator.add', { plan_id: planId, creator_ids: CREATORS.map(idOf) });
  // One creator per stage, the twelfth (the long name) shipped too: creators per stage of 1 or 2.
  const stageOf = (i: number) => (i === 11 ? 'shipped' : PLAN_STAGES[i]!);
  for (const [i, c] of CREATORS.entries())
    await api('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [idOf(c)], stage: stageOf(i) });
  // Sales over twelve weeks; ROI of 72 %, 179 % and a loss (shipped creators cost 25 each).
  const monday = new Date(Date.UTC(2026, 0, 5));
  const day = (w: number) => new Date(monday.getTime() + w * 7 * 86_400_000).toISOString().slice(0, 10);
  const sale = (i: number, gmv: number, commission: number, week: number) =>
    api('POST', '/plan/sale.add', {
      creator_id: idOf(CREATORS[i]!),
      product_id: PRODUCT,
      gmv,
      units: 1,
      commission,
      day: day(week),
      ref: `${stamp}${String(i).padStart(2, '0')}${String(week).padStart(2, '0')}`,
    });
  // Samples cost 25 a creator from "shipped" on. ROI = (GMV − commission − samples) / (commission + samples):
  // shipped (6): twelve weeks of 60 to 115 (no week below 60: an axis drawn from its lowest value would
  // start near there), (1,050 − 12 − 25) / 37 = 2,738 %; posted (7): (75.2 − 10 − 25) / 35 = 115 %;
  // selling (8): (60.2 − 10 − 25) / 35 = 72 %; the long name (11, shipped): (97.65 − 10 − 25) / 35 = 179 %;
  // to contact (0): (4 − 2) / 2 = 100 %; no reply (10): (50 − 5) / 5 = 900 %; declined (9), a loss:
  // (3 − 8) / 8 = −62.5 %.
  for (let w = 0; w < 12; w++) await sale(6, 60 + 5 * w, 1, w);
  await sale(7, 75.2, 10, 3);
  await sale(8, 60.2, 10, 5);
  await sale(11, 97.65, 10, 11);
  await sale(0, 4, 2, 2);
  await sale(10, 50, 5, 9);
  await sale(9, 3, 8, 7);
  // Two of each language's four are in the plan already.
  for (const l of ['en', 'zh'])
    await api('POST', '/plan/creator.add', {
      plan_id: planId,
      creator_ids: EXTRA.filter((c) => c.unique_id.startsWith(`pn_${l}`))
        .slice(0, 2)
        .map(idOf),
    });

  const team = await api<{ invite_code: string }>('POST', '/team/add', { title: 'Numbers crew' });
  const mate = await registerEmail(url, `numbers-mate${stamp}@example.com`, 'Secret#2026');
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

/** The stage names of a language, in order. */
const stageNames = (msgs: Record<string, unknown>) =>
  PLAN_STAGES.map((s) => String(msgs[`plans_stage_${s}`]));

describe('a plan’s numbers', () => {
  for (const lang of ['en', 'zh'] as const)
    it(`charts start at zero and keep every bar and label whole (${lang}, 1440 and 390 px)`, async () => {
      const page = pages[lang];
      const msgs = lang === 'en' ? en : zh;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/plans/${planId}`);
      await page.getByRole('heading', { name: 'Autumn numbers', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: msgs.charts_show }).click();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // Three charts, drawn at this width with every creator's numbers, and nothing out of place.
        await expect
          .poll(
            async () => {
              const d = await drawnCharts(page);
              return d.charts.length === 3 && d.charts[2]!.names.length === 7
                ? d.problems
                : ['not drawn yet', ...d.problems];
            },
            { timeout: 20_000, interval: 250 },
          )
          .toEqual([]);
        const { charts } = await drawnCharts(page);
        const [stages, weeks, top] = charts as [Drawn['charts'][0], Drawn['charts'][0], Drawn['charts'][0]];
        expect(stages.names, `${width} px`).toEqual(stageNames(msgs));
        expect(stages.min).toBe(0);
        // The newest of the twelve weeks is named; at 390 px fewer dates are shown, none overlapping.
        expect(weeks.names.at(-1)).toBe('2026-03-23');
        expect(weeks.names.length).toBeLessThanOrEqual(12);
        expect(weeks.min).toBe(0);
        // Best first; a loss pulls the axis below zero.
        expect(top.min).toBeLessThan(0);
        expect(top.max).toBeGreaterThanOrEqual(900);
        const whole = top.names.filter((n) => n !== LONG_NAME && !n.endsWith('…'));
        expect(whole.length, top.names.join(' | ')).toBe(6);
        const long = top.names.find((n) => n.startsWith('Creator with'))!;
        expect(long === LONG_NAME || (long.endsWith('…') && LONG_NAME.startsWith(long.slice(0, -1)))).toBe(
          true,
        );
        expect(await seriousAxeViolations(page), `board with charts, ${lang}, ${width} px`).toEqual([]);
      }
      // The same numbers as a table, for screen readers and everyone.
      const best = page.getByTestId('plan-charts').locator('section').nth(2);
      await best.locator('summary').click();
      await best.getByRole('row').filter({ hasText: LONG_NAME }).getByText('179%').waitFor();
      expect(errors.flat()).toEqual([]);
    });

  for (const lang of ['en', 'zh'] as const)
    it(`writes a column one way and money with its currency, the budget too (${lang})`, async () => {
      const page = pages[lang];
      const msgs = lang === 'en' ? en : zh;
      const usd = lang === 'en' ? '$' : 'US$';
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/plans');
        await page
          .getByTestId('plan-card')
          .filter({ hasText: 'Autumn numbers' })
          .getByText(`${usd}12,500.00`, { exact: false })
          .waitFor({ timeout: 20_000 });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/home');
      const column = async (header: string) => {
        const index = await page
          .getByRole('columnheader', { name: header, exact: true })
          .getAttribute('aria-colindex');
        return page.evaluate((i) => {
          const cells = [
            ...document.querySelectorAll(`.cd-grid__body [role="gridcell"][aria-colindex="${i}"]`),
          ];
          return cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const style = getComputedStyle(cell);
            const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return { text: cell.textContent ?? '', fits: range.getBoundingClientRect().width <= room + 0.5 };
          });
        }, index);
      };
      // The plan's creators: a count below and above 10,000, money below and above; the others none.
      const shown = async (header: string) =>
        new Set((await column(header)).filter((c) => c.fits).map((c) => c.text));
      await expect
        .poll(() => shown(msgs.home_col_views), { timeout: 30_000 })
        .toEqual(new Set(['2,799', '75,900', '0']));
      expect(await shown(msgs.home_col_gmv)).toEqual(
        new Set([`${usd}7,569.55`, `${usd}12,020.00`, `${usd}0.00`]),
      );
      expect((await column(msgs.home_col_gmv)).every((c) => c.fits)).toBe(true);
      expect(errors.flat()).toEqual([]);
    });

  for (const lang of ['en', 'zh'] as const)
    it(`"Add to plan" says how many were added and how many were there already (${lang})`, async () => {
      const page = pages[lang];
      const msgs = lang === 'en' ? en : zh;
      const four = EXTRA.filter((c) => c.unique_id.startsWith(`pn_${lang}`));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/home');
      const rows = page.locator('.cd-grid__body [role="row"]');
      for (const c of four) {
        await rows.filter({ hasText: c.unique_id }).waitFor({ timeout: 30_000 });
        await rows.filter({ hasText: c.unique_id }).getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: msgs.plans_add }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('plan-add-already')
        .getByText(lang === 'en' ? '2 of them are in this plan already' : '其中 2 位已在此计划中', {
          exact: false,
        })
        .waitFor();
      expect(await seriousAxeViolations(page), `add to plan, ${lang}`).toEqual([]);
      await dialog.getByRole('button', { name: msgs.plans_add_confirm, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectToast(
        page,
        lang === 'en'
          ? '2 creators added to the plan · 2 were already in it'
          : '已将 2 位达人加入计划 · 2 位原已在计划中',
      );
      const members = await serverAgrees(
        async () =>
          decodePull(
            await callApi<PullWire>(suite.server.url, admin.token, 'POST', '/sync/pull', { cursor: '' }),
          ).changes.plan_creators,
        (rows) => four.every((c) => rows.some((r) => r.creator_id === ids.get(c.unique_id))),
      );
      expect(members.filter((r) => four.some((c) => ids.get(c.unique_id) === r.creator_id))).toHaveLength(4);
      expect(errors.flat()).toEqual([]);
    });
});
