/**
 * "Export this view": the creators of the Home grid's current filter and sort, written as CSV or
 * XLSX with the server export's columns and localised headers (contract/export-columns.ts).
 * Called inside the query worker (query.worker.ts `exportView`) on the rows it already holds, and
 * by the benchmark in Node; the page only receives the finished bytes.
 */
import dayjs from 'dayjs';
import type { Language } from '../../contract/constants.ts';
import { CREATOR_COLUMNS, FLAG_TEXT, TYPE_FILE_NAME } from '../../contract/export-columns.ts';
import type { CreatorRow } from '../../contract/sync.ts';
import { MIME_TYPE, writeTable, type Cell } from '../files/table-writer.ts';
import type { ExportFormat, ViewFile } from './query-types.ts';

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const numOrBlank = (v: unknown): Cell => (typeof v === 'number' && Number.isFinite(v) ? v : '');

/** One creator as the export's cells, in CREATOR_COLUMNS order. */
export function creatorCells(r: CreatorRow, language: Language): Cell[] {
  return CREATOR_COLUMNS.map((col): Cell => {
    switch (col.key) {
      case 'is_chat_str':
        return FLAG_TEXT.chat[language][r.is_chat ? 1 : 0];
      case 'is_invitation_str':
        return FLAG_TEXT.invitation[language][r.is_invitation ? 1 : 0];
      case 'is_black_str':
        return FLAG_TEXT.black[language][r.is_black ? 1 : 0];
      case 'tags':
        return r.tags.map((t) => t.tag_title).join(', ');
      case 'add_time':
        return typeof r.add_time === 'number' ? dayjs.unix(r.add_time).format('YYYY-MM-DD HH:mm:ss') : '';
      default: {
        const v = (r as unknown as Record<string, unknown>)[col.key];
        return typeof v === 'number' ? numOrBlank(v) : str(v);
      }
    }
  });
}

export const viewFileName = (country: string, format: ExportFormat, at = new Date()): string =>
  `${TYPE_FILE_NAME.blogger}-${country}-${dayjs(at).format('YYYYMMDD-HHmmss')}.${format}`;

export async function exportCreatorView(
  rows: readonly CreatorRow[],
  opts: {
    country: string;
    format: ExportFormat;
    language: Language;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ViewFile> {
  const { country, format, language } = opts;
  const bytes = await writeTable(format, {
    sheetName: country,
    header: CREATOR_COLUMNS.map((c) => c[language]),
    widths: CREATOR_COLUMNS.map((c) => c.width ?? 14),
    rowCount: rows.length,
    row: (i) => creatorCells(rows[i]!, language),
    onProgress: opts.onProgress,
  });
  return { bytes, fileName: viewFileName(country, format), mimeType: MIME_TYPE[format], rows: rows.length };
}
