/**
 * Date-range rules of the shared picker: presets of the last 7/14/30/90
 * days, nothing before 2021-03-12 or after tomorrow. Dates are 'YYYY-MM-DD' strings in local time;
 * the wire wants unix seconds, so the range converts to [start 00:00:00, end 23:59:59].
 */
import dayjs from 'dayjs';
import { DATE_PRESETS_DAYS, EARLIEST_DATE } from '../../contract/constants.ts';

export { DATE_PRESETS_DAYS, EARLIEST_DATE };

export interface DateRangeValue {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

const FMT = 'YYYY-MM-DD';

export const todayString = (now: Date = new Date()): string => dayjs(now).format(FMT);
export const latestDate = (today: string = todayString()): string => dayjs(today).add(1, 'day').format(FMT);

/** ISO dates compare correctly as strings. */
export const isDateDisabled = (date: string, today: string = todayString()): boolean =>
  date < EARLIEST_DATE || date > latestDate(today);

/** "Last N days": N days back to today. */
export function presetRange(days: number, today: string = todayString()): DateRangeValue {
  const start = dayjs(today).subtract(days, 'day').format(FMT);
  return { start: start < EARLIEST_DATE ? EARLIEST_DATE : start, end: today };
}

/** Which preset a range equals, if any (the picker highlights it). */
export function matchingPreset(v: DateRangeValue | null, today: string = todayString()): number | null {
  if (!v) return null;
  for (const d of DATE_PRESETS_DAYS) {
    const p = presetRange(d, today);
    if (p.start === v.start && p.end === v.end) return d;
  }
  return null;
}

/** Orders and clamps a range into the allowed window. */
export function clampRange(v: DateRangeValue, today: string = todayString()): DateRangeValue {
  const lo = EARLIEST_DATE;
  const hi = latestDate(today);
  const clamp = (d: string) => (d < lo ? lo : d > hi ? hi : d);
  const [a, b] = [clamp(v.start), clamp(v.end)].sort();
  return { start: a!, end: b! };
}

/** The wire's startTime/endTime: unix seconds, local day bounds. */
export function toUnixRange(v: DateRangeValue): { startTime: number; endTime: number } {
  return {
    startTime: dayjs(v.start).startOf('day').unix(),
    endTime: dayjs(v.end).endOf('day').unix(),
  };
}

export function fromUnixRange(startTime: number, endTime: number): DateRangeValue {
  return { start: dayjs.unix(startTime).format(FMT), end: dayjs.unix(endTime).format(FMT) };
}
