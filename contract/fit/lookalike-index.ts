/**
 * The creators' features as the lookalike and fit rankings read them (src/workers/rank/similar.ts,
 * contract/fit/fit.ts): each heavy-tailed number from the creator row logged in the population's own
 * unit and robust-scaled over the population, a missing value kept missing, and the first 32
 * categories met as bits. Pure and typed-array based, so the query worker can hold a million
 * creators and the server can build the same index from the same rows.
 */
import { FEATURES } from './types.ts';

const F = FEATURES.length;

/** The creator fields the features are read from (the mirror's row). */
export interface LookalikeRow {
  id: number;
  follower_count?: unknown;
  video_view_t30?: unknown;
  gmv_t30?: unknown;
  units_sold_t30?: unknown;
  video_publish_t30?: unknown;
  video_engagement_t30?: unknown;
  /** GMV per 1,000 views as TikTok reports it; 0 or absent: derived from GMV and views. */
  gpm_t30?: unknown;
  categorys?: unknown;
}

/**
 * The smallest robust scale a feature gets (in log units): a feature whose population is narrow
 * (posting rate, engagement) would otherwise turn a 30 % difference into a large distance and drown
 * the features that tell creators apart. Tuned on lookalike-gen.ts (recall@50 0.79 without it).
 */
export const MIN_SCALE = 2.5;

/**
 * Values are logged as log(x / unit + LOG_FLOOR): relative differences count the same from a
 * hundredth of the typical value up, and a zero stays finite.
 */
export const LOG_FLOOR = 0.01;

/** A part earns this share of its weight when nothing comparable is known (no numbers, no seed categories). */
export const UNKNOWN_SHARE = 0.5;

const num = (v: unknown): number => {
  if (v === null || v === undefined || v === '') return Number.NaN;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : Number.NaN;
};

/** The features of one row in their own units (GPM per 1,000 views, views per follower), NaN where missing. */
export function rawFeatures(r: LookalikeRow): number[] {
  const followers = num(r.follower_count);
  const views = num(r.video_view_t30);
  const gmv = num(r.gmv_t30);
  // TikTok's own figure when the shop gave one: GMV and views may come from two sources of two dates.
  const reported = num(r.gpm_t30);
  const gpm = reported > 0 ? reported : views > 0 && gmv >= 0 ? (gmv / views) * 1000 : Number.NaN;
  const vpf = followers > 0 && views >= 0 ? views / followers : Number.NaN;
  return [
    followers,
    views,
    gmv,
    num(r.units_sold_t30),
    num(r.video_publish_t30),
    gpm,
    vpf,
    num(r.video_engagement_t30),
  ];
}

export interface LookalikeIndex {
  n: number;
  ids: Float64Array;
  /** n × FEATURES scaled values, NaN where missing. */
  values: Float32Array;
  /** Bit i: the creator has categoryNames[i] (the first 32 categories met). */
  cats: Uint32Array;
  categoryNames: string[];
  /** Per feature: the unit the values are logged in (the median of the positive values), so cents or dollars log the same. */
  unit: Float64Array;
  /**
   * Per feature: the median of the positive values, 0 when no creator has one. What the words compare
   * a creator with: the median over everyone is 0 whenever most creators have none (no sales in 30
   * days is common), and "0× your typical creator" says nothing.
   */
  typical: Float64Array;
  /** Per feature: median and robust scale of the logged values. */
  median: Float64Array;
  scale: Float64Array;
}

const splitCats = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

/** Features of every row, scaled over these rows. */
export function buildIndex(rows: readonly LookalikeRow[]): LookalikeIndex {
  const n = rows.length;
  const ids = new Float64Array(n);
  const cats = new Uint32Array(n);
  const categoryNames: string[] = [];
  const catBit = new Map<string, number>();
  const catsOf = new Map<string, number>();
  // The raw values go straight into the result, logged and scaled in place once the units are known.
  const values = new Float32Array(n * F);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    ids[i] = r.id;
    const f = rawFeatures(r);
    for (let j = 0; j < F; j++) values[i * F + j] = f[j]!;
    // Most creators share a few category strings: each is split once.
    const key = typeof r.categorys === 'string' ? r.categorys : '';
    let mask = catsOf.get(key);
    if (mask === undefined) {
      mask = 0;
      for (const c of splitCats(key)) {
        let bit = catBit.get(c);
        if (bit === undefined && categoryNames.length < 32) {
          bit = categoryNames.length;
          catBit.set(c, bit);
          categoryNames.push(c);
        }
        if (bit !== undefined) mask |= 1 << bit;
      }
      mask >>>= 0;
      catsOf.set(key, mask);
    }
    cats[i] = mask;
  }
  const median = new Float64Array(F);
  const scale = new Float64Array(F);
  const unit = new Float64Array(F);
  const typical = new Float64Array(F);
  const col = new Float64Array(n);
  for (let j = 0; j < F; j++) {
    // log(x / unit + LOG_FLOOR): a unit change (cents for dollars) divides out before the log.
    let c = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i * F + j]!;
      if (v > 0) col[c++] = v;
    }
    const u = quantile(col.subarray(0, c).sort(), 0.5);
    unit[j] = u > 0 ? u : 1;
    typical[j] = u > 0 ? u : 0;
    for (let i = 0; i < n; i++) values[i * F + j] = Math.log(values[i * F + j]! / unit[j]! + LOG_FLOOR);
    c = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i * F + j]!;
      if (v === v) col[c++] = v;
    }
    const sorted = col.subarray(0, c).sort();
    median[j] = quantile(sorted, 0.5);
    const iqr = quantile(sorted, 0.75) - quantile(sorted, 0.25);
    scale[j] = Math.max(iqr / 1.349, MIN_SCALE);
  }
  for (let i = 0; i < n * F; i++) {
    const j = i % F;
    values[i] = (values[i]! - median[j]!) / scale[j]!;
  }
  return { n, ids, values, cats, categoryNames, unit, typical, median, scale };
}

/**
 * A scaled value back in the row's own unit (for the reasons' words); NaN stays NaN. A zero comes
 * back as exactly 0 (the float32 round trip would leave a few millionths of the unit), so the words
 * can tell "none" from "a little".
 */
export const unscale = (index: LookalikeIndex, v: number, j: number): number => {
  const x = Math.exp(v * index.scale[j]! + index.median[j]!) - LOG_FLOOR;
  return x <= ZERO_BELOW ? 0 : x * index.unit[j]!;
};
/** Below this share of the unit a value reads as zero (float32 keeps about 1e-7 of a logged value). */
const ZERO_BELOW = LOG_FLOOR * 1e-4;
