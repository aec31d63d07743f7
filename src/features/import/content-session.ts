/**
 * A content file held where it was parsed (the import worker), like ad-spend-session.ts: the dialog
 * gets the header, a preview and the guessed mapping, then asks for the mapped rows a part at a time.
 */
import { CONTENT_IMPORT_CALL_MAX } from '../../../contract/limits.ts';
import type { ContentImportRowInput } from '../../../contract/schemas/content-import.ts';
import { readTable, type Table } from './file-parse.ts';
import { contentRows, guessContentMapping, type ContentField } from './content-file-rules.ts';
import { PREVIEW_ROWS } from './import-rules.ts';

export interface ContentLoaded {
  headers: string[];
  preview: string[][];
  /** Spreadsheet row numbers of the preview rows. */
  previewRows: number[];
  total: number;
  parts: number;
  mapping: (ContentField | null)[];
}

export class ContentSession {
  private table: Table | null = null;

  async load(file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<ContentLoaded> {
    const t = await readTable(file, name, onProgress);
    this.table = t;
    return {
      headers: t.headers,
      preview: t.rows.slice(0, PREVIEW_ROWS),
      previewRows: t.rowNumbers.slice(0, PREVIEW_ROWS),
      total: t.rows.length,
      parts: Math.ceil(t.rows.length / CONTENT_IMPORT_CALL_MAX),
      mapping: guessContentMapping(t.headers),
    };
  }

  part(mapping: (ContentField | null)[], i: number): ContentImportRowInput[] {
    if (!this.table) return [];
    const from = i * CONTENT_IMPORT_CALL_MAX;
    const to = from + CONTENT_IMPORT_CALL_MAX;
    return contentRows(this.table.rows.slice(from, to), this.table.rowNumbers.slice(from, to), mapping);
  }

  clear(): void {
    this.table = null;
  }
}
