import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  DEFAULT_WEIGHTS,
  scoreParts,
  seedOf,
  topLookalikes,
  topReasons,
  type LookalikeRow,
} from './similar.ts';
import { campaignSales, ndcgAt, plantedLike, rng, workspace } from '../../../tests/helpers/lookalike-gen.ts';

/** A workspace of 20,000 from hidden archetypes, with `perSeed` planted lookalikes of each of `seeds` seeds. */
function planted(seeds: number, perSeed: number, missing: number) {
  const { rows } = workspace({ creators: 20_000, seed: 7 });
  const r = rng(99);
  const plantedOf = new Map<number, Set<number>>();
  let next = rows.length + 1;
  for (let s = 0; s < seeds; s++) {
    // Seeds with every value known (a seller picks creators whose numbers they saw).
    let seed: LookalikeRow;
    do seed = rows[Math.floor(r() * rows.length)]!;
    while (Object.values(seed).some((v) => v === null));
    const ids = new Set<number>();
    for (let k = 0; k < perSeed; k++) {
      rows.push(plantedLike(seed, next, r, missing));
      ids.add(next++);
    }
    plantedOf.set(seed.id, ids);
  }
  return { rows, plantedOf };
}

describe('lookalikes', () => {
  it('finds planted lookalikes (each value jittered 10–30 %, a tenth missing): recall@50 ≥ 0.8', () => {
    const { rows, plantedOf } = planted(20, 40, 0.1);
    const index = buildIndex(rows);
    const posOf = new Map(rows.map((r, i) => [r.id, i]));
    let found = 0;
    let total = 0;
    for (const [seedId, ids] of plantedOf) {
      const top = topLookalikes(index, seedOf(index, [posOf.get(seedId)!]), 50);
      found += top.filter((t) => ids.has(t.id)).length;
      total += ids.size;
    }
    expect(found / total).toBeGreaterThanOrEqual(0.8);
  });

  it('does not count a missing value as zero', () => {
    const rows: LookalikeRow[] = [
      { id: 1, follower_count: 0, video_view_t30: 0, gmv_t30: 0, categorys: 'Pet Supplies' },
      { id: 2, follower_count: 0, video_view_t30: 0, gmv_t30: 0, categorys: 'Pet Supplies' },
      { id: 3, follower_count: null, video_view_t30: '', gmv_t30: undefined, categorys: 'Pet Supplies' },
      { id: 4, follower_count: 50_000, video_view_t30: 90_000, gmv_t30: 1_000, categorys: 'Beauty' },
    ];
    const index = buildIndex(rows);
    const seed = seedOf(index, [0]);
    const [first, second] = topLookalikes(index, seed, 3);
    // The creator with real zeros is the closest; the one with nothing known is not taken for zeros.
    expect(first!.id).toBe(2);
    expect(second!.id).toBe(3);
    const unknown = scoreParts(index, seed, 2).filter((p) => p.part === 'followers')[0]!;
    expect(unknown).toMatchObject({ known: false, value: DEFAULT_WEIGHTS.followers / 2 });
  });

  it('ranks the same top 50 when a money column is in cents instead of dollars', () => {
    const { rows } = workspace({ creators: 5_000, seed: 3 });
    const cents = rows.map((r) => ({
      ...r,
      gmv_t30: typeof r.gmv_t30 === 'number' ? r.gmv_t30 * 100 : r.gmv_t30,
    }));
    const a = buildIndex(rows);
    const b = buildIndex(cents);
    const seeds = [10, 20, 30];
    const ids = (i: ReturnType<typeof buildIndex>) => topLookalikes(i, seedOf(i, seeds), 50).map((t) => t.id);
    const same = new Set(ids(a));
    // GMV and GPM shift by about one constant after the log (log1p keeps small values from it): little moves.
    expect(ids(b).filter((id) => same.has(id)).length).toBeGreaterThanOrEqual(45);
  });

  it('says the strongest reasons first, and the top reason is the part whose loss costs the most', () => {
    const { rows } = workspace({ creators: 3_000, seed: 11 });
    const index = buildIndex(rows);
    const seed = seedOf(index, [5]);
    for (const t of topLookalikes(index, seed, 20)) {
      const parts = scoreParts(index, seed, t.pos);
      // The score is the sum of its named parts.
      expect(parts.reduce((a, p) => a + p.value, 0)).toBeCloseTo(t.score, 6);
      const reasons = topReasons(index, seed, t.pos);
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.length).toBeLessThanOrEqual(3);
      for (let i = 1; i < reasons.length; i++)
        expect(reasons[i - 1]!.value).toBeGreaterThanOrEqual(reasons[i]!.value);
      // Dropping a part's weight lowers the score by that part: the top reason's the most of the known.
      const loss = (part: string) =>
        t.score -
        topLookalikes(index, seed, index.n, { weights: { ...DEFAULT_WEIGHTS, [part]: 0 } }).find(
          (x) => x.pos === t.pos,
        )!.score;
      const known = parts.filter((p) => p.known);
      const top = reasons[0]!;
      for (const p of known) expect(loss(top.part)).toBeGreaterThanOrEqual(loss(p.part) - 1e-9);
      if (top.part === 'categories') expect(top.shared!.length).toBeGreaterThan(0);
      else expect(Number.isFinite(top.mine!) && Number.isFinite(top.seed!)).toBe(true);
    }
  });

  it('leaves out the seeds and every position not allowed', () => {
    const { rows } = workspace({ creators: 2_000, seed: 5 });
    const index = buildIndex(rows);
    const seed = seedOf(index, [0, 1, 2]);
    const allowed = Uint8Array.from({ length: index.n }, (_, pos) => (pos % 2 === 1 ? 0 : 1));
    const top = topLookalikes(index, seed, 50, { allowed });
    expect(top).toHaveLength(50);
    expect(top.some((t) => t.pos <= 2 || t.pos % 2 === 1)).toBe(false);
    const window = Uint8Array.from({ length: index.n }, (_, pos) => (pos >= 1000 && pos < 1100 ? 1 : 0));
    expect(
      topLookalikes(index, seed, 50, { allowed: window }).every((t) => t.pos >= 1000 && t.pos < 1100),
    ).toBe(true);
    // Best first.
    for (let i = 1; i < top.length; i++) expect(top[i - 1]!.score).toBeGreaterThanOrEqual(top[i]!.score);
  });

  it("ranks like a seller's best performers: NDCG@50 of a campaign's sales beats GMV by 20 %, followers and random", () => {
    const { rows, archetypeOf, archetypes } = workspace({ creators: 20_000, seed: 21 });
    const sales = campaignSales(rows, archetypeOf, archetypes, 'Pet Supplies');
    // A past campaign of 400 creators; its 10 best sellers are the seeds, the others are ranked.
    const r = rng(5);
    const past = new Set<number>();
    while (past.size < 400) past.add(Math.floor(r() * rows.length));
    const seeds = [...past].sort((a, b) => sales[b]! - sales[a]!).slice(0, 10);
    const candidates = rows.map((_, i) => i).filter((i) => !past.has(i));
    const index = buildIndex(rows);
    const allowed = Uint8Array.from(rows, (_, i) => (past.has(i) ? 0 : 1));
    const look = topLookalikes(index, seedOf(index, seeds), 50, { allowed }).map((t) => t.pos);
    const value = (v: unknown) => (typeof v === 'number' ? v : -1);
    const sortedBy = (f: 'gmv_t30' | 'follower_count') =>
      [...candidates].sort((a, b) => value(rows[b]![f]) - value(rows[a]![f])).slice(0, 50);
    const shuffled = [...candidates].sort(() => r() - 0.5).slice(0, 50);
    const score = {
      lookalikes: ndcgAt(look, sales, candidates, 50),
      gmv: ndcgAt(sortedBy('gmv_t30'), sales, candidates, 50),
      followers: ndcgAt(sortedBy('follower_count'), sales, candidates, 50),
      random: ndcgAt(shuffled, sales, candidates, 50),
    };
    expect(score.lookalikes).toBeGreaterThanOrEqual(1.2 * score.gmv);
    expect(score.lookalikes).toBeGreaterThan(score.followers);
    expect(score.lookalikes).toBeGreaterThan(score.random);
  });

  it('keeps most of its top 50 when a column is counted twice', () => {
    const { rows } = workspace({ creators: 5_000, seed: 13 });
    const index = buildIndex(rows);
    const seed = seedOf(index, [3, 4, 5]);
    const ids = (w: typeof DEFAULT_WEIGHTS) =>
      topLookalikes(index, seed, 50, { weights: w }).map((t) => t.id);
    const base = new Set(ids(DEFAULT_WEIGHTS));
    // GMV counted twice (its weight doubled): most of the top 50 stays.
    const twice = ids({ ...DEFAULT_WEIGHTS, gmv: DEFAULT_WEIGHTS.gmv * 2 });
    expect(twice.filter((id) => base.has(id)).length).toBeGreaterThanOrEqual(40);
  });
});
