/**
 * The ledger's numbers for the screen and the file, pure: GMV per week (weeks start on Monday, by
 * the shop day each line carries) and per video, and the ledger as a table for the XLSX writer
 * (src/files/table-writer.ts). Amounts arrive in cents and leave in the currency's units.
 */
import type { LedgerKind } from '../../../contract/limits.ts';
import type { LedgerLine, LedgerResult } from '../../../contract/schemas/ledger.ts';
import type { Cell, TableSpec } from '../../files/table-writer.ts';
import { m } from '../../paraglide/messages.js';

const units = (cents: number): number => cents / 100;

/** The Monday of a shop day `YYYY-MM-DD`, as unix seconds at UTC midnight (for the date label). */
export function weekOf(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`) / 1000;
  const weekday = (new Date(t * 1000).getUTCDay() + 6) % 7;
  return t - weekday * 86_400;
}

/** GMV per week with sales, oldest first. Weeks without sales are left out, as on the plan's chart. */
export function gmvPerWeek(lines: readonly LedgerLine[]): { week: number; gmv: number }[] {
  const sums = new Map<number, number>();
  for (const l of lines)
    if (l.kind === 'sale' && l.day && l.gmv_cents > 0)
      sums.set(weekOf(l.day), (sums.get(weekOf(l.day)) ?? 0) + l.gmv_cents);
  return [...sums].sort((a, b) => a[0] - b[0]).map(([week, cents]) => ({ week, gmv: units(cents) }));
}

/** GMV per video the sales were attributed to, highest first (ties by video id). */
export function gmvPerVideo(lines: readonly LedgerLine[]): { video: string; gmv: number }[] {
  const sums = new Map<string, number>();
  for (const l of lines)
    if (l.kind === 'sale' && l.video_id && l.gmv_cents > 0)
      sums.set(l.video_id, (sums.get(l.video_id) ?? 0) + l.gmv_cents);
  return [...sums]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([video, cents]) => ({ video, gmv: units(cents) }));
}

export function kindLabel(kind: LedgerKind): string {
  switch (kind) {
    case 'sample':
      return m.ledger_kind_sample();
    case 'content':
      return m.ledger_kind_content();
    case 'sale':
      return m.ledger_kind_sale();
    case 'fee':
      return m.ledger_kind_fee();
    case 'retainer':
      return m.ledger_kind_retainer();
    case 'ad':
      return m.ledger_kind_ad();
  }
}

/** The ledger as a sheet: one row per line, amounts in the currency's units. */
export function ledgerTable(
  data: LedgerResult,
  names: ReadonlyMap<number, string>,
  sheet: string,
): TableSpec & { rows: Cell[][] } {
  const rows = data.lines.map((l): Cell[] => [
    l.day,
    kindLabel(l.kind),
    names.get(l.creator_id) ?? `#${l.creator_id}`,
    l.video_id,
    l.ref,
    units(l.gmv_cents),
    units(l.cost_cents),
    units(l.run_gmv_cents),
    units(l.run_cost_cents),
    units(l.run_net_cents),
  ]);
  return {
    sheetName: sheet,
    header: [
      m.ledger_col_day(),
      m.ledger_col_kind(),
      m.ledger_col_creator(),
      m.ledger_col_video(),
      m.ledger_col_ref(),
      `${m.ledger_col_gmv()} (${data.currency})`,
      `${m.ledger_col_cost()} (${data.currency})`,
      `${m.ledger_col_run_gmv()} (${data.currency})`,
      `${m.ledger_col_run_cost()} (${data.currency})`,
      `${m.ledger_col_run_net()} (${data.currency})`,
    ],
    widths: [12, 14, 24, 22, 16, 12, 12, 14, 14, 14],
    rowCount: rows.length,
    row: (i) => rows[i]!,
    rows,
  };
}

const safe = (s: string) =>
  s
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
const stamp = (at: Date) => at.toISOString().slice(0, 10).replace(/-/g, '');

/** "ledger-<creator>-<plan>-20260310.xlsx" for a creator, "ledger-plan-<plan>-20260310.xlsx" for a plan. */
export const ledgerFileName = (plan: string, creator?: string, at = new Date()): string =>
  creator
    ? `ledger-${safe(creator)}-${safe(plan)}-${stamp(at)}.xlsx`
    : `ledger-plan-${safe(plan)}-${stamp(at)}.xlsx`;
