/**
 * The ledger's charts from the database's week sums (docs/decisions/plans.md, "The ledger"): GMV
 * per shop week and per video, summed over the sale lines with a positive GMV, as the screen
 * summed every line before (src/features/ledger/ledger-rules.ts). A week is its Monday at UTC
 * midnight (unix seconds), the label the screen draws; a sale counts for a video only when its
 * creator has a record of it, as in the ledger's lines.
 */
import type { Country } from '../../contract/constants.ts';
import type { LedgerResult } from '../../contract/schemas/ledger.ts';
import { shopDay } from '../../contract/shop-time.ts';
import type { NetInput } from './net-profit.ts';
import { loneOf, weekMonday } from './shop-clock-sql.ts';

/** The Monday (UTC midnight, unix seconds) of a shop day `YYYY-MM-DD`. */
function mondayOf(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`) / 1000;
  return t - ((new Date(t * 1000).getUTCDay() + 6) % 7) * 86_400;
}

export function ledgerCharts(
  sums: NetInput['lines'],
  contents: NetInput['contents'],
  country: Country,
): Pick<LedgerResult, 'weeks' | 'videos'> {
  const known = new Set(contents.map((c) => `${c.creator_id}|${c.video_id}`));
  const weeks = new Map<number, number>();
  const videos = new Map<string, number>();
  for (const s of sums) {
    const cents = s.positive_gmv_cents ?? 0;
    if (cents <= 0) continue;
    // A sum of times outside the SQL window holds one time only: its week is read from the time.
    const week = loneOf(s.created_time)
      ? s.created_time > 0
        ? mondayOf(shopDay(s.created_time, country))
        : undefined
      : weekMonday(s.week ?? 0);
    if (week !== undefined) weeks.set(week, (weeks.get(week) ?? 0) + cents);
    if (s.video_id && known.has(`${s.creator_id}|${s.video_id}`))
      videos.set(s.video_id, (videos.get(s.video_id) ?? 0) + cents);
  }
  return {
    weeks: [...weeks].sort((a, b) => a[0] - b[0]).map(([week, gmv_cents]) => ({ week, gmv_cents })),
    videos: [...videos]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([video_id, gmv_cents]) => ({ video_id, gmv_cents })),
  };
}
