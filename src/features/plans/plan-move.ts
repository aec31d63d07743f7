/**
 * One way to move creators between a plan's stages, whether the user picked a stage on a
 * card, dropped a card on a column, or moved a table selection: a move into a contact stage is
 * checked against this week's quota first (TikTok's rule, a warning the user may overrule), a move
 * out (declined, no reply, dropped) asks for the reason, and only then is the move written to the
 * outbox. The reason dialog is asked for through a one-slot store that PlanScreen's host shows.
 *
 * The board shows a move in the same frame as the click: the move is held here (pendingMoves) from
 * the moment it is decided until the local read shows it (PlanScreen drops it then), or taken back at
 * once if the outbox refused it. A move the server later refuses is undone by the outbox as usual.
 */
import { PLAN_EXITS } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { confirm } from '../../ui/confirm.tsx';
import { moveInPlan } from './plan-actions.ts';
import { readQuota, readWeeklyQuota } from './plan-queries.ts';
import type { PlanStage } from './plan-rules.ts';
import { checkBatch, CONTACT_STAGES } from './quota-rules.ts';

export interface ReasonRequest {
  stage: PlanStage;
  /** The creator's name, or "n creators". */
  who: string;
  answer: (reason: string | null) => void;
}

let current: ReasonRequest | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

export const reasonRequest = (): ReasonRequest | null => current;
export function subscribeReason(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The reason for a move out; null when the user cancelled. A new request cancels an open one. */
function askReason(stage: PlanStage, who: string): Promise<string | null> {
  current?.answer(null);
  return new Promise((resolve) => {
    const req: ReasonRequest = {
      stage,
      who,
      answer: (reason) => {
        if (current === req) {
          current = null;
          emit();
        }
        resolve(reason);
      },
    };
    current = req;
    emit();
  });
}

export interface PendingMove {
  stage: PlanStage;
  reason: string;
  /** Unix seconds. */
  time: number;
}

/** Moves decided but maybe not read back yet, by `${plan id}:${creator id}`. */
let moves: ReadonlyMap<string, PendingMove> = new Map();
const moveListeners = new Set<() => void>();
export const moveKey = (planId: unknown, creatorId: unknown): string =>
  `${String(planId)}:${String(creatorId)}`;
export const pendingMoves = (): ReadonlyMap<string, PendingMove> => moves;
export function subscribeMoves(fn: () => void): () => void {
  moveListeners.add(fn);
  return () => moveListeners.delete(fn);
}

/** Sets (move) or drops (null) the pending move of these creators; drops only `only` when given. */
export function holdMoves(keys: readonly string[], move: PendingMove | null, only?: PendingMove): void {
  const next = new Map(moves);
  let changed = false;
  for (const k of keys) {
    if (move) next.set(k, move);
    else if (next.has(k) && (!only || next.get(k) === only)) next.delete(k);
    else continue;
    changed = true;
  }
  if (!changed) return;
  moves = next;
  moveListeners.forEach((fn) => fn());
}

/** A pending move is dropped at the latest after this long (the read shows it well before). */
const HOLD_MS = 15_000;

/** The weekly quota as a screen's live read last saw it (undefined: not known, read it). */
let knownQuota: number | undefined;
export const knowQuota = (quota: number | undefined): void => {
  knownQuota = quota;
};

/** Moves `ids` of `plan` to `stage` after the checks; false when the user stopped or nothing moved. */
export async function requestMove(
  plan: RowOf<'plans'>,
  ids: readonly number[],
  stage: PlanStage,
  who: string,
): Promise<boolean> {
  if (ids.length === 0) return false;
  // The week's use is read only when a quota is set (it reads every plan's creators and the week's history).
  if (CONTACT_STAGES.has(stage) && (knownQuota ?? (await readWeeklyQuota())) >= 0) {
    const quota = await readQuota();
    if (quota.quota >= 0) {
      const check = checkBatch(ids, quota.contacted, quota.connected, quota.quota);
      if (
        check.over > 0 &&
        !(await confirm({
          message: m.quota_over({
            quota: formatNumber(quota.quota),
            left: formatNumber(check.left ?? 0),
            name: who,
            time: formatDateTime(quota.next),
          }),
          confirmLabel: m.quota_move_anyway(),
        }))
      )
        return false;
    }
  }
  let reason = '';
  if (PLAN_EXITS.includes(stage)) {
    const said = await askReason(stage, who);
    if (said === null) return false;
    reason = said.trim();
  }
  const move: PendingMove = { stage, reason, time: Math.floor(Date.now() / 1000) };
  const keys = ids.map((id) => moveKey(plan.id, id));
  holdMoves(keys, move);
  const ok = await moveInPlan(plan, ids, stage, reason);
  if (!ok) holdMoves(keys, null, move);
  else setTimeout(() => holdMoves(keys, null, move), HOLD_MS);
  return ok;
}

/** "n creators" for a move of several, the creator's name for one. */
export const whoOf = (count: number, name: string): string =>
  count === 1 ? name : m.plans_creators_count({ count: formatNumber(count) });

/** One plan's rows with the pending moves on top (rows not moved stay the same objects). */
export function withPending(
  rows: readonly RowOf<'plan_creators'>[],
  held: ReadonlyMap<string, PendingMove>,
  planId: number,
): RowOf<'plan_creators'>[] {
  if (held.size === 0) return rows as RowOf<'plan_creators'>[];
  return rows.map((r) => {
    const mv = held.get(moveKey(planId, r.creator_id));
    return mv && r.stage !== mv.stage
      ? { ...r, stage: mv.stage, reason: mv.reason, stage_time: mv.time, update_time: mv.time }
      : r;
  });
}

/** The pending moves that the read `rows` already show (to drop them). */
export function shownMoves(
  rows: readonly RowOf<'plan_creators'>[],
  held: ReadonlyMap<string, PendingMove>,
  planId: number,
): string[] {
  if (held.size === 0) return [];
  const out: string[] = [];
  for (const r of rows) {
    const k = moveKey(planId, r.creator_id);
    if (held.get(k)?.stage === r.stage) out.push(k);
  }
  return out;
}
