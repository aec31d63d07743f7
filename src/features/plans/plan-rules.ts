/**
 * The plan screens' arithmetic, pure so it is tested apart: stage names in the user's
 * language, the funnel (creators per stage), a board's columns (newest arrivals first, a bounded
 * number of cards each), days in stage, and what an "Add to plan" did, in words.
 */
import {
  PLAN_INVITE_MAX,
  PLAN_STAGES,
  POST_WITHIN_DEFAULT,
  type PlanStage,
} from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';

export { PLAN_STAGES, type PlanStage };

const LABELS: Record<PlanStage, () => string> = {
  to_contact: m.plans_stage_to_contact,
  contacted: m.plans_stage_contacted,
  replied: m.plans_stage_replied,
  invited: m.plans_stage_invited,
  sample_requested: m.plans_stage_sample_requested,
  sample_approved: m.plans_stage_sample_approved,
  shipped: m.plans_stage_shipped,
  posted: m.plans_stage_posted,
  selling: m.plans_stage_selling,
  declined: m.plans_stage_declined,
  no_reply: m.plans_stage_no_reply,
  dropped: m.plans_stage_dropped,
};

export const isStage = (s: unknown): s is PlanStage => (PLAN_STAGES as readonly unknown[]).includes(s);
export const stageLabel = (s: unknown): string => (isStage(s) ? LABELS[s]() : String(s));

/** Creators per stage of each plan: plan id → counts in PLAN_STAGES order. */
export function funnels(members: readonly RowOf<'plan_creators'>[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of members) {
    const i = PLAN_STAGES.indexOf(r.stage as PlanStage);
    if (i < 0) continue;
    const plan = r.plan_id;
    let counts = out.get(plan);
    if (!counts) out.set(plan, (counts = PLAN_STAGES.map(() => 0)));
    counts[i]!++;
  }
  return out;
}

export interface BoardColumn {
  stage: PlanStage;
  count: number;
  /** The cards shown: the latest to enter the stage first, at most `perColumn`. */
  cards: RowOf<'plan_creators'>[];
}

/** One plan's board: a column per stage, each holding at most `perColumn` cards (the rest counted). */
export function boardColumns(
  members: readonly RowOf<'plan_creators'>[],
  planId: number,
  perColumn: number,
): BoardColumn[] {
  const by = new Map<PlanStage, RowOf<'plan_creators'>[]>(PLAN_STAGES.map((s) => [s, []]));
  for (const r of members) if (r.plan_id === planId && isStage(r.stage)) by.get(r.stage)!.push(r);
  return PLAN_STAGES.map((stage) => {
    const rows = by.get(stage)!;
    rows.sort((a, b) => b.stage_time - a.stage_time || b.id - a.id);
    return { stage, count: rows.length, cards: rows.slice(0, perColumn) };
  });
}

/** Whole days since `since` (unix seconds) as of `now`; never negative. */
export const daysIn = (since: number, now: number): number => Math.max(0, Math.floor((now - since) / 86_400));

const DAY = 86_400;

export interface SampleDeadline {
  kind: 'approve' | 'content';
  /** Unix seconds. */
  due: number;
  /** When TikTok lets the seller send its one reminder (content only). */
  remindFrom?: number;
  overdue: boolean;
}

/**
 * TikTok's sample deadlines (TikTok Shop's Seller University articles on samples): a request is
 * approved (or declined) within 7 days; content is due 14 days after delivery (7 more if extended),
 * or after the plan's own days to post (its terms, `postWithinOf`), as samples without content count them,
 * with one reminder allowed after 5 days. The app knows when the creator entered a stage, not when
 * the parcel arrived, so "shipped" stands for delivery: the content date is a seller's estimate.
 */
/** The plan's days to post after shipping (its terms; 14 when it sets none). */
export function postWithinOf(plan: RowOf<'plans'> | null | undefined): number {
  const n = Number(plan?.post_within_days);
  return Number.isInteger(n) && n > 0 ? n : POST_WITHIN_DEFAULT;
}

export function sampleDeadline(
  row: RowOf<'plan_creators'>,
  now: number,
  postWithin: number = POST_WITHIN_DEFAULT,
): SampleDeadline | null {
  const since = row.stage_time;
  if (!Number.isFinite(since) || since <= 0) return null;
  if (row.stage === 'sample_requested') {
    const due = since + 7 * DAY;
    return { kind: 'approve', due, overdue: now > due };
  }
  if (row.stage === 'shipped') {
    const due = since + postWithin * DAY;
    return { kind: 'content', due, remindFrom: since + 5 * DAY, overdue: now > due };
  }
  return null;
}

/** Batch sizes for `count` creators in target invitations of at most `max` (TikTok: 100): 250 → 100, 100, 50. */
export function batchSizes(count: number, max = PLAN_INVITE_MAX): number[] {
  const out: number[] = [];
  for (let left = count; left > 0; left -= max) out.push(Math.min(max, left));
  return out;
}

/** A real calendar day written YYYY-MM-DD between 2000 and 2099 (the server's dueDate). */
export const isDay = (s: string): boolean =>
  /^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(s) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const NEXT: Partial<Record<PlanStage, () => string>> = {
  to_contact: m.plans_next_to_contact,
  contacted: m.plans_next_contacted,
  replied: m.plans_next_replied,
  invited: m.plans_next_invited,
  sample_requested: m.plans_next_sample_requested,
  sample_approved: m.plans_next_sample_approved,
  shipped: m.plans_next_shipped,
  posted: m.plans_next_posted,
  selling: m.plans_next_selling,
};

/** What the seller does next for a creator in this stage; '' once they left the path. */
export const nextAction = (s: unknown): string => (isStage(s) ? (NEXT[s]?.() ?? '') : '');

/** A sample deadline within this many seconds counts as due. */
export const DUE_SOON = 2 * DAY;

/** The creator has a sample deadline that is past or within DUE_SOON. */
export function isDue(
  row: RowOf<'plan_creators'>,
  now: number,
  postWithin: number = POST_WITHIN_DEFAULT,
): boolean {
  const d = sampleDeadline(row, now, postWithin);
  return d !== null && d.due - now <= DUE_SOON;
}

export interface MemberFilter {
  /** '' for every stage. */
  stage: PlanStage | '';
  /** Only creators with a sample deadline past or near (isDue). */
  due: boolean;
  /** Only these creators (a name search); null for all. */
  ids: ReadonlySet<number> | null;
}

export const NO_FILTER: MemberFilter = { stage: '', due: false, ids: null };
export const isFiltered = (f: MemberFilter): boolean => f.stage !== '' || f.due || f.ids !== null;

/** One plan's creators that pass the filter, in the members' order. */
export function filterMembers(
  members: readonly RowOf<'plan_creators'>[],
  planId: number,
  f: MemberFilter,
  now: number,
  postWithin: number = POST_WITHIN_DEFAULT,
): RowOf<'plan_creators'>[] {
  return members.filter(
    (r) =>
      r.plan_id === planId &&
      (f.stage === '' || r.stage === f.stage) &&
      (!f.due || isDue(r, now, postWithin)) &&
      (f.ids === null || f.ids.has(r.creator_id)),
  );
}

export type MemberSort = 'stage' | 'days' | 'due';

/**
 * The table's order: by stage (path order), by days in stage (longest first when descending), or by
 * due date (creators without a deadline last either way); ties by latest arrival, then id.
 */
export function sortMembers(
  rows: readonly RowOf<'plan_creators'>[],
  field: MemberSort,
  order: 'asc' | 'desc',
  now: number,
  postWithin: number = POST_WITHIN_DEFAULT,
): RowOf<'plan_creators'>[] {
  const sign = order === 'asc' ? 1 : -1;
  const key = (r: RowOf<'plan_creators'>): number => {
    if (field === 'stage') return PLAN_STAGES.indexOf(r.stage as PlanStage);
    if (field === 'days') return now - r.stage_time;
    return sampleDeadline(r, now, postWithin)?.due ?? Number.NaN;
  };
  return rows
    .map((r) => ({ r, k: key(r) }))
    .sort((a, b) => {
      const an = Number.isNaN(a.k);
      const bn = Number.isNaN(b.k);
      if (an !== bn) return an ? 1 : -1;
      return (an ? 0 : sign * (a.k - b.k)) || b.r.stage_time - a.r.stage_time || b.r.id - a.r.id;
    })
    .map((x) => x.r);
}

/**
 * What "Add to plan" did, in words, from the counts the server answered for each part it accepted
 * (`changed`, `skipped`, `already`): "2 creators added to the plan · 2 were already in it". Ids the
 * server skipped that were not in the plan are creators deleted meanwhile. Null when an answer
 * lacks the counts (the plain success text is said then).
 */
export function addedText(parts: readonly Record<string, number>[]): string | null {
  let added = 0;
  let already = 0;
  let skipped = 0;
  for (const p of parts) {
    if (![p.changed, p.already, p.skipped].every((n) => typeof n === 'number' && n >= 0)) return null;
    added += p.changed!;
    already += p.already!;
    skipped += p.skipped!;
  }
  const unknown = Math.max(0, skipped - already);
  const words =
    added === 0 && already > 0
      ? [m.plans_added_nothing({ count: already })]
      : [
          m.plans_added_count({ count: added }),
          ...(already > 0 ? [m.plans_added_already({ count: already })] : []),
        ];
  if (unknown > 0) words.push(m.plans_added_unknown({ count: unknown }));
  return words.join(' · ');
}
