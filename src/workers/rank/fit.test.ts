import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import {
  campaignSales,
  individualReliability,
  ndcgAt,
  rng,
  workspace,
} from '../../../tests/helpers/lookalike-gen.ts';
import { bestSellers, outcomesOf, readWeights } from '../../features/lookalike/fit-spec.ts';
import {
  DEFAULT_FIT_WEIGHTS,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitSpec,
  type FitWeights,
  type Outcomes,
} from '../query-types.ts';
import { fitContext, fitParts, topFits } from './fit.ts';
import { buildIndex, type LookalikeRow } from './similar.ts';

const NOW = 1_800_000_000;
const DAY = 86_400;
const SENT = new Set(['shipped', 'posted', 'selling']);
/** A plan creator moved to `stage` daysAgo; one that went through "shipped" has its sample recorded. */
const member = (
  creator_id: number,
  stage: string,
  daysAgo = 30,
  sample = SENT.has(stage),
): RowOf<'plan_creators'> =>
  ({
    id: Math.floor(Math.random() * 1e9),
    version: 1,
    creator_id,
    stage,
    stage_time: NOW - daysAgo * DAY,
    sample_time: sample ? NOW - daysAgo * DAY : 0,
  }) as RowOf<'plan_creators'>;
const sale = (id: number, creator_id: number, gmv: number): RowOf<'creator_sales'> =>
  ({ id, version: 1, creator_id, gmv }) as RowOf<'creator_sales'>;
const STEPS = ['no_reply', 'replied', 'shipped', 'selling'] as const;
const NO_OUTCOMES: Outcomes = { ids: [], rows: [] };

/** Same numbers for every creator unless told: only what a test varies tells them apart. */
const row = (id: number, over: Partial<LookalikeRow> = {}): LookalikeRow => ({
  id,
  follower_count: 50_000,
  video_view_t30: 200_000,
  gmv_t30: 3_000,
  units_sold_t30: 100,
  video_publish_t30: 20,
  video_engagement_t30: 5,
  categorys: 'Pet Supplies',
  ...over,
});

function rank(rows: LookalikeRow[], spec: FitSpec, k = rows.length) {
  const index = buildIndex(rows);
  const posOf = new Map(rows.map((r, i) => [r.id, i]));
  const ctx = fitContext(index, spec, (id) => posOf.get(id));
  return { index, ctx, top: topFits(index, ctx, k) };
}

describe('fit for a plan', () => {
  it("counts the seller's outcomes from plan stages and sales", () => {
    const o = outcomesOf(
      [
        member(1, 'replied'),
        member(1, 'no_reply'),
        member(1, 'dropped'), // may have replied: left out of the reply rate
        member(2, 'contacted', 2), // still waiting: not counted yet
        member(2, 'contacted', 10), // a week without an answer: counted
        member(3, 'shipped', 5), // sample on its way: its post is not known yet
        member(3, 'posted'),
        member(3, 'shipped', 30), // overdue: counts as not posted
      ],
      [sale(1, 3, 120), sale(2, 3, 30), sale(3, 4, 0)],
      NOW,
    );
    const of = (id: number) => o.rows[o.ids.indexOf(id)];
    expect(of(1)).toMatchObject({ contacted: 2, replied: 1, samples: 0 });
    expect(of(2)).toMatchObject({ contacted: 1, replied: 0 });
    expect(of(3)).toMatchObject({ contacted: 3, replied: 3, samples: 3, shipped: 2, posted: 1, gmv: 150 });
    expect(o.ids).not.toContain(4);
  });

  it('counts only samples that were sent: a creator an import moved to posted or selling got none', () => {
    const o = outcomesOf(
      [
        member(5, 'selling', 30, false), // moved by an orders import: no sample
        member(5, 'posted', 30, false), // set by hand without a sample
        member(5, 'selling', 30), // through "shipped": a sample, posted
        member(6, 'shipped', 30, false), // at "shipped" is a sample even before its time is known
      ],
      [],
      NOW,
    );
    const of = (id: number) => o.rows[o.ids.indexOf(id)];
    expect(of(5)).toMatchObject({ samples: 1, shipped: 1, posted: 1 });
    expect(of(6)).toMatchObject({ samples: 1, shipped: 1, posted: 0 });
  });

  it('reads stored weights forgivingly, and finds the best sellers by their counted sales', () => {
    expect(readWeights(undefined)).toEqual(DEFAULT_FIT_WEIGHTS);
    expect(readWeights('junk')).toEqual(DEFAULT_FIT_WEIGHTS);
    expect(readWeights({ gpm: 9, reply: -1, sales: '2', category: 0, views: Number.NaN })).toEqual({
      ...DEFAULT_FIT_WEIGHTS,
      gpm: FIT_WEIGHT_MAX,
      reply: 0,
      category: 0,
    });
    const sales = [sale(1, 7, 100), sale(2, 8, 50), sale(3, 7, 20), sale(4, 9, 0), sale(5, 10, 130)];
    expect(bestSellers(sales, 10)).toEqual([10, 7, 8]);
    expect(bestSellers(sales, 1)).toEqual([10]);
  });

  it('names every part: the points add up to the score, and weights move the order', () => {
    const rows = Array.from({ length: 200 }, (_, i) =>
      row(i + 1, {
        gmv_t30: 100 + i * 37,
        video_view_t30: 100_000 + ((i * 7919) % 200) * 1_000,
        categorys: i % 3 ? 'Pet Supplies' : 'Home Supplies',
      }),
    );
    const spec = { weights: DEFAULT_FIT_WEIGHTS, categories: ['pet supplies'], outcomes: NO_OUTCOMES };
    const { index, ctx, top } = rank(rows, spec, 20);
    for (const t of top) {
      const parts = fitParts(index, ctx, t.pos);
      expect(parts.map((p) => p.part)).toEqual([...FIT_PARTS]);
      expect(parts.reduce((a, p) => a + p.points, 0)).toBeCloseTo(t.score, 6);
      // the plan's category, case-insensitively
      expect(parts[0]).toMatchObject({ part: 'category', known: true, of: [1, 1] });
    }
    // Only GMV weighs: the order is the GMV order.
    const onlyGmv = Object.fromEntries(FIT_PARTS.map((p) => [p, p === 'gmv' ? 1 : 0])) as FitWeights;
    const byGmv = rank(rows, { ...spec, weights: onlyGmv }, 10).top.map((t) => t.id);
    expect(byGmv).toEqual(
      rows
        .map((r) => r.id)
        .slice(-10)
        .reverse(),
    );
    // Without a category weight, creators outside the plan's category are no longer held back.
    const noCat = { ...DEFAULT_FIT_WEIGHTS, category: 0 };
    expect(top.every((t) => rows[t.pos]!.categorys === 'Pet Supplies')).toBe(true);
    expect(
      rank(rows, { ...spec, weights: noCat }, 20).top.some((t) => rows[t.pos]!.categorys !== 'Pet Supplies'),
    ).toBe(true);
  });

  it('never counts the unknown as zero: an untried creator ranks between proven and disappointing ones', () => {
    const rows = [
      row(1),
      row(2),
      row(3),
      ...Array.from({ length: 50 }, (_, i) => row(10 + i, { gmv_t30: 100 * i })),
    ];
    const members = [
      ...['replied', 'replied', 'posted'].map((s) => member(1, s)),
      ...['no_reply', 'no_reply', 'no_reply'].map((s) => member(3, s)),
      member(3, 'shipped', 40),
    ];
    const outcomes = outcomesOf(members, [sale(1, 1, 500)], NOW);
    const { index, ctx, top } = rank(rows, { weights: DEFAULT_FIT_WEIGHTS, categories: [], outcomes });
    const order = top.map((t) => t.id);
    expect(order.indexOf(1)).toBeLessThan(order.indexOf(2));
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(3));
    // Creator 2 was never tried: it is expected to reply as the workspace does (4 of 7 here: a shipped
    // sample means a reply).
    const parts = fitParts(index, ctx, 1);
    const reply = parts.find((p) => p.part === 'reply')!;
    expect(reply.known).toBe(false);
    const allW = FIT_PARTS.reduce((a, p) => a + DEFAULT_FIT_WEIGHTS[p], 0);
    expect((reply.points * allW) / (100 * DEFAULT_FIT_WEIGHTS.reply)).toBeCloseTo(4 / 7, 6);
    // A missing number is not a zero either: it earns the creator's known numbers' average share.
    const holey = rank([row(1, { gmv_t30: null, video_view_t30: null }), ...rows.slice(1)], {
      weights: DEFAULT_FIT_WEIGHTS,
      categories: ['Pet Supplies'],
      outcomes: NO_OUTCOMES,
    });
    const hp = fitParts(holey.index, holey.ctx, 0);
    const known = hp.filter(
      (p) => p.known && ['category', 'gpm', 'gmv', 'views', 'videos', 'engagement'].includes(p.part),
    );
    const avg =
      known.reduce((a, p) => a + p.points, 0) / known.reduce((a, p) => a + DEFAULT_FIT_WEIGHTS[p.part], 0);
    const gmv = hp.find((p) => p.part === 'gmv')!;
    expect(gmv.known).toBe(false);
    expect(gmv.points / DEFAULT_FIT_WEIGHTS.gmv).toBeCloseTo(avg, 6);
    expect(gmv.points).toBeGreaterThan(0);
    // Proven: the counts behind the words.
    expect(fitParts(index, ctx, 0).find((p) => p.part === 'reply')!.of).toEqual([3, 3]);
  });

  /** NDCG@50 of a next campaign's sales among the creators past plans tried, ranked with and without their outcomes. */
  function campaign(seed: number): { withOutcomes: number; numbersOnly: number } {
    const { rows, archetypeOf, archetypes } = workspace({ creators: 20_000, seed });
    // Creators with the same numbers differ in how reliably they deliver; only working with them shows it.
    const relOf = individualReliability(archetypeOf, archetypes, seed + 1);
    const r = rng(seed + 2);
    // Past plans tried 3,000 creators one to three times: a reliable one replies, posts and sells more often.
    const members: RowOf<'plan_creators'>[] = [];
    const sales: RowOf<'creator_sales'>[] = [];
    const past = campaignSales(rows, archetypeOf, archetypes, 'Pet Supplies', seed + 3, relOf);
    const tried: number[] = [];
    for (let i = 0; i < 3_000; i++) {
      const pos = Math.floor(r() * rows.length);
      tried.push(pos);
      const rel = relOf[pos]!;
      const id = rows[pos]!.id;
      for (let t = 1 + Math.floor(r() * 3); t > 0; t--) {
        // Each step (reply, post, sell) is taken with the creator's reliability.
        let step = 0;
        while (step < 3 && r() < rel) step++;
        members.push(member(id, STEPS[step]!, step === 2 ? 40 : 30));
        if (step === 3) sales.push(sale(sales.length + 1, id, past[pos]! * 100));
      }
    }
    const gain = campaignSales(rows, archetypeOf, archetypes, 'Pet Supplies', seed + 4, relOf);
    const candidates = [...new Set(tried)];
    const allowed = new Uint8Array(rows.length);
    for (const p of candidates) allowed[p] = 1;
    const index = buildIndex(rows);
    const ndcg = (weights: FitWeights, outcomes: Outcomes) => {
      const ctx = fitContext(index, { weights, categories: ['Pet Supplies'], outcomes }, (id) => id - 1);
      return ndcgAt(
        topFits(index, ctx, 50, allowed).map((t) => t.pos),
        gain,
        candidates,
        50,
      );
    };
    return {
      withOutcomes: ndcg(DEFAULT_FIT_WEIGHTS, outcomesOf(members, sales, NOW)),
      numbersOnly: ndcg(DEFAULT_FIT_WEIGHTS, NO_OUTCOMES),
    };
  }

  it("the seller's own outcomes find the next campaign's sellers better than the numbers alone", () => {
    const runs = [11, 21, 31, 41].map(campaign);
    console.info(
      runs.map(
        (r) => `NDCG@50 with outcomes ${r.withOutcomes.toFixed(3)}, numbers only ${r.numbersOnly.toFixed(3)}`,
      ),
    );
    // Never worse in any workspace, and clearly better over all of them.
    for (const r of runs) expect(r.withOutcomes).toBeGreaterThanOrEqual(r.numbersOnly * 0.98);
    const sum = (k: 'withOutcomes' | 'numbersOnly') => runs.reduce((a, r) => a + r[k], 0);
    expect(sum('withOutcomes')).toBeGreaterThan(sum('numbersOnly') * 1.2);
  });
});
