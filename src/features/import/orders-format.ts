/**
 * How Seller Center writes numbers and times in its order downloads, and nothing else: a cell that
 * does not fit its column's format is refused, never read as something close to it. The formats
 * are the layouts' own (../shared/guide/seller-center-exports.md; docs/decisions/plans.md says why):
 *
 * - Amounts are plain decimals with a dot and at most two decimals (`24.99`, `9`, `-3.5`): no
 *   thousands separator, no decimal comma (`60,75` is refused, not read as 6075 or 60.75). A
 *   layout that writes a decimal comma says so (`decimal: ','`); none of Seller Center's does.
 *   The row's own currency may stand before the number as its ISO code (`GBP 39.99`, as UK
 *   all-orders files write it) or its symbol (`£1.95`, as a spreadsheet shows it); another
 *   currency's code or symbol is refused.
 * - Amounts are kept as whole cents (integers) until they are summed, so sums are exact.
 * - Times: `DD/MM/YYYY HH:MM:SS` (affiliate files, UK all-orders) or `MM/DD/YYYY h:mm:ss AM/PM`
 *   (US all-orders), read as UTC (the files carry no zone). A date without its time, an ISO date
 *   or a 13th month is refused. A date cell of an XLSX file (our reader writes it as a full ISO
 *   instant, `2026-03-02T14:05:11.000Z`) is a point in time, not text to interpret: accepted there.
 */

export type TimeFormat = 'dmy24' | 'mdy12';

export interface NumberLayout {
  /** The decimal separator the layout writes. */
  decimal: '.' | ',';
}

/** Where the number format of Seller Center's downloads is a dot (both layouts). */
export const DOT: NumberLayout = { decimal: '.' };

/** The format a time column expects, as shown to the user. */
export const TIME_PATTERN: Record<TimeFormat, string> = {
  dmy24: 'DD/MM/YYYY HH:MM:SS',
  mdy12: 'MM/DD/YYYY h:mm:ss AM/PM',
};

/** Symbols a spreadsheet may put before (or after) an amount, per ISO currency. */
const SYMBOLS: Record<string, readonly string[]> = {
  GBP: ['£'],
  USD: ['$', 'US$'],
  SGD: ['S$', '$'],
  MYR: ['RM'],
  PHP: ['₱'],
  THB: ['฿'],
  VND: ['₫'],
  IDR: ['Rp'],
  EUR: ['€'],
};

/** The largest amount a line may carry, in cents (the server's limit: 1,000,000,000). */
const AMOUNT_MAX_CENTS = 100_000_000_000;

export type Amount = { cents: number; currency: string } | null;

/**
 * An amount cell → whole cents and the ISO code written before it ('' when none); null when it is
 * not an amount in this layout. `currency` is the row's currency when the row names one ('' when
 * the layout carries it only in the amounts, as all-orders files do).
 */
export function parseAmount(raw: string, layout: NumberLayout, currency = ''): Amount {
  let s = raw.trim();
  let written = '';
  const iso = /^([A-Z]{3})\s?(.*)$/.exec(s);
  if (iso) {
    if (currency && iso[1] !== currency) return null;
    written = iso[1]!;
    s = iso[2]!;
  } else if (currency) {
    for (const sym of SYMBOLS[currency] ?? []) {
      if (s.startsWith(sym)) s = s.slice(sym.length).trimStart();
      else if (s.endsWith(sym)) s = s.slice(0, -sym.length).trimEnd();
      else continue;
      break;
    }
  }
  const sep = layout.decimal === '.' ? '\\.' : ',';
  const m = new RegExp(`^(-?)(\\d{1,12})(?:${sep}(\\d{1,2}))?$`).exec(s);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (cents > AMOUNT_MAX_CENTS) return null;
  return { cents: m[1] ? -cents : cents, currency: written };
}

/** Whole cents → the amount as the layout writes it (`1234.5` → `1234.50`). */
export function formatAmount(cents: number, layout: NumberLayout): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${layout.decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** A count of units: digits only. */
export function parseCount(raw: string): number | null {
  const s = raw.trim();
  return /^\d{1,7}$/.test(s) ? Number(s) : null;
}

const XLSX_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A time cell → unix seconds (UTC); null when it is not a time in this format. */
export function parseTime(raw: string, format: TimeFormat, fromXlsx = false): number | null {
  const s = raw.trim();
  if (fromXlsx && XLSX_INSTANT.test(s)) return inRange(Math.floor(Date.parse(s) / 1000));
  let day: number, month: number, year: number, hour: number, min: number, sec: number;
  if (format === 'dmy24') {
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
    if (!m) return null;
    [day, month, year, hour, min, sec] = m.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (hour > 23) return null;
  } else {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM)$/i.exec(s);
    if (!m) return null;
    [month, day, year, hour, min, sec] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[7]!.toUpperCase() === 'PM' ? 12 : 0);
  }
  if (min > 59 || sec > 59 || month < 1 || month > 12 || day < 1) return null;
  const t = Date.UTC(year, month - 1, day, hour, min, sec);
  const d = new Date(t);
  // 31/02 and the like roll over in Date.UTC: refuse them.
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return null;
  return inRange(t / 1000);
}

/** Times from 2000 to 2099 (the server keeps times below 2100). */
const inRange = (t: number): number | null => (t >= 946_684_800 && t < 4_102_444_800 ? t : null);

/** Unix seconds → the time as the format writes it (UTC). */
export function formatTime(t: number, format: TimeFormat): string {
  const d = new Date(t * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = [d.getUTCDate(), d.getUTCMonth() + 1].map(two);
  const [dd, mm] = date as [string, string];
  const y = d.getUTCFullYear();
  if (format === 'dmy24')
    return `${dd}/${mm}/${y} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const h = d.getUTCHours() % 12 || 12;
  return `${mm}/${dd}/${y} ${h}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}
