/**
 * A plan's money from the mirrored `creator_sales` rows (counted sales per creator and
 * TikTok product, server/services/order-sums.ts): a plan earns its creators' sales of its own
 * products, summed in whole cents so totals are exact. Samples cost the plan its `sample_cost` +
 * `shipping_cost` for every creator whose samples were recorded as sent (moved to "shipped"; a sale
 * that moved a creator to "selling" sent no sample), and ROI = (GMV − commission − sample cost) /
 * (commission + sample cost). Pure, so it is tested apart and cheap to run on every change.
 */
import { samplesSent } from '../../../contract/plan-samples.ts';
import type { RowOf } from '../../../contract/sync.ts';

export interface Money {
  gmv: number;
  /** Orders per product line: an order with two of the plan's products counts for each. */
  orders: number;
  units: number;
  commission: number;
  /** The sales' currency ('' when the files named none, or when they mixed currencies). */
  currency: string;
}

export const NO_MONEY: Money = { gmv: 0, orders: 0, units: 0, commission: 0, currency: '' };

/** The TikTok product ids of a plan: its product rows' `product_id`. */
export function planProductIds(plan: RowOf<'plans'>, products: readonly RowOf<'products'>[]): Set<string> {
  const ids = new Set((plan.product_ids ?? '').split(',').filter(Boolean));
  return new Set(products.filter((p) => ids.has(String(p.id))).map((p) => p.product_id));
}

const cents = (v: unknown): number => Math.round(Number(v ?? 0) * 100);

function add(into: Money, s: RowOf<'creator_sales'>): Money {
  const currency = s.currency ?? '';
  return {
    gmv: (cents(into.gmv) + cents(s.gmv)) / 100,
    orders: into.orders + (s.orders ?? 0),
    units: into.units + (s.units ?? 0),
    commission: (cents(into.commission) + cents(s.commission)) / 100,
    currency: into.orders === 0 && into.gmv === 0 ? currency : into.currency === currency ? currency : '',
  };
}

/** Each creator's sales of these products (creators without any are left out). */
export function creatorMoney(
  sales: readonly RowOf<'creator_sales'>[],
  productIds: ReadonlySet<string>,
): Map<number, Money> {
  const out = new Map<number, Money>();
  for (const s of sales) {
    if (!productIds.has(s.product_id)) continue;
    const id = s.creator_id;
    out.set(id, add(out.get(id) ?? NO_MONEY, s));
  }
  return out;
}

/** What a plan earned: the sales of its products by the creators in it now. */
export function planMoney(
  planId: number,
  productIds: ReadonlySet<string>,
  members: readonly RowOf<'plan_creators'>[],
  sales: readonly RowOf<'creator_sales'>[],
): Money {
  const inPlan = new Set(members.filter((m) => m.plan_id === planId).map((m) => m.creator_id));
  let total = NO_MONEY;
  for (const s of sales) if (inPlan.has(s.creator_id) && productIds.has(s.product_id)) total = add(total, s);
  return total;
}

/** Whether a plan creator's samples were sent (shared with the server's net profit). */
export { samplesSent };

/** What one creator's samples cost this plan. */
export const sampleCostEach = (plan: RowOf<'plans'>): number =>
  (plan.sample_cost ?? 0) + (plan.shipping_cost ?? 0);

/** The plan's sample cost: its creators whose samples were sent, each at the plan's cost. */
export function planSamples(
  plan: RowOf<'plans'>,
  members: readonly RowOf<'plan_creators'>[],
): { shipped: number; cost: number } {
  const shipped = members.filter((m) => m.plan_id === plan.id && samplesSent(m)).length;
  return { shipped, cost: (shipped * cents(sampleCostEach(plan))) / 100 };
}

/** ROI = (GMV − commission − sample cost) / (commission + sample cost); null when nothing was spent. */
export function roi(gmv: number, commission: number, sampleCost: number): number | null {
  const spent = commission + sampleCost;
  return spent > 0 ? (gmv - spent) / spent : null;
}

/** ROI in words: a percent with at most one decimal ("188%", "-12.5%"). */
export const formatRoi = (r: number): string => `${Math.round(r * 1000) / 10}%`;

/** The plan's GMV per week (Monday 00:00 UTC), oldest first; sales without a time are left out. */
export function planWeeks(
  planId: number,
  productIds: ReadonlySet<string>,
  members: readonly RowOf<'plan_creators'>[],
  sales: readonly RowOf<'creator_sales'>[],
): { week: number; gmv: number }[] {
  const inPlan = new Set(members.filter((m) => m.plan_id === planId).map((m) => m.creator_id));
  const weeks = new Map<number, number>();
  for (const s of sales) {
    const week = s.week ?? 0;
    if (week <= 0 || !inPlan.has(s.creator_id) || !productIds.has(s.product_id)) continue;
    weeks.set(week, (weeks.get(week) ?? 0) + cents(s.gmv));
  }
  return [...weeks].sort((a, b) => a[0] - b[0]).map(([week, gmv]) => ({ week, gmv: gmv / 100 }));
}

export interface CreatorRoi {
  creator_id: number;
  gmv: number;
  commission: number;
  sample: number;
  roi: number;
}

/** The plan's creators with the best ROI (something spent on them), best first. */
export function topByRoi(
  plan: RowOf<'plans'>,
  members: readonly RowOf<'plan_creators'>[],
  sales: readonly RowOf<'creator_sales'>[],
  productIds: ReadonlySet<string>,
  n = 10,
): CreatorRoi[] {
  const per = creatorMoney(sales, productIds);
  const each = sampleCostEach(plan);
  const out: CreatorRoi[] = [];
  for (const m of members) {
    if (m.plan_id !== plan.id) continue;
    const id = m.creator_id;
    const money = per.get(id) ?? NO_MONEY;
    const sample = samplesSent(m) ? each : 0;
    const r = roi(money.gmv, money.commission, sample);
    if (r !== null)
      out.push({ creator_id: id, gmv: money.gmv, commission: money.commission, sample, roi: r });
  }
  return out.sort((a, b) => b.roi - a.roi || b.gmv - a.gmv).slice(0, n);
}
