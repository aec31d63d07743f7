/**
 * Lookalike creators, the arithmetic: creators most like a seed (or a seed set), scored as
 * a sum of named parts so every result can say why it is there. Pure and typed-array based, so the
 * query worker can hold a million creators' features (8 × 4 bytes + a category mask each: 36 MB).
 *
 * - Features from the creator row: followers, 30-day views, GMV, units and videos, GPM (GMV per 1,000
 *   views), views per follower, engagement. All are heavy-tailed and go through log(x / unit + 0.01),
 *   the unit being the population's median positive value, so cents or dollars give the same numbers; each is then
 *   robust-scaled over the population (median, and the interquartile range / 1.349), so a unit change
 *   (cents for dollars) shifts every log by the same amount and changes nothing.
 * - A missing value (null, empty, not a number) stays missing: it is neither zero nor a match. The
 *   part is then "unknown" and earns what the creator's known numbers earn on average (half its
 *   weight when none is known), so a few holes neither sink a close creator nor lift a far one.
 * - Each numeric part is weight × 1 / (1 + (d / BANDWIDTH)²), d the scaled distance to the seed's
 *   (median) value (scales have a floor, MIN_SCALE): a creator about e times the seed keeps half;
 *   categories earn weight × the share of the seed's categories the creator has.
 */
import { FEATURES, type Part, type Reason } from '../query-types.ts';

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
  categorys?: unknown;
}

/** Default weight of each part (shown to the user and adjustable). */
export const DEFAULT_WEIGHTS: Readonly<Record<Part, number>> = {
  categories: 3,
  gpm: 2,
  gmv: 1.5,
  views: 1,
  followers: 1,
  units: 1,
  videos: 1,
  views_per_follower: 0.75,
  engagement: 0.75,
};

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

/** Scaled distance at which a numeric part keeps half its weight (0.4 × 2.5: about a factor e). */
export const BANDWIDTH = 0.4;
const INV_H2 = 1 / (BANDWIDTH * BANDWIDTH);

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
  const gpm = views > 0 && gmv >= 0 ? (gmv / views) * 1000 : Number.NaN;
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

function quantile(sorted: Float64Array, q: number): number {
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

/** The seed set's profile: per feature the median of the seeds' values (NaN when none has one). */
export interface Seed {
  values: Float64Array;
  raw: Float64Array;
  /** Categories of any seed. */
  cats: number;
  positions: ReadonlySet<number>;
}

export function seedOf(index: LookalikeIndex, positions: readonly number[]): Seed {
  const values = new Float64Array(F);
  const raw = new Float64Array(F);
  let cats = 0;
  for (const p of positions) cats |= index.cats[p]!;
  for (let j = 0; j < F; j++) {
    const vs: number[] = [];
    for (const p of positions) {
      const v = index.values[p * F + j]!;
      if (!Number.isNaN(v)) vs.push(v);
    }
    values[j] = quantile(Float64Array.from(vs).sort(), 0.5);
    raw[j] = unscale(index, values[j]!, j);
  }
  return { values, raw, cats: cats >>> 0, positions: new Set(positions) };
}

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** The parts of one creator's score against the seed, in FEATURES order then categories. */
export function scoreParts(
  index: LookalikeIndex,
  seed: Seed,
  pos: number,
  weights: Readonly<Record<Part, number>> = DEFAULT_WEIGHTS,
): { part: Part; value: number; known: boolean }[] {
  const out: { part: Part; value: number; known: boolean }[] = [];
  let knownSum = 0;
  let knownW = 0;
  for (let j = 0; j < F; j++) {
    const w = weights[FEATURES[j]!];
    const v = index.values[pos * F + j]!;
    const s = seed.values[j]!;
    if (Number.isNaN(v) || Number.isNaN(s)) out.push({ part: FEATURES[j]!, value: Number.NaN, known: false });
    else {
      const d = v - s;
      const value = w / (1 + d * d * INV_H2);
      knownSum += value;
      knownW += w;
      out.push({ part: FEATURES[j]!, value, known: true });
    }
  }
  // An unknown number earns what the creator's known numbers earn on average (half with none known).
  const share = knownW > 0 ? knownSum / knownW : UNKNOWN_SHARE;
  for (const p of out) if (!p.known) p.value = weights[p.part] * share;
  const seedCats = popcount(seed.cats);
  out.push(
    seedCats === 0
      ? { part: 'categories', value: weights.categories * UNKNOWN_SHARE, known: false }
      : {
          part: 'categories',
          value: (weights.categories * popcount(index.cats[pos]! & seed.cats)) / seedCats,
          known: true,
        },
  );
  return out;
}

export interface Lookalike {
  pos: number;
  id: number;
  score: number;
}

/**
 * The top `k` creators most like the seed, best first (ties by position), leaving out the seeds and,
 * when `allowed` is given, every position it marks 0 (the screen's filter, the blacklist).
 */
export function topLookalikes(
  index: LookalikeIndex,
  seed: Seed,
  k: number,
  opts: { weights?: Readonly<Record<Part, number>>; allowed?: Uint8Array } = {},
): Lookalike[] {
  const w = opts.weights ?? DEFAULT_WEIGHTS;
  const wf = new Float64Array(F);
  for (let j = 0; j < F; j++) wf[j] = w[FEATURES[j]!];
  const seedCats = popcount(seed.cats);
  const { values, cats, n } = index;
  const allowed = opts.allowed;
  const sv = Float64Array.from(seed.values);
  // The seed's categories part for each of the 2^popcount overlaps is popcount-driven: precomputed.
  const catPart = new Float64Array(33);
  for (let c = 0; c <= 32; c++)
    catPart[c] = seedCats === 0 ? w.categories * UNKNOWN_SHARE : (w.categories * c) / seedCats;
  // A bounded min-heap of the best k (score, pos); a lower position wins a tie.
  const hs = new Float64Array(k);
  const hp = new Int32Array(k);
  let size = 0;
  const better = (sa: number, pa: number, sb: number, pb: number) => sa > sb || (sa === sb && pa < pb);
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && better(hs[m]!, hp[m]!, hs[l]!, hp[l]!)) m = l;
      if (r < size && better(hs[m]!, hp[m]!, hs[r]!, hp[r]!)) m = r;
      if (m === i) return;
      [hs[i], hs[m]] = [hs[m]!, hs[i]!];
      [hp[i], hp[m]] = [hp[m]!, hp[i]!];
      i = m;
    }
  };
  const seedCatsMask = seed.cats;
  for (let pos = 0, base = 0; pos < n; pos++, base += F) {
    if (allowed && allowed[pos] === 0) continue;
    let known = 0;
    let knownW = 0;
    let unknownW = 0;
    for (let j = 0; j < F; j++) {
      const v = values[base + j]!;
      const s = sv[j]!;
      if (v !== v || s !== s) unknownW += wf[j]!;
      else {
        const d = v - s;
        known += wf[j]! / (1 + d * d * INV_H2);
        knownW += wf[j]!;
      }
    }
    const score =
      known +
      unknownW * (knownW > 0 ? known / knownW : UNKNOWN_SHARE) +
      catPart[popcount(cats[pos]! & seedCatsMask)]!;
    if (size === k && !better(score, pos, hs[0]!, hp[0]!)) continue;
    // Seeds are few: checked only for a creator good enough to enter the top.
    if (seed.positions.has(pos)) continue;
    if (size < k) {
      hs[size] = score;
      hp[size] = pos;
      size++;
      let i = size - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!better(hs[p]!, hp[p]!, hs[i]!, hp[i]!)) break;
        [hs[i], hs[p]] = [hs[p]!, hs[i]!];
        [hp[i], hp[p]] = [hp[p]!, hp[i]!];
        i = p;
      }
    } else {
      hs[0] = score;
      hp[0] = pos;
      siftDown(0);
    }
  }
  const out: Lookalike[] = [];
  for (let i = 0; i < size; i++) out.push({ pos: hp[i]!, id: index.ids[hp[i]!]!, score: hs[i]! });
  return out.sort((a, b) => b.score - a.score || a.pos - b.pos);
}

/**
 * The three strongest known parts of a result that say something, strongest first: what the screen
 * says in words. A number where the creator or the seed has none (zero sales, no videos) is left out
 * of the words though it counts in the score: "GPM $0.00, like the seed ($0.00)" is true of most
 * creators when the seed sells nothing, so it would read the same under every result.
 */
export function topReasons(
  index: LookalikeIndex,
  seed: Seed,
  pos: number,
  weights: Readonly<Record<Part, number>> = DEFAULT_WEIGHTS,
  count = 3,
): Reason[] {
  const out: Reason[] = [];
  const parts = scoreParts(index, seed, pos, weights)
    .filter((p) => p.known && p.value > 0)
    .sort((a, b) => b.value - a.value);
  for (const p of parts) {
    if (out.length === count) break;
    if (p.part === 'categories') {
      const shared = index.categoryNames.filter((_, b) => (index.cats[pos]! & seed.cats & (1 << b)) !== 0);
      if (shared.length) out.push({ part: p.part, value: p.value, shared });
      continue;
    }
    const j = FEATURES.indexOf(p.part);
    const mine = unscale(index, index.values[pos * F + j]!, j);
    const of = seed.raw[j]!;
    if (mine > 0 && of > 0) out.push({ part: p.part, value: p.value, mine, seed: of });
  }
  return out;
}
