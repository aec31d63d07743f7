/**
 * A video's first 7 / 30 days as a chart, pure: one slot per day since its post time (day 0: its
 * first 24 hours), the chosen measure of that day's last snapshot where there is one and a gap
 * where there is none. Snapshots are taken when the figures changed, so a day without one is not
 * a zero: the line spans it and the table lists only the days that were read.
 */
import type { ContentSnapshotPoint } from '../../../contract/schemas/content.ts';
import { m } from '../../paraglide/messages.js';

export const VIDEO_MEASURES = ['views', 'likes', 'comments', 'orders'] as const;
export type VideoMeasure = (typeof VIDEO_MEASURES)[number];

export function measureLabel(measure: VideoMeasure): string {
  switch (measure) {
    case 'views':
      return m.ledger_video_views();
    case 'likes':
      return m.ledger_video_likes();
    case 'comments':
      return m.ledger_video_comments();
    case 'orders':
      return m.ledger_video_orders();
  }
}

/** The chart's slots: day numbers as names, the measure on the days read, null on the others. */
export function daySlots(
  points: readonly ContentSnapshotPoint[],
  days: number,
  measure: VideoMeasure,
): { names: string[]; values: (number | null)[] } {
  const values: (number | null)[] = Array.from({ length: days }, () => null);
  for (const p of points) if (p.day >= 0 && p.day < days) values[p.day] = p[measure];
  return { names: values.map((_, day) => String(day)), values };
}
