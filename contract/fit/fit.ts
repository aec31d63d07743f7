/**
 * Fit for a plan, the arithmetic: the workspace's creators ranked for a plan's products as
 * a sum of named parts, each a share (0–1) of its weight, so the score is never an opaque number:
 *
 * - `category`: the share of the plan's product categories the creator has;
 * - performance from the creator row, higher is better: GPM, 30-day GMV, views, videos and
 *   engagement, each the logistic of its robust-scaled log (lookalike-index.ts), so the workspace's typical
 *   creator earns half and ten times typical about 0.86;
 * - the seller's own outcomes with the creator, from every plan of the workspace (`outcomesOf`):
 *   reply rate, samples that became a post, and sales per sample from imported or entered orders.
 *   Rates are smoothed ((k + 1) / (n + 2)), so one reply is promising, not proof.
 *
 * A part nobody knows (no numbers, never contacted, no sample sent, a plan without categories) is
 * "unknown" and earns what the creator's known parts earn on average, as in lookalikes: a creator the
 * seller never tried is neither sunk nor lifted by it. The score is 100 × Σ weight × share / Σ weight.
 */
import { UNKNOWN_SHARE, unscale, type LookalikeIndex } from './lookalike-index.ts';
import {
  FEATURES,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitPart,
  type FitPartValue,
  type FitSpec,
  type Outcome,
} from './types.ts';

/** The performance parts and the lookalike feature each reads. */
const PERF: readonly [FitPart, (typeof FEATURES)[number]][] = [
  ['gpm', 'gpm'],
  ['gmv', 'gmv'],
  ['views', 'views'],
  ['videos', 'videos'],
  ['engagement', 'engagement'],
];
const PERF_COL = PERF.map(([, f]) => FEATURES.indexOf(f));
const F = FEATURES.length;
/** The logistic's steepness on a robust-scaled log (scales are ≥ 2.5 log units: 10× typical ≈ 0.86). */
const STEEP = 2;

/** How many tries' worth of the workspace's rate a creator's own rate is drawn toward. */
export const PRIOR_WEIGHT = 2;
/** FIT_PARTS from this index on are the seller's outcomes. */
const OUTCOME_FROM = 6;

/** The plan's categories that creators have (case-insensitively), as the index's category bits. */
export function categoryMask(
  index: LookalikeIndex,
  categories: readonly string[],
): { mask: number; count: number } {
  const wanted = new Set(categories.map((c) => c.trim().toLowerCase()).filter(Boolean));
  let mask = 0;
  index.categoryNames.forEach((name, bit) => {
    if (wanted.has(name.toLowerCase())) mask |= 1 << bit;
  });
  return { mask: mask >>> 0, count: wanted.size };
}

/** The spec resolved against an index, reused for every creator. */
export interface FitContext {
  w: Float64Array;
  catMask: number;
  catCount: number;
  /** Position → index in `outcomes.rows` + 1 (0: no outcome). */
  outcomeAt: Int32Array;
  outcomes: Outcome[];
  /** The median sales per sample among creators with samples (the "typical" of the sales part). */
  typicalSales: number;
  /** The workspace's reply and post rates: what a creator not tried yet is expected to do. */
  replyPrior: number;
  postPrior: number;
}

export function fitContext(
  index: LookalikeIndex,
  spec: FitSpec,
  positionOf: (id: number) => number | undefined,
  /** A buffer of index.n to reuse for `outcomeAt` (the worker keeps one: 4 MB at a million). */
  scratch?: Int32Array,
): FitContext {
  const w = Float64Array.from(FIT_PARTS, (p) =>
    Math.max(0, Math.min(FIT_WEIGHT_MAX, Number(spec.weights[p]) || 0)),
  );
  const { mask, count } = categoryMask(index, spec.categories);
  const outcomeAt = scratch?.length === index.n ? scratch.fill(0) : new Int32Array(index.n);
  spec.outcomes.ids.forEach((id, i) => {
    const pos = positionOf(id);
    if (pos !== undefined && pos < index.n) outcomeAt[pos] = i + 1;
  });
  const perSample = spec.outcomes.rows
    .filter((o) => o.samples > 0)
    .map((o) => o.gmv / o.samples)
    .sort((a, b) => a - b);
  const mid = perSample.length ? perSample[Math.floor((perSample.length - 1) / 2)]! : 0;
  const sum = (f: (o: Outcome) => number) => spec.outcomes.rows.reduce((a, o) => a + f(o), 0);
  const contacted = sum((o) => o.contacted);
  const shipped = sum((o) => o.shipped);
  return {
    replyPrior: contacted > 0 ? sum((o) => o.replied) / contacted : UNKNOWN_SHARE,
    postPrior: shipped > 0 ? sum((o) => o.posted) / shipped : UNKNOWN_SHARE,
    w,
    catMask: mask,
    catCount: count,
    outcomeAt,
    outcomes: spec.outcomes.rows,
    typicalSales: mid > 0 ? mid : 1,
  };
}

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/**
 * The known shares of one creator's parts in FIT_PARTS order (NaN: unknown), written into `out`.
 * The hot loop of the ranking: no allocation.
 */
function shares(index: LookalikeIndex, ctx: FitContext, pos: number, out: Float64Array): void {
  out[0] = ctx.catCount > 0 ? popcount(index.cats[pos]! & ctx.catMask) / ctx.catCount : Number.NaN;
  for (let i = 0; i < PERF_COL.length; i++) {
    const v = index.values[pos * F + PERF_COL[i]!]!;
    out[1 + i] = v === v ? 1 / (1 + Math.exp(-STEEP * v)) : Number.NaN;
  }
  const at = ctx.outcomeAt[pos]!;
  const o = at ? ctx.outcomes[at - 1]! : undefined;
  const r = 1 + PERF_COL.length;
  // Outcomes: a rate drawn toward the workspace's (PRIOR_WEIGHT tries' worth), the prior when untried.
  out[r] = o ? (o.replied + PRIOR_WEIGHT * ctx.replyPrior) / (o.contacted + PRIOR_WEIGHT) : ctx.replyPrior;
  out[r + 1] = o ? (o.posted + PRIOR_WEIGHT * ctx.postPrior) / (o.shipped + PRIOR_WEIGHT) : ctx.postPrior;
  if (o && o.samples > 0) {
    const sps = o.gmv / o.samples;
    out[r + 2] = sps / (sps + ctx.typicalSales);
  } else out[r + 2] = UNKNOWN_SHARE;
}

/** The average share of the creator's known numbers (category and performance), for its unknown ones. */
function numbersAverage(w: Float64Array, s: Float64Array): number {
  let known = 0;
  let knownW = 0;
  for (let i = 0; i < OUTCOME_FROM; i++)
    if (s[i] === s[i]) {
      known += w[i]! * s[i]!;
      knownW += w[i]!;
    }
  return knownW > 0 ? known / knownW : UNKNOWN_SHARE;
}

/** The score: 100 × Σ w·share / Σ w, an unknown number taking the known numbers' average. */
function total(w: Float64Array, s: Float64Array, allW: number): number {
  if (allW === 0) return 0;
  const avg = numbersAverage(w, s);
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += w[i]! * (s[i] === s[i] ? s[i]! : avg);
  return (100 * sum) / allW;
}

/** One creator's score, as the ranking computes it (the server judges a sample application by it). */
export function fitScore(index: LookalikeIndex, ctx: FitContext, pos: number): number {
  const s = new Float64Array(FIT_PARTS.length);
  shares(index, ctx, pos, s);
  return total(
    ctx.w,
    s,
    ctx.w.reduce((a, b) => a + b, 0),
  );
}

/** Every part of one creator's fit, in FIT_PARTS order; the points add up to the score. */
export function fitParts(index: LookalikeIndex, ctx: FitContext, pos: number): FitPartValue[] {
  const s = new Float64Array(FIT_PARTS.length);
  shares(index, ctx, pos, s);
  const allW = ctx.w.reduce((a, b) => a + b, 0);
  const avg = numbersAverage(ctx.w, s);
  const at = ctx.outcomeAt[pos]!;
  const o = at ? ctx.outcomes[at - 1] : undefined;
  const tried = [o && o.contacted > 0, o && o.shipped > 0, o && o.samples > 0];
  return FIT_PARTS.map((part, i): FitPartValue => {
    const isKnown = i < OUTCOME_FROM ? s[i] === s[i] : Boolean(tried[i - OUTCOME_FROM]);
    const share = s[i] === s[i] ? s[i]! : avg;
    const points = allW > 0 ? (100 * ctx.w[i]! * share) / allW : 0;
    const out: FitPartValue = { part, points, known: isKnown };
    if (!isKnown) return out;
    if (i >= 1 && i <= PERF_COL.length) {
      const j = PERF_COL[i - 1]!;
      out.mine = unscale(index, index.values[pos * F + j]!, j);
      // The median above zero: the median over all is 0 when most creators have none.
      out.typical = index.typical[j]!;
    } else if (part === 'category') out.of = [Math.round(s[0]! * ctx.catCount), ctx.catCount];
    else if (part === 'reply') out.of = [o!.replied, o!.contacted];
    else if (part === 'post') out.of = [o!.posted, o!.shipped];
    else if (part === 'sales') {
      out.mine = o!.gmv / o!.samples;
      out.typical = ctx.typicalSales;
    }
    return out;
  });
}

export interface Fit {
  pos: number;
  id: number;
  score: number;
}

/**
 * The `k` best fits among `allowed` positions (all when omitted) not in `excluded` (checked only for a
 * creator good enough to enter: the plan's own are few), best first, ties by position.
 */
export function topFits(
  index: LookalikeIndex,
  ctx: FitContext,
  k: number,
  allowed?: Uint8Array,
  excluded?: ReadonlySet<number>,
): Fit[] {
  const s = new Float64Array(FIT_PARTS.length);
  const allW = ctx.w.reduce((a, b) => a + b, 0);
  const best: Fit[] = [];
  let floor = -Infinity;
  for (let pos = 0; pos < index.n; pos++) {
    if (allowed && allowed[pos] === 0) continue;
    shares(index, ctx, pos, s);
    const score = total(ctx.w, s, allW);
    if (score <= floor || excluded?.has(pos)) continue;
    best.push({ pos, id: index.ids[pos]!, score });
    if (best.length > k * 4) {
      best.sort((a, b) => b.score - a.score || a.pos - b.pos);
      best.length = k;
      floor = best[k - 1]!.score;
    }
  }
  best.sort((a, b) => b.score - a.score || a.pos - b.pos);
  return best.slice(0, k);
}
