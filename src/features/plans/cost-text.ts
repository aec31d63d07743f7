/**
 * A plan cost line in words, shared by the cost list, its history and the cost dialog (kept apart
 * from those components so neither imports the other).
 */
import type { CostRow } from '../../../contract/schemas/money.ts';
import { formatGmv } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';

export const kindLabel = (k: string): string =>
  k === 'retainer'
    ? m.money_cost_kind_retainer()
    : k === 'ad'
      ? m.money_cost_kind_ad()
      : m.money_cost_kind_fee();

export function costText(
  line: Pick<CostRow, 'kind' | 'amount' | 'start_date' | 'end_date'>,
  currency: string,
) {
  const amount = formatGmv(line.amount, currency);
  return line.kind === 'retainer'
    ? m.money_costs_retainer({ amount, start: line.start_date, end: line.end_date })
    : m.money_costs_on_day({ amount, date: line.start_date });
}
