/**
 * Synthetic workspaces for proving the lookalike ranking: creators drawn from hidden
 * archetypes (category mix, size tier, GPM propensity, posting rate), with heavy-tailed noise and
 * some values missing, and planted lookalikes of a seed (each value jittered by 10–30 %, a few
 * missing). Seeded, so a test or a bench run sees the same workspace every time.
 */
import type { LookalikeRow } from '../../src/workers/rank/similar.ts';
import { seededRandom } from './fault-proxy.ts';

export const GEN_CATEGORIES = [
  'Pet Supplies',
  'Beauty & Personal Care',
  'Womenswear & Underwear',
  'Home Supplies',
  'Food & Beverages',
  'Sports & Outdoor',
  'Phones & Electronics',
  'Baby & Maternity',
  'Kitchenware',
  'Toys & Hobbies',
  'Health',
  'Fashion Accessories',
] as const;

/** The fault proxy's seeded generator (mulberry32), so a workspace is the same on every run. */
export const rng = seededRandom;

export interface Archetype {
  cats: string[];
  /** Hidden: how reliably the creator delivers once in a campaign (0–1); no column shows it. */
  reliability: number;
  /** log10 of followers. */
  size: number;
  /** log10 of GMV per 1,000 views. */
  gpm: number;
  /** Videos a month. */
  posts: number;
  /** Views per follower a month. */
  reach: number;
  engagement: number;
}

export interface GenOptions {
  creators: number;
  archetypes?: number;
  /** Share of values left missing. */
  missing?: number;
  seed?: number;
}

export function archetypes(count: number, r: () => number): Archetype[] {
  return Array.from({ length: count }, () => {
    const first = GEN_CATEGORIES[Math.floor(r() * GEN_CATEGORIES.length)]!;
    const second = GEN_CATEGORIES[Math.floor(r() * GEN_CATEGORIES.length)]!;
    return {
      cats: r() < 0.5 ? [first] : [...new Set([first, second])],
      reliability: r() ** 2,
      size: 3 + r() * 4,
      gpm: -0.5 + r() * 2.5,
      posts: 2 + r() * 40,
      reach: 0.2 + r() * 5,
      engagement: 1 + r() * 12,
    };
  });
}

/** Normal noise (Box–Muller). */
const gauss = (r: () => number): number => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** One creator of an archetype: heavy-tailed (log-normal) around its centre. */
export function creatorOf(a: Archetype, id: number, r: () => number, missing: number): LookalikeRow {
  const followers = Math.round(10 ** (a.size + 0.35 * gauss(r)));
  const views = Math.round(followers * a.reach * Math.exp(0.4 * gauss(r)));
  const gpm = 10 ** (a.gpm + 0.3 * gauss(r));
  const gmv = Math.round(((views * gpm) / 1000) * 100) / 100;
  const hole = (v: number) => (r() < missing ? null : v);
  return {
    id,
    follower_count: hole(followers),
    video_view_t30: hole(views),
    gmv_t30: hole(gmv),
    units_sold_t30: hole(Math.round(gmv / (15 + r() * 20))),
    video_publish_t30: hole(Math.max(0, Math.round(a.posts * Math.exp(0.3 * gauss(r))))),
    video_engagement_t30: hole(Math.round(a.engagement * Math.exp(0.25 * gauss(r)) * 100) / 100),
    categorys: a.cats.join(','),
  };
}

/** A copy of `seed` with each value jittered by 10–30 % (up or down) and a few left missing. */
export function plantedLike(seed: LookalikeRow, id: number, r: () => number, missing: number): LookalikeRow {
  const jitter = (v: unknown) => {
    if (typeof v !== 'number') return v;
    if (r() < missing) return null;
    const f = 0.1 + r() * 0.2;
    return Math.round(v * (r() < 0.5 ? 1 - f : 1 + f) * 100) / 100;
  };
  return {
    id,
    follower_count: jitter(seed.follower_count),
    video_view_t30: jitter(seed.video_view_t30),
    gmv_t30: jitter(seed.gmv_t30),
    units_sold_t30: jitter(seed.units_sold_t30),
    video_publish_t30: jitter(seed.video_publish_t30),
    video_engagement_t30: jitter(seed.video_engagement_t30),
    categorys: seed.categorys,
  };
}

/** A workspace of `creators` rows from `archetypes` hidden archetypes; ids 1..creators. */
export function workspace(o: GenOptions): {
  rows: LookalikeRow[];
  archetypeOf: Int32Array;
  archetypes: Archetype[];
} {
  const r = rng(o.seed ?? 1);
  const arch = archetypes(o.archetypes ?? 40, r);
  const rows: LookalikeRow[] = [];
  const archetypeOf = new Int32Array(o.creators);
  for (let i = 0; i < o.creators; i++) {
    const a = Math.floor(r() * arch.length);
    archetypeOf[i] = a;
    rows.push(creatorOf(arch[a]!, i + 1, r, o.missing ?? 0.05));
  }
  return { rows, archetypeOf, archetypes: arch };
}

/**
 * A simulated campaign for a product of `category`: each creator's sales if they took part. They grow
 * with the hidden reliability of the creator's archetype, a category match and the archetype's GPM,
 * and only slowly with size (a big audience that does not buy sells little), with noise.
 */
export function campaignSales(
  rows: readonly LookalikeRow[],
  archetypeOf: Int32Array,
  arch: readonly Archetype[],
  category: string,
  seed = 2,
  /** Each creator's own reliability (individualReliability); the archetype's when omitted. */
  reliability?: Float64Array,
): Float64Array {
  const r = rng(seed);
  const out = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    const a = arch[archetypeOf[i]!]!;
    const match = a.cats.includes(category) ? 1 : 0.1;
    const followers = typeof row.follower_count === 'number' ? row.follower_count : 10 ** a.size;
    const rel = reliability ? reliability[i]! : a.reliability;
    out[i] = match * rel * 10 ** (a.gpm / 2) * Math.max(1, followers) ** 0.1 * Math.exp(0.3 * gauss(r));
  });
  return out;
}

/**
 * Each creator's own reliability: the archetype's, times a factor no column shows (0 to 2, so two
 * creators with the same numbers can differ as much as a seller finds they do). Its own stream, so
 * the workspace's rows stay the same.
 */
export function individualReliability(
  archetypeOf: Int32Array,
  arch: readonly Archetype[],
  seed = 3,
): Float64Array {
  const r = rng(seed);
  return Float64Array.from(archetypeOf, (a) => Math.min(1, arch[a]!.reliability * 2 * r()));
}

/** NDCG@k of an ordering of positions, the relevance of a position being `gain[pos]`. */
export function ndcgAt(
  order: ArrayLike<number>,
  gain: Float64Array,
  candidates: ArrayLike<number>,
  k: number,
): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, order.length); i++) dcg += gain[order[i]!]! / Math.log2(i + 2);
  const ideal = Array.from(candidates, (p) => gain[p]!).sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(k, ideal.length); i++) idcg += ideal[i]! / Math.log2(i + 2);
  return idcg > 0 ? dcg / idcg : 0;
}
