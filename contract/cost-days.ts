/**
 * The days of a plan's cost line, as the server checks them (contract/schemas/money.ts costDay,
 * server/services/plan-cost.service.ts) and the cost form checks them before saving on the device.
 * No zod here: the app's cost form loads this.
 */

/** A calendar day `YYYY-MM-DD` between 2016 (TikTok Shop's start) and 2099. */
export const COST_DAY = /^20(1[6-9]|[2-9]\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day of that form that exists (2026-02-30 does not). */
export function isCostDay(s: string): boolean {
  if (!COST_DAY.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}

/** Calendar months a retainer touches, both ends counted (2026-01-31 to 2026-02-01 is 2). */
export const monthsSpanned = (start: string, end: string): number =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;
