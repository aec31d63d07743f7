/**
 * A plan as a spreadsheet: one row per creator in it, with the stage, its dates, the
 * reason of a way out, and the money (imported sales of the plan's products, sample cost when the
 * samples went out, ROI). Headers in the user's language; written by the export feature's own
 * XLSX writer (no exceljs), on this device from the local mirror, so it works offline.
 */
import dayjs from 'dayjs';
import type { CreatorRow, RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import type { Cell, TableSpec } from '../../files/table-writer.ts';
import { creatorMoney, planProductIds, roi, sampleCostEach, samplesSent } from './money-rules.ts';
import { daysIn, stageLabel } from './plan-rules.ts';

const day = (t: unknown): string => (Number(t) > 0 ? dayjs.unix(Number(t)).format('YYYY-MM-DD') : '');
const money = (n: number): number => Math.round(n * 100) / 100;

/** The plan's creators as a table, newest arrivals first. */
export function planTable(
  plan: RowOf<'plans'>,
  members: readonly RowOf<'plan_creators'>[],
  creators: ReadonlyMap<number, CreatorRow>,
  sales: readonly RowOf<'creator_sales'>[],
  products: readonly RowOf<'products'>[],
  now: number,
): TableSpec & { rows: Cell[][] } {
  const mine = members
    .filter((r) => r.plan_id === plan.id)
    .sort((a, b) => b.add_time - a.add_time || b.id - a.id);
  const per = creatorMoney(sales, planProductIds(plan, products));
  const each = sampleCostEach(plan);
  const rows = mine.map((r): Cell[] => {
    const id = r.creator_id;
    const c = creators.get(id);
    const mo = per.get(id);
    const sample = samplesSent(r) ? each : 0;
    const gmv = mo?.gmv ?? 0;
    const commission = mo?.commission ?? 0;
    const ratio = roi(gmv, commission, sample);
    return [
      c ? `@${c.unique_id}` : `#${id}`,
      c?.daren_name ?? '',
      stageLabel(r.stage),
      day(r.stage_time),
      daysIn(r.stage_time, now),
      r.reason ?? '',
      day(r.add_time),
      money(gmv),
      mo?.orders ?? 0,
      mo?.units ?? 0,
      money(commission),
      money(sample),
      ratio === null ? '' : Math.round(ratio * 1000) / 10,
    ];
  });
  return {
    sheetName: plan.name,
    header: [
      m.plans_export_col_handle(),
      m.plans_export_col_name(),
      m.plans_export_col_stage(),
      m.plans_export_col_since(),
      m.plans_export_col_days(),
      m.plans_export_col_reason(),
      m.plans_export_col_added(),
      m.plans_export_col_gmv(),
      m.plans_export_col_orders(),
      m.plans_export_col_units(),
      m.plans_export_col_commission(),
      m.plans_export_col_sample(),
      `${m.plans_export_col_roi()} %`,
    ],
    widths: [24, 24, 16, 14, 10, 24, 14, 12, 8, 8, 12, 12, 8],
    rowCount: rows.length,
    row: (i) => rows[i]!,
    rows,
  };
}

export const planFileName = (plan: RowOf<'plans'>, at = new Date()): string =>
  `plan-${plan.name
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .slice(0, 40)}-${dayjs(at).format('YYYYMMDD-HHmmss')}.xlsx`;
