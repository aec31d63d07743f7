/**
 * A plan's cost lines as the mirror holds them (contract/sync-rows.ts, `plan_costs`: whole cents) and
 * as a member types them (docs/decisions/plans.md, "Fees, retainers and ad spend"). The form checks
 * what the server would refuse that it can see itself (contract/cost-days.ts), because a line is
 * saved on this device at once: a mistake in the form is said in the form, not later as a refusal.
 */
import { isCostDay, monthsSpanned } from '../../../contract/cost-days.ts';
import { COST_AMOUNT_MAX, RETAINER_MONTHS_MAX } from '../../../contract/limits.ts';
import type { SyncRows } from '../../../contract/sync.ts';

export type CostLine = SyncRows['plan_costs'];

/** An amount of the form's digits ("1200.5") in whole cents, without a float's rounding (120050). */
export function centsOf(amount: string): number {
  const [units = '0', frac = ''] = amount.trim().split('.');
  return Number(units) * 100 + Number(frac.padEnd(2, '0'));
}

/** As the server reads an amount (costAmount): digits, at most two decimals, above 0, at most COST_AMOUNT_MAX. */
export const isAmount = (s: string): boolean =>
  /^\d{1,11}(\.\d{1,2})?$/.test(s.trim()) && centsOf(s) > 0 && centsOf(s) <= COST_AMOUNT_MAX * 100;

/** Cents as the digits the form shows and sends (120050 → "1200.50"). */
export const amountText = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export type CostDatesProblem = 'start' | 'end' | 'end_before_start' | 'too_long';

/** What is wrong with a line's dates, or null; `end` counts for a retainer only. */
export function costDatesProblem(kind: string, start: string, end: string): CostDatesProblem | null {
  if (!isCostDay(start)) return 'start';
  if (kind !== 'retainer') return null;
  if (!isCostDay(end)) return 'end';
  if (end < start) return 'end_before_start';
  if (monthsSpanned(start, end) > RETAINER_MONTHS_MAX) return 'too_long';
  return null;
}
