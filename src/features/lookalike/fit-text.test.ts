import { afterEach, describe, expect, it } from 'vitest';
import { rng, workspace } from '../../../tests/helpers/lookalike-gen.ts';
import { setAppLocale } from '../../i18n/locale.ts';
import { DEFAULT_FIT_WEIGHTS } from '../../workers/query-types.ts';
import { fitContext, fitParts, topFits } from '../../workers/rank/fit.ts';
import { buildIndex, type LookalikeRow } from '../../workers/rank/similar.ts';
import { fitPartText, fitReasons } from './fit-text.ts';

/** A ratio of zero in words: "0×" (en) or "0 倍" (zh). */
const ZERO_RATIO = /(?<![\d.,])0(?:[.,]0+)?(?:×| 倍)/;

afterEach(() => setAppLocale('en-us'));

describe('plan fit in words', () => {
  /** Like the demo data: most creators (58 %) of the country sold nothing in the last 30 days. */
  function mostWithoutSales(): LookalikeRow[] {
    const { rows } = workspace({ creators: 2_000, seed: 9 });
    const r = rng(10);
    for (const row of rows)
      if (r() < 0.58) {
        row.gmv_t30 = 0;
        row.units_sold_t30 = 0;
      }
    // A creator with GPM $74.92 (GMV 7,492 over 100,000 views).
    rows[0] = { ...rows[0]!, gmv_t30: 7_492, video_view_t30: 100_000, categorys: 'Pet Supplies' };
    return rows;
  }

  it('compares a number with the median above zero, never "0× your typical creator" (both locales)', () => {
    const rows = mostWithoutSales();
    const index = buildIndex(rows);
    const ctx = fitContext(
      index,
      { weights: DEFAULT_FIT_WEIGHTS, categories: ['Pet Supplies'], outcomes: { ids: [], rows: [] } },
      (id) => id - 1,
    );
    const gpm = fitParts(index, ctx, 0).find((p) => p.part === 'gpm')!;
    expect(gpm.mine).toBeCloseTo(74.92, 1);
    // Most creators have no sales, yet the typical GPM the words compare with is a real one.
    expect(gpm.typical).toBeGreaterThan(0);
    const ratio = (74.92 / gpm.typical!).toFixed(1);
    const typical = `$${gpm.typical!.toFixed(2)}`;
    expect(fitPartText(gpm, 'USD')).toBe(
      `GPM $74.92, ${ratio}× the median of your creators above zero (${typical})`,
    );
    setAppLocale('zh-cn');
    expect(fitPartText(gpm, 'USD')).toBe(
      `GPM US$74.92，是您该项大于 0 的达人中位数（US${typical}）的 ${ratio} 倍`,
    );

    for (const locale of ['en-us', 'zh-cn'] as const) {
      setAppLocale(locale);
      for (const t of topFits(index, ctx, 50)) {
        const parts = fitParts(index, ctx, t.pos);
        // The reasons: no number the creator lacks, no ratio of zero.
        for (const p of fitReasons(parts)) {
          if (p.typical !== undefined) expect(p.mine).toBeGreaterThan(0);
          expect(fitPartText(p, 'USD')).not.toMatch(ZERO_RATIO);
        }
        // The breakdown lists every part; a zero there is said plainly, without a ratio.
        for (const p of parts) expect(fitPartText(p, 'USD')).not.toMatch(ZERO_RATIO);
      }
    }
  });

  it('says a number the creator lacks without a ratio, and leaves it out of the reasons', () => {
    const rows = mostWithoutSales();
    const index = buildIndex(rows);
    const ctx = fitContext(
      index,
      { weights: DEFAULT_FIT_WEIGHTS, categories: [], outcomes: { ids: [], rows: [] } },
      (id) => id - 1,
    );
    const pos = rows.findIndex((r) => r.gmv_t30 === 0 && typeof r.video_view_t30 === 'number');
    const parts = fitParts(index, ctx, pos);
    const gmv = parts.find((p) => p.part === 'gmv')!;
    expect(gmv.known).toBe(true);
    expect(gmv.mine).toBe(0);
    // Half the creators have none, so none is typical: it still earns points in the score…
    expect(gmv.points).toBeGreaterThan(0);
    expect(fitPartText(gmv, 'USD')).toBe('30-day GMV $0.00');
    // …but it is no reason to pick this creator.
    expect(fitReasons(parts).some((p) => p.part === 'gmv' || p.part === 'gpm')).toBe(false);
  });
});
