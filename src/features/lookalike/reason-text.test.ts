import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { rng, workspace } from '../../../tests/helpers/lookalike-gen.ts';
import { setAppLocale } from '../../i18n/locale.ts';
import type { Reason } from '../../workers/query-types.ts';
import {
  buildIndex,
  seedOf,
  topLookalikes,
  topReasons,
  type LookalikeRow,
} from '../../workers/rank/similar.ts';
import { featureValue, reasonText } from './reason-text.ts';

/** A zero said in words: a value of 0 ("units 0,", "$0.00", "0%") or a ratio of 0 ("0×", "0 倍"). */
const ZERO_WORDS = /(?<![\d.,])0(?:[.,]0+)?(?:×| 倍|%|,|，)|\$0\.00(?!\d)/;

/** A workspace like the demo data: most creators (58 %) sold nothing in the last 30 days. */
function mostWithoutSales(creators: number, seed: number): LookalikeRow[] {
  const { rows } = workspace({ creators, seed });
  const r = rng(seed + 1);
  for (const row of rows)
    if (r() < 0.58) {
      row.gmv_t30 = 0;
      row.units_sold_t30 = 0;
    }
  return rows;
}

const numeric = (r: Reason) => r.part !== 'categories';

afterEach(() => setAppLocale('en-us'));

describe('lookalike reasons in words', () => {
  it('names shared categories and ratios to the seed; a small ratio never reads 0×', () => {
    expect(reasonText({ part: 'categories', value: 3, shared: ['Pet Supplies', 'Home'] }, 1, 'USD')).toBe(
      'Same categories: Pet Supplies, Home',
    );
    expect(reasonText({ part: 'gpm', value: 2, mine: 12.5, seed: 11.4 }, 1, 'USD')).toBe(
      'GPM $12.50, 1.1× the seed',
    );
    expect(reasonText({ part: 'videos', value: 1, mine: 20, seed: 18 }, 3, 'USD')).toBe(
      "Videos in 30 days 20, 1.1× the seeds' median",
    );
    expect(reasonText({ part: 'views', value: 1, mine: 1_200, seed: 40_000 }, 1, 'USD')).toBe(
      '30-day views 1,200, 0.03× the seed',
    );
    expect(reasonText({ part: 'followers', value: 1, mine: 900_000, seed: 40_000 }, 1, 'USD')).toBe(
      'Followers 900K, 23× the seed',
    );
    // A value above zero never reads as zero.
    expect(featureValue('gpm', 0.003, 'USD')).toBe('<$0.01');
    expect(featureValue('engagement', 0.001, 'USD')).toBe('<0.01%');
    setAppLocale('zh-cn');
    expect(reasonText({ part: 'gpm', value: 2, mine: 12.5, seed: 11.4 }, 1, 'USD')).toBe(
      'GPM US$12.50，为种子的 1.1 倍',
    );
  });

  it('a seed without sales: reasons never explain with a zero, and tell the 50 results apart (both locales)', () => {
    const rows = mostWithoutSales(3_000, 17);
    const index = buildIndex(rows);
    const seeds = rows.flatMap((r, pos) => (r.gmv_t30 === 0 ? [pos] : [])).slice(0, 5);
    expect(seeds).toHaveLength(5);
    for (const locale of ['en-us', 'zh-cn'] as const) {
      setAppLocale(locale);
      for (const pos of seeds) {
        const seed = seedOf(index, [pos]);
        const top = topLookalikes(index, seed, 50);
        expect(top).toHaveLength(50);
        const lists = top.map((t) => topReasons(index, seed, t.pos));
        for (const reasons of lists) {
          expect(reasons.length).toBeGreaterThan(0);
          for (const r of reasons.filter(numeric)) {
            expect(r.mine).toBeGreaterThan(0);
            expect(r.seed).toBeGreaterThan(0);
          }
          // The seed sold nothing: no reason is about sales.
          expect(reasons.some((r) => r.part === 'gmv' || r.part === 'gpm' || r.part === 'units')).toBe(false);
        }
        const texts = lists.map((reasons) => reasons.map((r) => reasonText(r, 1, 'USD')));
        for (const t of texts.flat()) expect(t).not.toMatch(ZERO_WORDS);
        // The results' reasons differ: their numbers are theirs, not the zeros every one shares.
        expect(new Set(texts.map((t) => t.join(' · '))).size).toBeGreaterThanOrEqual(45);
      }
    }
  });

  it('property: no reason of any result is about a number the creator or the seed lacks', () => {
    const value = fc.oneof(
      fc.constant(0),
      fc.constant(null),
      fc.double({ min: 0.001, max: 5e6, noNaN: true }),
    );
    const row = fc.record({
      follower_count: value,
      video_view_t30: value,
      gmv_t30: value,
      units_sold_t30: value,
      video_publish_t30: value,
      video_engagement_t30: value,
      categorys: fc.constantFrom('Pet Supplies', 'Home Supplies', 'Pet Supplies,Home Supplies', ''),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 60 }), fc.nat(), (drawn, pick) => {
        const rows: LookalikeRow[] = drawn.map((r, i) => ({ id: i + 1, ...r }));
        const index = buildIndex(rows);
        const seed = seedOf(index, [pick % rows.length]);
        for (const t of topLookalikes(index, seed, 10))
          for (const r of topReasons(index, seed, t.pos)) {
            if (r.part === 'categories') expect(r.shared!.length).toBeGreaterThan(0);
            else {
              expect(r.mine).toBeGreaterThan(0);
              expect(r.seed).toBeGreaterThan(0);
            }
            expect(reasonText(r, 1, 'USD')).not.toMatch(ZERO_WORDS);
          }
      }),
      { numRuns: 200 },
    );
  });
});
