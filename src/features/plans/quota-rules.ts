/**
 * TikTok's weekly quota of new creators (docs/decisions/plans.md):
 * target invitations and messages to creators the shop is not connected with share one weekly
 * quota, reset every Sunday at 12:00 GMT-8 (20:00 UTC, whatever the season). Several messages to one
 * creator count once; creators who replied (or got further) are connected and exempt. TikTok's tier
 * numbers change and are published only as images, so the seller enters the limit Seller Center
 * shows them (workspace_settings.weekly_quota, -1: not set) and the app counts against it.
 */
import { lastQuotaReset, MESSAGES_BEFORE_REPLY, PLAN_CONNECTED } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';

const DAY = 86_400;

/** The last reset at or before `now` (unix seconds): the latest Sunday 20:00 UTC (shared with the server). */
export const lastReset = lastQuotaReset;

export const nextReset = (now: number): number => lastReset(now) + 7 * DAY;

/** Stages that mean the creator answered: connected, so outside the quota and the message limit. */
const CONNECTED = new Set<string>(PLAN_CONNECTED);
/** Stages a move into counts as contacting the creator. */
export const CONTACT_STAGES = new Set(['contacted', 'invited']);

/** Creators connected with the shop in any plan. */
export function connectedCreators(members: readonly RowOf<'plan_creators'>[]): Set<number> {
  const out = new Set<number>();
  for (const m of members) if (CONNECTED.has(m.stage)) out.add(m.creator_id);
  return out;
}

/** Whether a history row records contacting the creator (a chat mark, an invitation, a contact stage). */
function isContact(e: RowOf<'creator_events'>): boolean {
  const detail = e.detail ?? '';
  if (e.kind === 'chat') return detail === '1';
  if (e.kind === 'invitation') return true;
  if (e.kind === 'stage') return CONTACT_STAGES.has(detail.slice(0, detail.indexOf(':')));
  return false;
}

/**
 * The unconnected creators contacted since `since`: from the history rows the server wrote, plus
 * plan moves not sent yet (a member in a contact stage since `since`).
 */
export function contactedSince(
  events: readonly RowOf<'creator_events'>[],
  members: readonly RowOf<'plan_creators'>[],
  since: number,
): Set<number> {
  const connected = connectedCreators(members);
  const out = new Set<number>();
  for (const e of events)
    if (e.add_time >= since && isContact(e) && !connected.has(e.creator_id)) out.add(e.creator_id);
  for (const m of members)
    if (CONTACT_STAGES.has(m.stage) && m.stage_time >= since && !connected.has(m.creator_id))
      out.add(m.creator_id);
  return out;
}

export interface QuotaCheck {
  /** Creators of the batch that would use the quota (not contacted this week yet, not connected). */
  fresh: number;
  used: number;
  /** null: no quota set. */
  left: number | null;
  /** How many of the batch go over it (0 when it fits or no quota is set). */
  over: number;
}

/** What contacting `batch` would do to this week's quota. */
export function checkBatch(
  batch: readonly number[],
  contacted: ReadonlySet<number>,
  connected: ReadonlySet<number>,
  quota: number,
): QuotaCheck {
  const fresh = new Set(batch.filter((id) => !contacted.has(id) && !connected.has(id))).size;
  const used = contacted.size;
  if (quota < 0) return { fresh, used, left: null, over: 0 };
  const left = Math.max(0, quota - used);
  return { fresh, used, left, over: Math.max(0, fresh - left) };
}

/** A recorded message: the history row of a chat mark (written by /plan/message and /blogger/edit isChat=1). */
export const isMessage = (e: RowOf<'creator_events'>): boolean =>
  e.kind === 'chat' && (e.detail ?? '') === '1';

/**
 * Messages recorded per creator (TikTok allows MESSAGES_BEFORE_REPLY before the creator replies): the
 * history rows the server wrote plus `pending` messages still in the outbox (one id per message). The
 * server counts the same rows; a connected creator is exempt, so their count is left out.
 */
export function messageCounts(
  events: readonly RowOf<'creator_events'>[],
  pending: readonly number[],
  connected: ReadonlySet<number>,
): Map<number, number> {
  const out = new Map<number, number>();
  const add = (id: number) => {
    if (!connected.has(id)) out.set(id, (out.get(id) ?? 0) + 1);
  };
  for (const e of events) if (isMessage(e)) add(e.creator_id);
  for (const id of pending) add(id);
  return out;
}

/** Whether one more message to a creator is allowed, and how many are left before the limit. */
export function checkMessage(count: number, connected: boolean): { allowed: boolean; left: number | null } {
  if (connected) return { allowed: true, left: null };
  const left = Math.max(0, MESSAGES_BEFORE_REPLY - count);
  return { allowed: left > 0, left };
}

/** Creators whose history shows a move into a connected stage: they replied once, so stay connected. */
export function repliedInHistory(events: readonly RowOf<'creator_events'>[]): Set<number> {
  const out = new Set<number>();
  for (const e of events) {
    if (e.kind !== 'stage') continue;
    const detail = e.detail ?? '';
    if (CONNECTED.has(detail.slice(0, detail.indexOf(':')))) out.add(e.creator_id);
  }
  return out;
}
