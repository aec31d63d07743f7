/**
 * What the page sends the query worker to rank creators for a plan (rank/fit.ts does the ranking):
 * the seller's outcomes with each creator, read from the mirrored plan members and sales
 * (contract/fit/outcomes.ts); the
 * weights the user keeps on this device; and the best sellers the similar-creator list starts from.
 * Pure functions of mirrored rows.
 */
import type { RowOf } from '../../../contract/sync.ts';
import {
  DEFAULT_FIT_WEIGHTS,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitWeights,
} from '../../workers/query-types.ts';

// The outcomes are counted the same way by the server's fit (sample approval rules).
export { outcomesOf, POST_GRACE_DAYS } from '../../../contract/fit/outcomes.ts';

/** Weights as stored (anything): each part a number from 0 to FIT_WEIGHT_MAX, the default where not. */
export function readWeights(raw: unknown): FitWeights {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out = { ...DEFAULT_FIT_WEIGHTS };
  for (const p of FIT_PARTS) {
    const v = o[p];
    if (typeof v === 'number' && Number.isFinite(v)) out[p] = Math.max(0, Math.min(FIT_WEIGHT_MAX, v));
  }
  return out;
}

/** Creators by their counted sales (all products), most first, those without sales left out. */
export function bestSellers(sales: readonly RowOf<'creator_sales'>[], limit: number): number[] {
  const by = new Map<number, number>();
  for (const s of sales) {
    const gmv = s.gmv ?? 0;
    if (Number.isFinite(gmv) && gmv > 0) by.set(s.creator_id, (by.get(s.creator_id) ?? 0) + gmv);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
}
