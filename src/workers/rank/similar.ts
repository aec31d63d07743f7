/**
 * Lookalike creators, the arithmetic: creators most like a seed (or a seed set), scored as
 * a sum of named parts so every result can say why it is there. Pure and typed-array based, so the
 * query worker can hold a million creators' features (8 × 4 bytes + a category mask each: 36 MB).
 *
 * - Features from the creator row (contract/fit/lookalike-index.ts, shared with the server's fit): followers, 30-day views, GMV, units and videos, GPM (GMV per 1,000
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
import {
  buildIndex,
  quantile,
  UNKNOWN_SHARE,
  unscale,
  type LookalikeIndex,
  type LookalikeRow,
} from '../../../contract/fit/lookalike-index.ts';
import { FEATURES, type Part, type Reason } from '../query-types.ts';

// The features and their scaling are shared with the server's fit (contract/fit/lookalike-index.ts).
export { buildIndex };
export type { LookalikeIndex, LookalikeRow };

const F = FEATURES.length;

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

/** Scaled distance at which a numeric part keeps half its weight (0.4 × 2.5: about a factor e). */
export const BANDWIDTH = 0.4;
const INV_H2 = 1 / (BANDWIDTH * BANDWIDTH);

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
