/**
 * Locale-aware formatting of dates (unix seconds from the wire) and numbers. Empty values
 * (null, undefined, 0 for times) render as a dash, as the spec's tables do.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { bcp47Of, dayjsLocaleOf, getAppLocale } from './locale.ts';

dayjs.extend(relativeTime);

export const DASH = '-';
type Num = number | null | undefined;

function at(unixSeconds: Num): dayjs.Dayjs | null {
  if (unixSeconds == null || !Number.isFinite(unixSeconds) || unixSeconds <= 0) return null;
  return dayjs.unix(unixSeconds).locale(dayjsLocaleOf(getAppLocale()));
}

/** 2024-05-01 */
export const formatDate = (t: Num): string => at(t)?.format('YYYY-MM-DD') ?? DASH;
/** 2024-05-01 13:45:00 */
export const formatDateTime = (t: Num): string => at(t)?.format('YYYY-MM-DD HH:mm:ss') ?? DASH;
/** 13:45 */
export const formatTime = (t: Num): string => at(t)?.format('HH:mm') ?? DASH;
/** "3 days ago" / "3 天前", relative to `now` (unix seconds, default: the clock). */
export function formatRelative(t: Num, now?: number): string {
  const d = at(t);
  if (!d) return DASH;
  return now == null ? d.fromNow() : d.from(dayjs.unix(now));
}

const cache = new Map<string, Intl.NumberFormat>();
function nf(opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = bcp47Of(getAppLocale());
  const key = tag + JSON.stringify(opts);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(tag, opts)));
  return f;
}

const valid = (n: Num): n is number => n != null && Number.isFinite(n);

/*
 * Numbers shown side by side (a grid column, a card's line, a chart axis) are written one way: in
 * full, grouped for the locale ("2,799" and "75,900", never "2,799" beside "75.9K"), and money
 * always with its currency and two decimals ("$7,569.55" and "$12,020.00"). A grid column is wide
 * enough for a full number; compact notation is kept for a lone number in a sentence.
 */

/** 12,345 */
export const formatNumber = (n: Num): string => (valid(n) ? nf({}).format(n) : DASH);

/**
 * A ratio of two positive values ("2.1×"): a whole number from 10, one decimal from 0.1, two
 * significant digits below, so a small ratio never reads as 0.
 */
export function formatRatio(r: Num): string {
  if (!valid(r)) return DASH;
  if (Math.abs(r) >= 10) return nf({ maximumFractionDigits: 0 }).format(r);
  if (Math.abs(r) >= 0.1) return nf({ maximumFractionDigits: 1 }).format(r);
  return nf({ maximumSignificantDigits: 2 }).format(r);
}

/**
 * A lone number in a sentence (a lookalike's reason): 1.2M in English, 120万 in Chinese, exact
 * below 10,000. Never for a column or an axis, where values sit side by side (formatNumber).
 */
export function formatCompact(n: Num): string {
  if (!valid(n)) return DASH;
  if (Math.abs(n) < 10_000) return nf({ maximumFractionDigits: 0 }).format(n);
  return nf({ notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
export const formatFollowers = formatCompact;

/** An ISO 4217 code Intl can write as a currency ("USD"); anything else is written as a plain number. */
const isCurrency = (c: string): boolean => /^[A-Z]{3}$/.test(c);

/**
 * Money (GMV, commission, budget): in full with its currency and two decimals, "$12,020.00" in
 * English and "US$12,020.00" in Chinese, whatever its size.
 */
export function formatGmv(n: Num, currency: string): string {
  if (!valid(n)) return DASH;
  const code = currency.toUpperCase();
  const base: Intl.NumberFormatOptions = isCurrency(code) ? { style: 'currency', currency: code } : {};
  return nf({ ...base, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** The wire sends percentages as numbers (3.2 = 3.2 %); zero shows a dash. */
export function formatPercent(n: Num): string {
  if (!valid(n) || n === 0) return DASH;
  return `${nf({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}%`;
}
