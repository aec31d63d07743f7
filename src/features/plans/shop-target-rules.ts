/**
 * The "Invite in TikTok Shop" dialog's rules, kept apart from the screen so they are tested alone:
 * rates typed in percent (sent to our server as typed, to TikTok in hundredths), the end date's
 * window (contract/limits.ts), how many TikTok calls a selection takes, and the creators a
 * failed or unsent part left uninvited.
 */
import {
  COMMISSION_MAX,
  COMMISSION_MIN,
  SHOP_TARGET_END_MARGIN_DAYS,
  SHOP_TARGET_END_MAX_DAYS,
  SHOP_TARGET_PER_CALL,
} from '../../../contract/limits.ts';
import type { ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';
import { EMAIL_PATTERN } from '../../../contract/constants.ts';

/** A rate in percent (1-80, at most two decimals; a decimal comma is read as a point), else null. */
export function parsePercent(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n >= COMMISSION_MIN && n <= COMMISSION_MAX ? n : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day as YYYY-MM-DD. */
export const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (ms: number, days: number) => {
  const d = new Date(ms);
  d.setDate(d.getDate() + days);
  return d;
};

/** The first and last end days the server accepts (its end time is the day's last second, local). */
export const endWindow = (nowMs: number): { min: string; max: string } => ({
  min: dayOf(addDays(nowMs, SHOP_TARGET_END_MARGIN_DAYS)),
  max: dayOf(addDays(nowMs, SHOP_TARGET_END_MAX_DAYS - 1)),
});

/** Unix seconds of the day's last second in local time; null for a day outside the window. */
export function endTimeOf(day: string, nowMs: number): number | null {
  const { min, max } = endWindow(nowMs);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < min || day > max) return null;
  const [y, mo, d] = day.split('-').map(Number);
  return Math.floor(new Date(y!, mo! - 1, d!, 23, 59, 59).getTime() / 1000);
}

export const callsFor = (creators: number): number => Math.ceil(creators / SHOP_TARGET_PER_CALL);

export const isEmail = (s: string): boolean => s.length <= 254 && EMAIL_PATTERN.test(s.trim());

/** The connected (syncing) shops of a country. */
export const activeShops = (status: ShopStatus | null, country: string): ShopView[] =>
  (status?.shops ?? []).filter((s) => s.status === 'active' && s.country === country);
