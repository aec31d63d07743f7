/**
 * The VIP tier's active-topic limit, checked on the device before a topic is recorded,
 * with the server's own words: active = not deleted and no end time or an end still
 * ahead, counted over the whole workspace (every country), pending adds included.
 */
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { isVip, topicLimit, type MemberTier } from '../vip/tier.ts';

export const isActiveTopic = (row: RowOf<'topics'>, nowSec: number): boolean =>
  row.end_time == null || (typeof row.end_time === 'number' && row.end_time > nowSec);

export function activeTopicCount(rows: readonly RowOf<'topics'>[], nowSec = Date.now() / 1000): number {
  return rows.filter((r) => isActiveTopic(r, nowSec)).length;
}

/** "Active topics: 2 of 3 on the free plan". */
export function topicUsage(active: number, tier: MemberTier | null): string {
  const max = topicLimit(tier);
  return isVip(tier)
    ? m.topics_active_vip({ count: active, max })
    : m.topics_active_free({ count: active, max });
}

/** The refusal the server would give for one more topic, or null while there is room. */
export function topicLimitProblem(
  active: number,
  tier: MemberTier | null,
): { message: string; upgrade: boolean } | null {
  const max = topicLimit(tier);
  if (active < max) return null;
  return isVip(tier)
    ? { message: m.topics_limit_vip({ max }), upgrade: false }
    : {
        message: m.topics_limit_free({ max, vipMax: topicLimit({ tier: 'vip', end_time: null }) }),
        upgrade: true,
      };
}
