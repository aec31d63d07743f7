/**
 * An ad-spend file held where it was parsed (the import worker), like orders-session.ts: the dialog
 * gets the header, a preview and the guessed mapping, then asks for the mapped rows a part at a time.
 */
import { AD_IMPORT_CALL_MAX } from '../../../contract/limits.ts';
import type { AdSpendRowInput } from '../../../contract/schemas/ad-spend.ts';
import { readTable, type Table } from './file-parse.ts';
import { adRows, guessAdMapping, type AdField } from './ad-spend-rules.ts';
import { PREVIEW_ROWS } from './import-rules.ts';

export interface AdSpendLoaded {
  headers: string[];
  preview: string[][];
  total: number;
  parts: number;
  mapping: (AdField | null)[];
}

export class AdSpendSession {
  private table: Table | null = null;

  async load(file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<AdSpendLoaded> {
    const t = await readTable(file, name, onProgress);
    this.table = t;
    return {
      headers: t.headers,
      preview: t.rows.slice(0, PREVIEW_ROWS),
      total: t.rows.length,
      parts: Math.ceil(t.rows.length / AD_IMPORT_CALL_MAX),
      mapping: guessAdMapping(t.headers),
    };
  }

  part(mapping: (AdField | null)[], i: number): AdSpendRowInput[] {
    if (!this.table) return [];
    const from = i * AD_IMPORT_CALL_MAX;
    const to = from + AD_IMPORT_CALL_MAX;
    return adRows(this.table.rows.slice(from, to), this.table.rowNumbers.slice(from, to), mapping);
  }

  clear(): void {
    this.table = null;
  }
}
