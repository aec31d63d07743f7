/**
 * Days as the shop counts them. TikTok Shop runs each market on its local clock, so a sample shipped
 * at 23:30 in Los Angeles was shipped that day, whatever the UTC date says. A post-by date is a
 * calendar day in the shop's time zone: the day the sample was shipped plus the plan's post-within
 * days; the creator may post until that day ends. Both programs count days here.
 */
import type { Country } from './constants.ts';

/** Each market's time zone (Seller Center's own: the US shop runs on Pacific time). */
export const SHOP_TIME_ZONES: Record<Country, string> = {
  US: 'America/Los_Angeles',
  GB: 'Europe/London',
  MY: 'Asia/Kuala_Lumpur',
  VN: 'Asia/Ho_Chi_Minh',
  TH: 'Asia/Bangkok',
  PH: 'Asia/Manila',
  SG: 'Asia/Singapore',
  ID: 'Asia/Jakarta',
};

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string): Intl.DateTimeFormat => {
  let f = formats.get(timeZone);
  if (!f) {
    // en-CA writes YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
};

/** The shop's calendar day (`YYYY-MM-DD`) at unix second `t`. */
export const shopDay = (t: number, country: Country): string =>
  formatIn(SHOP_TIME_ZONES[country]).format(new Date(t * 1000));

const DAY_MS = 86_400_000;
const utcOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number): string =>
  new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The last day a creator may post for samples shipped at `sampleTime`. */
export const postByDay = (sampleTime: number, withinDays: number, country: Country): string =>
  addDays(shopDay(sampleTime, country), withinDays);

/** Days past the post-by day at `now` in the shop's time zone; 0 while the creator still has time. */
export const daysOverdue = (postBy: string, now: number, country: Country): number =>
  Math.max(0, daysBetween(postBy, shopDay(now, country)));

/** The zone's offset from UTC at unix second `t`, in seconds (east positive). */
const clocks = new Map<string, Intl.DateTimeFormat>();
function offsetAt(t: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(new Date(t * 1000));
  const get = (k: string) => Number(parts.find((p) => p.type === k)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round(local / 1000) - t;
}

/** The shop's offset from UTC at unix second `t`, in seconds (east positive). */
export const shopOffsetAt = (t: number, country: Country): number => offsetAt(t, SHOP_TIME_ZONES[country]);

/** The unix second the shop's day `day` begins (its local midnight). */
export function shopDayStart(day: string, country: Country): number {
  const zone = SHOP_TIME_ZONES[country];
  const midnightUtc = utcOf(day) / 1000;
  let t = midnightUtc - offsetAt(midnightUtc, zone);
  // Once more from the guess: the offset may differ a few hours from UTC midnight (summer time).
  t = midnightUtc - offsetAt(t, zone);
  return t;
}

/**
 * Samples shipped before this second are past their post-by day at `now`: shipped on or before
 * `today - withinDays - 1`, so the day that ends their time has ended.
 */
export const overdueBefore = (now: number, withinDays: number, country: Country): number =>
  shopDayStart(addDays(shopDay(now, country), -withinDays), country);
