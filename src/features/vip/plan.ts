/**
 * The member's plan as this device last saw it (GET /member/info, read by the user menu), kept in
 * localStorage so the plan's limits can be stated and checked before they bite, offline
 * too: the export row cap and the active-topic limit. An unknown plan counts as the
 * free one; the server applies the real limit anyway. Signing out forgets it.
 */
import { useSyncExternalStore } from 'react';
import { FREE_ACTIVE_TOPICS, FREE_EXPORT_ROW_CAP, VIP_ACTIVE_TOPICS } from '../../../contract/constants.ts';

export interface Plan {
  tier: 'normal' | 'vip';
  /** Unix seconds; null when the account never had VIP. */
  end_time: number | null;
}

const KEY = 'cd.plan';
const listeners = new Set<() => void>();
let cached: { raw: string | null; plan: Plan | null } = { raw: null, plan: null };

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // no storage (private mode): the free plan's limits apply
  }
}

function read(): Plan | null {
  const raw = stored();
  if (raw !== cached.raw) {
    let plan: Plan | null = null;
    try {
      const v = raw ? (JSON.parse(raw) as Plan) : null;
      if (v && (v.tier === 'vip' || v.tier === 'normal')) plan = v;
    } catch {
      plan = null;
    }
    cached = { raw, plan };
  }
  return cached.plan;
}

export function rememberPlan(plan: Plan): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ tier: plan.tier, end_time: plan.end_time }));
  } catch {
    /* private mode: the free plan's limits apply */
  }
  listeners.forEach((l) => l());
}

export function forgetPlan(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
  listeners.forEach((l) => l());
}

export const currentPlan = read;

export function usePlan(): Plan | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => null,
  );
}

/** VIP until its end time (the tier the device saw may have run out since). */
export const isVip = (p: Plan | null, nowMs = Date.now()): boolean =>
  p?.tier === 'vip' && (p.end_time === null || p.end_time * 1000 > nowMs);

/** Rows an export may hold on this plan; null means all. */
export const exportCap = (p: Plan | null): number | null => (isVip(p) ? null : FREE_EXPORT_ROW_CAP);

/** Active topics the workspace may track on this plan. */
export const topicLimit = (p: Plan | null): number => (isVip(p) ? VIP_ACTIVE_TOPICS : FREE_ACTIVE_TOPICS);
