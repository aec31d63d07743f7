/**
 * One import file held where it was parsed (the import worker; Node in tests and the bench):
 * the UI gets the header, a preview and counts, then asks for mapped chunks one at a time, so
 * the whole table never crosses to the UI thread.
 */
import type { Country } from '../../../contract/constants.ts';
import { readTable, type Table } from './file-parse.ts';
import {
  CHUNK_ROWS,
  guessMapping,
  PREVIEW_ROWS,
  prepareRows,
  type Duplicate,
  type FileKind,
  type PreparedRow,
  type ProfileField,
} from './import-rules.ts';

export interface Loaded {
  kind: FileKind;
  headers: string[];
  preview: string[][];
  /** Spreadsheet row numbers of the preview rows. */
  previewRows: number[];
  /** Data rows (blank rows not counted). */
  total: number;
  mapping: (ProfileField | null)[];
}

export interface PrepareResult {
  /** Rows that will be sent (file rows minus earlier copies of a repeated creator). */
  rows: number;
  chunks: number;
  duplicates: Duplicate[];
}

export interface Chunk {
  rows: Record<string, string>[];
  rowNumbers: number[];
}

export class ImportSession {
  private table: Table | null = null;
  private prepared: PreparedRow[] = [];

  async load(file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<Loaded> {
    // a file that cannot be read leaves the one loaded before in place
    const t = await readTable(file, name, onProgress);
    this.table = t;
    this.prepared = [];
    return {
      kind: t.kind,
      headers: t.headers,
      preview: t.rows.slice(0, PREVIEW_ROWS),
      previewRows: t.rowNumbers.slice(0, PREVIEW_ROWS),
      total: t.rows.length,
      mapping: guessMapping(t.headers),
    };
  }

  prepare(mapping: (ProfileField | null)[], country: Country): PrepareResult {
    if (!this.table) throw new Error('no file loaded');
    const p = prepareRows(this.table.rows, mapping, country, this.table.rowNumbers);
    this.prepared = p.rows;
    return { rows: p.rows.length, chunks: Math.ceil(p.rows.length / CHUNK_ROWS), duplicates: p.duplicates };
  }

  chunk(i: number): Chunk {
    const part = this.prepared.slice(i * CHUNK_ROWS, (i + 1) * CHUNK_ROWS);
    return { rows: part.map((r) => r.data), rowNumbers: part.map((r) => r.row) };
  }

  /** The creators the prepared rows name (their unique_id), in file order: what an import wrote. */
  handles(): string[] {
    return this.prepared.map((r) => r.data.unique_id ?? '').filter(Boolean);
  }

  clear(): void {
    this.table = null;
    this.prepared = [];
  }
}
