/**
 * Reads an import file into rows of text cells. Runs in the import worker and in Node (tests,
 * bench): it needs only Blob, TextDecoder and dynamic import.
 *
 * CSV is streamed: the Blob is read in 1 MiB slices through one streaming TextDecoder (so a
 * character split between slices survives) into papaparse's Parser, which hands back the
 * complete rows and where the unfinished last row starts. XLSX is read with exceljs, loaded
 * only when an XLSX arrives, so the CSV path never downloads it.
 */
import Papa from 'papaparse';
import { sniffFile, type FileKind, type SniffError } from './import-rules.ts';

export type ReadError = SniffError | 'bad_xlsx' | 'no_rows' | 'too_large';

export class ImportFileError extends Error {
  readonly code: ReadError;
  constructor(code: ReadError, cause?: unknown) {
    super(`import file: ${code}`, { cause });
    this.name = 'ImportFileError';
    this.code = code;
  }
}

export interface Table {
  kind: FileKind;
  headers: string[];
  /** Data rows (the header row excluded); blank rows are dropped. */
  rows: string[][];
  /** Spreadsheet row number of rows[0] for each row (blank rows keep the numbering honest). */
  rowNumbers: number[];
}

/** Cells beyond this are ignored; rows beyond MAX_ROWS refuse the file (the tab would run out of memory). */
export const MAX_COLUMNS = 200;
export const MAX_ROWS = 1_000_000;
const SLICE = 1 << 20;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

export async function readTable(
  blob: Blob,
  name: string,
  onProgress?: (fraction: number) => void,
): Promise<Table> {
  const head = new Uint8Array(await blob.slice(0, 64 * 1024).arrayBuffer());
  const sniff = sniffFile(name, head);
  if (!sniff.ok) throw new ImportFileError(sniff.error);
  const all: string[][] = [];
  const numbers: number[] = [];
  let n = 0;
  const push = (cells: string[], rowNumber?: number) => {
    n = rowNumber ?? n + 1;
    if (isBlank(cells)) return;
    if (all.length > MAX_ROWS) throw new ImportFileError('too_large');
    all.push(cells.length > MAX_COLUMNS ? cells.slice(0, MAX_COLUMNS) : cells);
    numbers.push(n);
  };
  if (sniff.kind === 'csv') await parseCsv(blob, sniff.encoding, push, onProgress);
  else await parseXlsx(blob, push);
  onProgress?.(1);
  if (all.length < 2) throw new ImportFileError('no_rows');
  const headers = all[0]!.map((h) => h.replace(/^\uFEFF/, '').trim());
  const rows = all.slice(1);
  // rows may be ragged; the header decides the columns but a longer row widens the table
  const width = Math.max(headers.length, ...rows.slice(0, 1000).map((r) => r.length));
  while (headers.length < width) headers.push('');
  return { kind: sniff.kind, headers, rows, rowNumbers: numbers.slice(1) };
}

async function parseCsv(
  blob: Blob,
  encoding: string,
  push: (cells: string[]) => void,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch (e) {
    throw new ImportFileError('not_text', e);
  }
  let parser: Papa.Parser | null = null;
  let partial = '';
  for (let start = 0; start < blob.size; start += SLICE) {
    const last = start + SLICE >= blob.size;
    const bytes = await blob.slice(start, start + SLICE).arrayBuffer();
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: !last });
    } catch (e) {
      throw new ImportFileError('not_text', e);
    }
    if (start === 0) text = text.replace(/^\uFEFF/, '');
    const input = partial + text;
    if (!parser) {
      // delimiter and line ending from the first slice: comma, tab, semicolon or pipe
      const guess = Papa.parse<string[]>(input.slice(0, 64 * 1024), {
        preview: 20,
        skipEmptyLines: true,
        delimitersToGuess: [',', '\t', ';', '|'],
      });
      parser = new Papa.Parser({
        delimiter: guess.meta.delimiter || ',',
        newline: (guess.meta.linebreak as '\n' | '\r\n' | '\r' | undefined) || '\n',
      });
    }
    const res = parser.parse(input, 0, !last) as { data: string[][]; meta: { cursor: number } };
    for (const cells of res.data) push(cells);
    partial = last ? '' : input.slice(res.meta.cursor);
    onProgress?.(Math.min(1, (start + SLICE) / blob.size));
  }
}

type CellLike = { text?: unknown; value?: unknown };

function cellText(cell: CellLike): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  const o = v as { result?: unknown; text?: unknown; richText?: { text: string }[]; hyperlink?: unknown };
  if (o.result !== undefined) return o.result === null ? '' : String(o.result);
  if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
  if (typeof o.text === 'string') return o.text;
  return typeof cell.text === 'string' ? cell.text : '';
}

async function parseXlsx(blob: Blob, push: (cells: string[], rowNumber: number) => void): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(await blob.arrayBuffer());
  } catch (e) {
    throw new ImportFileError('bad_xlsx', e);
  }
  const sheet = wb.worksheets.find((ws) => ws.actualRowCount > 0) ?? wb.worksheets[0];
  if (!sheet) throw new ImportFileError('no_rows');
  const width = Math.min(MAX_COLUMNS, sheet.columnCount);
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c) as CellLike));
    push(cells, rowNumber);
  });
}
