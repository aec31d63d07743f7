/**
 * The seller's outcomes with each creator, counted from plan members and counted sales: the app
 * reads its mirrored rows, the server its tables, and both rank by the same counts
 * (contract/fit/fit.ts).
 */
import { PLAN_STAGES, type PlanStage } from '../limits.ts';
import { samplesSent } from '../plan-samples.ts';
import type { RowOf } from '../sync.ts';
import type { Outcome, Outcomes } from './types.ts';

/** What outcomes read of a plan member and of a `creator_sales` row. */
export type Member = {
  creator_id: number;
  stage?: string | null;
  stage_time?: number | null;
  sample_time?: number | null;
};
export type Sale = Pick<RowOf<'creator_sales'>, 'creator_id' | 'gmv'>;

/** A shipped sample counts as "not posted" once content is this overdue (content is due on day 14). */
export const POST_GRACE_DAYS = 21;

/** Stages that mean the creator answered: "replied" through "selling" on the path, and "declined". */
const path = (from: PlanStage, to: PlanStage) =>
  PLAN_STAGES.slice(PLAN_STAGES.indexOf(from), PLAN_STAGES.indexOf(to) + 1);
const REPLIED = new Set<string>([...path('replied', 'selling'), 'declined']);
/** Stages that mean the creator posted content: "content posted" and "selling". */
export const POSTED: ReadonlySet<string> = new Set<string>(path('posted', 'selling'));

/** Every creator's outcomes from the plan members and `creator_sales` rows (pure). */
export function outcomesOf(members: readonly Member[], sales: readonly Sale[], now: number): Outcomes {
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
