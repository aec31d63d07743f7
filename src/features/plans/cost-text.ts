/**
 * A plan cost line in words, shared by the cost list, its history and the cost dialog (kept apart
 * from those components so neither imports the other).
 */
import { formatGmv } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';

export const kindLabel = (k: string): string =>
  k === 'retainer'
    ? m.money_cost_kind_retainer()
    : k === 'ad'
      ? m.money_cost_kind_ad()
      : m.money_cost_kind_fee();

/** A line's amount (whole cents, as the mirror holds it) and days. */
export interface CostWords {
  kind: string;
  amount_cents: number;
  start_date: string;
  end_date: string;
}

export function costText(line: CostWords, currency: string) {
  const amount = formatGmv(line.amount_cents / 100, currency);
  return line.kind === 'retainer'
    ? m.money_costs_retainer({ amount, start: line.start_date, end: line.end_date })
    : m.money_costs_on_day({ amount, date: line.start_date });
}
