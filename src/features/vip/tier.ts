/**
 * The member's tier (free or VIP) as this device last saw it (GET /member/info, read by the user
 * menu), kept in localStorage so the tier's limits can be stated and checked before they bite,
 * offline too: the export row cap and the active-topic limit. An unknown tier counts as the
 * free one; the server applies the real limit anyway. Signing out forgets it.
 * "Tier", not "plan": a plan is a collaboration plan (features/plans/). The storage key keeps its
 * old name `cd.plan`, so a device keeps the tier an earlier build stored.
 */
import { useSyncExternalStore } from 'react';
import { FREE_ACTIVE_TOPICS, FREE_EXPORT_ROW_CAP, VIP_ACTIVE_TOPICS } from '../../../contract/constants.ts';

export interface MemberTier {
  tier: 'normal' | 'vip';
  /** Unix seconds; null when the account never had VIP. */
  end_time: number | null;
}

const KEY = 'cd.plan'; // the name earlier builds stored it under
const listeners = new Set<() => void>();
let cached: { raw: string | null; tier: MemberTier | null } = { raw: null, tier: null };

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // no storage (private mode): the free tier's limits apply
  }
}

function read(): MemberTier | null {
  const raw = stored();
  if (raw !== cached.raw) {
    let tier: MemberTier | null = null;
    try {
      const v = raw ? (JSON.parse(raw) as MemberTier) : null;
      if (v && (v.tier === 'vip' || v.tier === 'normal')) tier = v;
    } catch {
      tier = null;
    }
    cached = { raw, tier };
  }
  return cached.tier;
}

export function rememberTier(t: MemberTier): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ tier: t.tier, end_time: t.end_time }));
  } catch {
    /* private mode: the free tier's limits apply */
  }
  listeners.forEach((l) => l());
}

export function forgetTier(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
  listeners.forEach((l) => l());
}

export const currentTier = read;

export function useTier(): MemberTier | null {
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
export const isVip = (p: MemberTier | null, nowMs = Date.now()): boolean =>
  p?.tier === 'vip' && (p.end_time === null || p.end_time * 1000 > nowMs);

/** Rows an export may hold on this tier; null means all. */
export const exportCap = (p: MemberTier | null): number | null => (isVip(p) ? null : FREE_EXPORT_ROW_CAP);

/** Active topics the workspace may track on this tier. */
export const topicLimit = (p: MemberTier | null): number =>
  isVip(p) ? VIP_ACTIVE_TOPICS : FREE_ACTIVE_TOPICS;
