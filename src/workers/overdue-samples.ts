/**
 * "Samples without content" from the mirror, in the query worker: the same rows, value at stake,
 * post-by days, days overdue and order as the server's list (server/services/samples-overdue.service.ts),
 * which tests/sync/overdue-parity.test.ts holds them to on both engines.
 *
 * A sample is overdue when its plan_creators row is at "shipped" with a sample time, its plan and
 * creator are live, and it was shipped before the plan's cut-off (contract/shop-time.ts
 * `overdueBefore`: the shipping day in the shop's time zone plus the plan's post-within days has
 * ended). The OVERDUE_LIST_MAX earliest post-by moments (shipping time + the plan's days, then the
 * row id) are kept, then shown most overdue first (days overdue, then shipping time).
 *
 * Cost: one pass over the samples with a per-plan cut-off, a numeric sort of the overdue keys to
 * find the kept ones, and the calendar (Intl) only for the rows answered.
 */
import { COUNTRIES, type Country } from '../../contract/constants.ts';
import { OVERDUE_LIST_MAX } from '../../contract/limits.ts';
import type { OverdueSampleRow } from '../../contract/schemas/content.ts';
import { daysOverdue, overdueBefore, postByDay } from '../../contract/shop-time.ts';
import type { SyncRows } from '../../contract/sync.ts';

export type OverduePlan = Pick<
  SyncRows['plans'],
  | 'id'
  | 'name'
  | 'country'
  | 'product_ids'
  | 'sample_cost'
  | 'shipping_cost'
  | 'post_within_days'
  | 'chat_template_id'
>;
export type OverdueSample = Pick<
  SyncRows['plan_creators'],
  'id' | 'plan_id' | 'creator_id' | 'stage' | 'sample_time'
>;
export type OverdueCreator = { unique_id: string; daren_name: string; nick_name: string };
export type OverdueProduct = Pick<SyncRows['products'], 'product_id' | 'product_title'>;

/** The mirror's rows the list reads: live rows only (the mirror holds no tombstones). */
export interface OverdueMirror {
  plans: readonly OverduePlan[];
  samples: readonly OverdueSample[];
  creators: ReadonlyMap<number, OverdueCreator>;
  /** Products by row id (a plan names its products by row id). */
  products: ReadonlyMap<number, OverdueProduct>;
}

export interface OverdueAnswer {
  rows: OverdueSampleRow[];
  /** Overdue samples in all (rows holds the OVERDUE_LIST_MAX most overdue). */
  total: number;
}

const isCountry = (c: string): c is Country => (COUNTRIES as readonly string[]).includes(c);

interface PlanCut {
  plan: OverduePlan;
  country: Country;
  before: number;
  withinSeconds: number;
}

/** The overdue samples at unix second `at`, of one plan when `planId` is given (none when it is not a plan). */
export function overdueFromMirror(m: OverdueMirror, at: number, planId?: number): OverdueAnswer {
  const cuts = new Map<number, PlanCut>();
  for (const p of m.plans) {
    if (!isCountry(p.country) || (planId !== undefined && p.id !== planId)) continue;
    const within = Number(p.post_within_days);
    cuts.set(p.id, {
      plan: p,
      country: p.country,
      before: overdueBefore(at, within, p.country),
      withinSeconds: within * 86_400,
    });
  }
  if (!cuts.size) return { rows: [], total: 0 };

  // Overdue samples as indexes into m.samples, with their post-by moment.
  const found: number[] = [];
  const keys: number[] = [];
  const { samples, creators } = m;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (s.stage !== 'shipped' || !(s.sample_time > 0)) continue;
    const cut = cuts.get(s.plan_id);
    if (!cut || !(s.sample_time < cut.before) || !creators.has(s.creator_id)) continue;
    found.push(i);
    keys.push(s.sample_time + cut.withinSeconds);
  }
  const total = found.length;
  if (!total) return { rows: [], total: 0 };

  // The kept ones: post-by moments up to the OVERDUE_LIST_MAX-th, found with a numeric sort.
  let kept = found.map((_, j) => j);
  if (total > OVERDUE_LIST_MAX) {
    const sorted = Float64Array.from(keys).sort();
    const edge = sorted[OVERDUE_LIST_MAX - 1]!;
    kept = kept.filter((j) => keys[j]! <= edge);
  }
  kept.sort((a, b) => keys[a]! - keys[b]! || samples[found[a]!]!.id - samples[found[b]!]!.id);
  if (kept.length > OVERDUE_LIST_MAX) kept.length = OVERDUE_LIST_MAX;

  const productsOf = new Map<number, OverdueSampleRow['products']>();
  const plansProducts = (cut: PlanCut): OverdueSampleRow['products'] => {
    let list = productsOf.get(cut.plan.id);
    if (!list) {
      list = [];
      for (const id of String(cut.plan.product_ids).split(',').filter(Boolean)) {
        const p = m.products.get(Number(id));
        if (p) list.push({ product_id: String(p.product_id), title: p.product_title });
      }
      productsOf.set(cut.plan.id, list);
    }
    return list;
  };

  const rows = kept.map((j): OverdueSampleRow => {
    const s = samples[found[j]!]!;
    const cut = cuts.get(s.plan_id)!;
    const { plan, country } = cut;
    const c = creators.get(s.creator_id)!;
    const by = postByDay(s.sample_time, Number(plan.post_within_days), country);
    return {
      plan_id: plan.id,
      plan_name: plan.name,
      country,
      creator_id: s.creator_id,
      handle: c.unique_id,
      name: c.daren_name || c.nick_name || '',
      products: plansProducts(cut),
      sample_cost: Math.round((Number(plan.sample_cost) + Number(plan.shipping_cost)) * 100) / 100,
      sample_time: s.sample_time,
      post_by: by,
      days_overdue: daysOverdue(by, at, country),
      chat_template_id: Number(plan.chat_template_id),
    };
  });
  rows.sort((a, b) => b.days_overdue - a.days_overdue || a.sample_time - b.sample_time);
  return { rows, total };
}
