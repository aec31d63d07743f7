/**
 * Writes one export job's XLSX with exceljs's streaming writer: rows are read from the database
 * in id-ordered pages (export-rows.ts) and committed as they go, so memory stays flat however
 * many rows there are.
 *
 * Speed (bench/export.ts, 100k creators): only the exported columns are read, and the writer runs
 * without a styles part (exceljs's per-cell style lookup cost more than half of the job's CPU), so
 * the header row is frozen rather than bold. The writer yields to the event loop after every page,
 * so the server keeps answering requests (download.info among them) while a large export runs.
 *
 * exceljs loads with the first export, not with the server: it is the largest module the server
 * has (~0.4 s of a ~2 s start), and every process start and restart would pay for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { FORMULA_START } from '../../contract/export-columns.ts';
import { columnsFor } from './export-columns.ts';
import { exportRows, type RowsParams } from './export-rows.ts';

/** Free tier: `cap` rows at most; null for VIP. */
export type ExportParams = RowsParams;

const PAGE = 2000;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Columns holding unix seconds, written as date-times. */
const TIME_KEYS = new Set(['add_time', 'update_time']);

export async function writeExport(
  db: Kysely<DB>,
  workspaceId: number,
  params: ExportParams,
  file: string,
  onProgress: (rows: number) => Promise<boolean>,
): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const columns = columnsFor(params.type);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(params.country, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((col) => ({
    header: col[params.language],
    key: col.key,
    width: col.width ?? 14,
  }));
  let written = 0;
  for await (const page of exportRows(db, workspaceId, params, PAGE)) {
    for (const r of page) {
      const values = columns.map((col) => {
        const v = r[col.key];
        if (TIME_KEYS.has(col.key) && (typeof v === 'number' || typeof v === 'string') && Number(v) > 0)
          return dayjs.unix(Number(v)).format('YYYY-MM-DD HH:mm:ss');
        // exceljs writes text as t="str" (a formula's cached result); formula-like creator text
        // goes out as rich text instead, which it writes as an inline string: a plain string cell.
        if (typeof v === 'string' && FORMULA_START.test(v)) return { richText: [{ text: v }] };
        return v ?? '';
      });
      sheet.addRow(values).commit();
    }
    written += page.length;
    if (!(await onProgress(written))) throw new Error('job taken over by another runner');
    await nextTick();
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
