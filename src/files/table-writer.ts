/**
 * Writes a table (header + rows of strings/numbers) as CSV or XLSX bytes, in batches so a
 * 100k-row view never becomes one giant string. Runs in the query worker and in Node (bench,
 * tests): only TextEncoder and CompressionStream are needed.
 *
 * - CSV: UTF-8 with a BOM (Excel then reads Chinese headers correctly), CRLF line ends, fields
 *   quoted when they hold a comma, quote, CR or LF (RFC 4180). Text that Excel would run as a
 *   formula (FORMULA_START: = + - @ tab CR at the start) gets a leading apostrophe.
 * - XLSX: one sheet with inline strings (every text is a plain string cell, never a formula) and a
 *   bold header row; see zip.ts for the container.
 *   (exceljs's in-memory Workbook needed ~26 s and 2.6 GB for 100k rows x 16 columns, and its
 *   streaming writer is not in the browser build, hence this small writer.)
 */
import { FORMULA_START } from '../../contract/export-columns.ts';
import { ZipWriter } from './zip.ts';

export type Cell = string | number | null | undefined;
export type ExportFormat = 'csv' | 'xlsx';

export interface TableSpec {
  sheetName: string;
  header: string[];
  /** Column widths in characters (XLSX only). */
  widths?: number[];
  rowCount: number;
  /** Row `i` (0-based, header excluded): built on demand, so rows are never all held as cells. */
  row: (i: number) => readonly Cell[];
  /** Called with the rows written so far, every `BATCH` rows and at the end. */
  onProgress?: (done: number, total: number) => void;
}

export const MIME_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const BATCH = 2000;
const utf8 = new TextEncoder();

// ---------- CSV ----------

export function csvField(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  let s = v;
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (cells: readonly Cell[]): string => cells.map(csvField).join(',') + '\r\n';

export function writeCsv(spec: TableSpec): Uint8Array {
  const total = spec.rowCount;
  const parts: Uint8Array[] = [utf8.encode('\uFEFF' + csvLine(spec.header))];
  for (let start = 0; start < total; start += BATCH) {
    let s = '';
    const end = Math.min(total, start + BATCH);
    for (let i = start; i < end; i++) s += csvLine(spec.row(i));
    parts.push(utf8.encode(s));
    spec.onProgress?.(end, total);
  }
  if (!total) spec.onProgress?.(0, 0);
  return concat(parts);
}

// ---------- XLSX ----------

/** Characters XML 1.0 cannot carry at all (control characters other than tab, LF, CR). */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Text as XML character data; most cells need no change, so one test comes first. A CR is written
 * as a reference: XML readers turn a literal one into a line feed.
 */
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

export const xmlText = (s: string): string =>
  XML_SPECIAL.test(s)
    ? s
        .replace(XML_INVALID, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/\r/g, '&#13;')
    : s;

export function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function xlsxRow(r: number, cells: readonly Cell[], letters: string[], style: string): string {
  let s = `<row r="${r}">`;
  for (let c = 0; c < cells.length; c++) {
    const v = cells[c];
    const ref = `${letters[c]}${r}`;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) s += `<c r="${ref}"${style}><v>${v}</v></c>`;
    } else if (v !== null && v !== undefined && v !== '') {
      const space = /^\s|\s$/.test(v) ? ' xml:space="preserve"' : '';
      s += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(v)}</t></is></c>`;
    }
  }
  return s + '</row>';
}

function* sheetXml(spec: TableSpec): Generator<string> {
  const letters = spec.header.map((_, i) => columnName(i));
  const total = spec.rowCount;
  let head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  if (spec.widths?.length) {
    head += '<cols>';
    spec.widths.forEach(
      (w, i) => (head += `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`),
    );
    head += '</cols>';
  }
  yield head + '<sheetData>' + xlsxRow(1, spec.header, letters, ' s="1"');
  for (let start = 0; start < total; start += BATCH) {
    let s = '';
    const end = Math.min(total, start + BATCH);
    for (let i = start; i < end; i++) s += xlsxRow(i + 2, spec.row(i), letters, '');
    yield s;
    spec.onProgress?.(end, total);
  }
  if (!total) spec.onProgress?.(0, 0);
  yield '</sheetData></worksheet>';
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '</styleSheet>';

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export const sheetName = (s: string): string => s.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

export async function writeXlsx(spec: TableSpec): Promise<Uint8Array> {
  const zip = new ZipWriter();
  await zip.add('[Content_Types].xml', [CONTENT_TYPES]);
  await zip.add('_rels/.rels', [ROOT_RELS]);
  await zip.add('xl/workbook.xml', [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets><sheet name="${xmlText(sheetName(spec.sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ]);
  await zip.add('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS]);
  await zip.add('xl/styles.xml', [STYLES]);
  await zip.add('xl/worksheets/sheet1.xml', sheetXml(spec));
  return zip.finish();
}

export const writeTable = (format: ExportFormat, spec: TableSpec): Promise<Uint8Array> =>
  format === 'csv' ? Promise.resolve(writeCsv(spec)) : writeXlsx(spec);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}
