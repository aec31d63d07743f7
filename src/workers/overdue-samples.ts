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
 * Cost: `indexOverdue` keeps the samples that can ever be overdue in flat arrays sorted by plan,
 * sample time and row id, once per state of the mirror. Within a plan the post-by moment is the
 * sample time plus the plan's days, so a plan's overdue samples are a prefix of its run (one binary
 * search for the cut-off gives their count) already in post-by order; `overdueAt` (each moment, each
 * plan filter) merges the plans' prefixes through a small heap until it has OVERDUE_LIST_MAX, and
 * reads the calendar only for the rows answered: its cost follows the plans and the rows answered,
 * not the samples. The calendar (Intl, tens of µs a
 * call) is remembered per half hour: every shop zone's offset has been a whole number of half hours
 * since 1970 and changes on a half hour, so a shop's day is the same throughout each half hour of
 * UTC. The worker computes the list again on every change of the mirror, over mostly the same
 * samples, so most days come from the memo.
 */
import { COUNTRIES, type Country } from '../../contract/constants.ts';
import { OVERDUE_LIST_MAX } from '../../contract/limits.ts';
import type { OverdueSampleRow } from '../../contract/schemas/content.ts';
import { addDays, daysBetween, shopDay, shopDayStart } from '../../contract/shop-time.ts';
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

const HALF_HOUR = 1800;
const DAYS_MEMO_MAX = 200_000;
const days = new Map<string, string>();
const starts = new Map<string, number>();
/** contract/shop-time.ts `overdueBefore` with the day's start remembered per shop and day. */
function cutOff(at: number, withinDays: number, country: Country): number {
  const day = addDays(dayOf(at, country), -withinDays);
  const key = `${country}${day}`;
  let start = starts.get(key);
  if (start === undefined) {
    if (starts.size >= DAYS_MEMO_MAX) starts.clear();
    start = shopDayStart(day, country);
    starts.set(key, start);
  }
  return start;
}

/** contract/shop-time.ts `shopDay`, remembered per half hour of UTC (see the header). */
function dayOf(t: number, country: Country): string {
  const key = `${country}${Math.floor(t / HALF_HOUR)}`;
  let day = days.get(key);
  if (day === undefined) {
    if (days.size >= DAYS_MEMO_MAX) days.clear();
    day = shopDay(t, country);
    days.set(key, day);
  }
  return day;
}

/**
 * The samples that can ever be overdue (shipped, with a sample time, of a live plan in a known
 * market and a live creator), in flat arrays: what does not depend on the moment or the plan
 * filter, worked out once per change of the mirror.
 */
export interface OverdueIndex {
  mirror: OverdueMirror;
  plans: OverduePlan[];
  countries: Country[];
  /** Per candidate, sorted by plan slot, sample time, row id: its index in mirror.samples, its plan's slot in `plans`, its sample time and row id. */
  sample: Int32Array;
  slot: Int32Array;
  time: Float64Array;
  id: Float64Array;
  /** Per plan slot: its candidates are from[k] up to (not including) from[k + 1]. */
  from: Int32Array;
}

export function indexOverdue(m: OverdueMirror): OverdueIndex {
  const plans: OverduePlan[] = [];
  const countries: Country[] = [];
  const slots = new Map<number, number>();
  for (const p of m.plans) {
    if (!isCountry(p.country)) continue;
    slots.set(p.id, plans.length);
    plans.push(p);
    countries.push(p.country);
  }
  const picked: number[] = [];
  const { samples, creators } = m;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (s.stage === 'shipped' && s.sample_time > 0 && slots.has(s.plan_id) && creators.has(s.creator_id))
      picked.push(i);
  }
  const n = picked.length;
  const pSlot = new Int32Array(n);
  const pTime = new Float64Array(n);
  const pId = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const s = samples[picked[j]!]!;
    pSlot[j] = slots.get(s.plan_id)!;
    pTime[j] = s.sample_time;
    pId[j] = s.id;
  }
  const order = Array.from({ length: n }, (_, j) => j).sort(
    (a, b) => pSlot[a]! - pSlot[b]! || pTime[a]! - pTime[b]! || pId[a]! - pId[b]!,
  );
  const ix: OverdueIndex = {
    mirror: m,
    plans,
    countries,
    sample: new Int32Array(n),
    slot: new Int32Array(n),
    time: new Float64Array(n),
    id: new Float64Array(n),
    from: new Int32Array(plans.length + 1),
  };
  order.forEach((o, j) => {
    ix.sample[j] = picked[o]!;
    ix.slot[j] = pSlot[o]!;
    ix.time[j] = pTime[o]!;
    ix.id[j] = pId[o]!;
  });
  for (let k = 0, j = 0; k <= plans.length; k++) {
    while (j < n && ix.slot[j]! < k) j++;
    ix.from[k] = j;
  }
  return ix;
}

/** The first position in [lo, hi) whose time is not below `t` (times ascend there). */
function firstNotBelow(time: Float64Array, lo: number, hi: number, t: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The overdue samples at unix second `at`, of one plan when `planId` is given (none when it is not a plan). */
export const overdueFromMirror = (m: OverdueMirror, at: number, planId?: number): OverdueAnswer =>
  overdueAt(indexOverdue(m), at, planId);

/** overdueFromMirror over an index made once (the query worker keeps one per mirror state). */
export function overdueAt(ix: OverdueIndex, at: number, planId?: number): OverdueAnswer {
  const { plans, countries, slot, time, id } = ix;
  // Per plan slot: the cut-off (-Infinity: filtered out) and the post-within days in seconds.
  const before = new Float64Array(plans.length).fill(-Infinity);
  const within = new Float64Array(plans.length);
  for (let k = 0; k < plans.length; k++) {
    const p = plans[k]!;
    if (planId !== undefined && p.id !== planId) continue;
    within[k] = Number(p.post_within_days) * 86_400;
    before[k] = cutOff(at, Number(p.post_within_days), countries[k]!);
  }

  // Per plan: its overdue samples are its candidates up to the cut-off, in post-by order.
  const at0 = new Int32Array(plans.length);
  const end = new Int32Array(plans.length);
  let total = 0;
  for (let k = 0; k < plans.length; k++) {
    at0[k] = end[k] = ix.from[k]!;
    if (before[k] === -Infinity) continue;
    end[k] = firstNotBelow(time, ix.from[k]!, ix.from[k + 1]!, before[k]!);
    total += end[k]! - ix.from[k]!;
  }
  if (!total) return { rows: [], total: 0 };

  // The OVERDUE_LIST_MAX earliest post-by moments (then row ids) across the plans: a merge of the
  // plans' runs through a binary heap of their next candidates.
  const keyOf = (j: number) => time[j]! + within[slot[j]!]!;
  const less = (a: number, b: number) => (keyOf(a) - keyOf(b) || id[a]! - id[b]!) < 0;
  const heap: number[] = [];
  const push = (j: number) => {
    let i = heap.push(j) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!less(heap[i]!, heap[up]!)) break;
      [heap[i], heap[up]] = [heap[up]!, heap[i]!];
      i = up;
    }
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < heap.length && less(heap[l]!, heap[min]!)) min = l;
        if (r < heap.length && less(heap[r]!, heap[min]!)) min = r;
        if (min === i) break;
        [heap[i], heap[min]] = [heap[min]!, heap[i]!];
        i = min;
      }
    }
    return top;
  };
  for (let k = 0; k < plans.length; k++) if (at0[k]! < end[k]!) push(at0[k]!);
  const kept: number[] = [];
  while (heap.length && kept.length < OVERDUE_LIST_MAX) {
    const j = pop();
    kept.push(j);
    if (j + 1 < end[slot[j]!]!) push(j + 1);
  }

  const productsOf = new Map<number, OverdueSampleRow['products']>();
  const plansProducts = (plan: OverduePlan): OverdueSampleRow['products'] => {
    let list = productsOf.get(plan.id);
    if (!list) {
      list = [];
      for (const rowId of String(plan.product_ids).split(',').filter(Boolean)) {
        const p = ix.mirror.products.get(Number(rowId));
        if (p) list.push({ product_id: String(p.product_id), title: p.product_title });
      }
      productsOf.set(plan.id, list);
    }
    return list;
  };

  // Today in each shop: contract/shop-time.ts `daysOverdue` with the shop's day of `at` read once.
  const today = new Map<Country, string>();
  const rows = kept.map((c0): OverdueSampleRow => {
    const s = ix.mirror.samples[ix.sample[c0]!]!;
    const plan = plans[slot[c0]!]!;
    const country = countries[slot[c0]!]!;
    const c = ix.mirror.creators.get(s.creator_id)!;
    // contract/shop-time.ts `postByDay`: the shipping day in the shop plus the plan's days.
    const by = addDays(dayOf(s.sample_time, country), Number(plan.post_within_days));
    let now = today.get(country);
    if (now === undefined) today.set(country, (now = shopDay(at, country)));
    return {
      plan_id: plan.id,
      plan_name: plan.name,
      country,
      creator_id: s.creator_id,
      handle: c.unique_id,
      name: c.daren_name || c.nick_name || '',
      products: plansProducts(plan),
      sample_cost: Math.round((Number(plan.sample_cost) + Number(plan.shipping_cost)) * 100) / 100,
      sample_time: s.sample_time,
      post_by: by,
      days_overdue: Math.max(0, daysBetween(by, now)),
      chat_template_id: Number(plan.chat_template_id),
    };
  });
  rows.sort((a, b) => b.days_overdue - a.days_overdue || a.sample_time - b.sample_time);
  return { rows, total };
}
