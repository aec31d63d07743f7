/**
 * What the page sends the query worker to rank creators for a plan (rank/fit.ts does the ranking):
 * the seller's outcomes with each creator, read from the mirrored plan members and sales; the
 * weights the user keeps on this device; and the best sellers the similar-creator list starts from.
 * Pure functions of mirrored rows.
 */
import { PLAN_STAGES, type PlanStage } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import {
  DEFAULT_FIT_WEIGHTS,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitWeights,
  type Outcome,
  type Outcomes,
} from '../../workers/query-types.ts';
import { samplesSent } from '../plans/money-rules.ts';

/** A shipped sample counts as "not posted" once content is this overdue (content is due on day 14). */
export const POST_GRACE_DAYS = 21;

/** Stages that mean the creator answered: "replied" through "selling" on the path, and "declined". */
const path = (from: PlanStage, to: PlanStage) =>
  PLAN_STAGES.slice(PLAN_STAGES.indexOf(from), PLAN_STAGES.indexOf(to) + 1);
const REPLIED = new Set<string>([...path('replied', 'selling'), 'declined']);
const POSTED = new Set<string>(path('posted', 'selling'));

/** Every creator's outcomes from the mirrored plan members and `creator_sales` rows (pure). */
export function outcomesOf(
  members: readonly RowOf<'plan_creators'>[],
  sales: readonly RowOf<'creator_sales'>[],
  now: number,
): Outcomes {
  const by = new Map<number, Outcome>();
  const get = (id: number): Outcome => {
    let o = by.get(id);
    if (!o) by.set(id, (o = { contacted: 0, replied: 0, shipped: 0, posted: 0, samples: 0, gmv: 0 }));
    return o;
  };
  for (const mem of members) {
    const stage = mem.stage ?? '';
    const o = get(mem.creator_id);
    if (REPLIED.has(stage) || stage === 'no_reply' || stage === 'contacted') {
      // "contacted" today has not answered yet: counted once a week has gone by without a move.
      const waiting = stage === 'contacted' && now - (mem.stage_time ?? 0) < 7 * 86_400;
      if (!waiting) {
        o.contacted++;
        if (REPLIED.has(stage)) o.replied++;
      }
    }
    // Only a sample that was sent counts (a creator an orders import moved to "selling" got none).
    if (samplesSent(mem)) {
      o.samples++;
      const sentAt = (mem.sample_time ?? 0) || (mem.stage_time ?? 0);
      const overdue = now - sentAt >= POST_GRACE_DAYS * 86_400;
      if (POSTED.has(stage) || overdue) {
        o.shipped++;
        if (POSTED.has(stage)) o.posted++;
      }
    }
  }
  for (const s of sales) {
    const gmv = s.gmv ?? 0;
    if (Number.isFinite(gmv) && gmv > 0) get(s.creator_id).gmv += gmv;
  }
  const ids: number[] = [];
  const rows: Outcome[] = [];
  for (const [id, o] of by) {
    if (o.contacted + o.shipped + o.samples === 0 && o.gmv === 0) continue;
    ids.push(id);
    rows.push(o);
  }
  return { ids, rows };
}

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
