/**
 * A plan's cost lines from the mirror with this member's unsent changes on top (src/db/queries.ts),
 * newest first (as /plan/cost.list), and how many of those changes the server has not accepted yet: the net profit is
 * the server's sum, so the panel says what it does not count yet. Live: a teammate's line, or the
 * server's copy of one saved here, shows as soon as a pull brings it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalDB } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { liveEffects, overlayRows } from '../../db/overlay.ts';
import { sessionEntries } from '../../db/queries.ts';
import type { CostLine } from './cost-rules.ts';

export interface PlanCosts {
  lines: CostLine[];
  /** Changes to this plan's lines the figure does not count yet (not sent, or accepted and not pulled). */
  unsent: number;
  /** The lines those changes touch. */
  inFlight: ReadonlySet<number>;
  /** Changes whenever the server's lines of the plan change (the net profit reads again then). */
  serverKey: string;
}

/** Server ids grow; temporary ids (src/db/temp-id.ts) fall below 0 and further the newer they are. */
const newestFirst = (a: CostLine, b: CostLine): number =>
  a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : b.id < 0 ? 1 : b.id - a.id;

export function readPlanCosts(db: LocalDB, planId: number): Promise<PlanCosts> {
  // One read transaction, so the mirror and the outbox are read in one state (src/db/queries.ts).
  return db.transaction('r', db.plan_costs, db.outbox, db.meta, async () => {
    // Only the plan's lines are read: a workspace may hold many (COSTS_MAX), most of other plans.
    const base = await db.plan_costs.where('plan_id').equals(planId).toArray();
    const entries = await sessionEntries(db);
    // A correction of another plan's line overlays a row without this plan's id: filtered out.
    const lines = overlayRows(base, liveEffects(entries, 'plan_costs')).filter((r) => r.plan_id === planId);
    // The plan's lines as shown: a line accepted but not pulled yet has its server id already.
    const ofPlan = new Set([...base, ...lines].map((r) => r.id));
    let unsent = 0;
    const inFlight = new Set<number>();
    for (const e of entries) {
      const fx = e.effect;
      // Failed entries no longer apply; an accepted one counts until the pull that settles it.
      if (!fx || fx.table !== 'plan_costs' || e.state === 'failed') continue;
      const ids = fx.kind === 'delete' ? fx.ids : fx.kind === 'upsert' ? [fx.row.id] : [];
      const mine = ids.filter((id) => ofPlan.has(id));
      if (!mine.length) continue;
      unsent++;
      for (const id of mine) inFlight.add(id);
    }
    return {
      lines: lines.sort(newestFirst),
      unsent,
      inFlight,
      serverKey: `${base.length}:${base.reduce((s, r) => s + r.version, 0)}`,
    };
  });
}

/** Undefined while the mirror is read. */
export function usePlanCosts(planId: number): PlanCosts | undefined {
  return useLiveQuery(() => readPlanCosts(localDb, planId), [planId]);
}
