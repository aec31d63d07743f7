/**
 * An order download held where it was parsed (the import worker), like import-session.ts holds a
 * creator file: the dialog gets what the file is, its counts and why rows were refused, then asks
 * for the lines a part at a time, so the whole file never crosses to the UI thread.
 */
import { ORDERS_CALL_MAX } from '../../../contract/limits.ts';
import { readTable } from './file-parse.ts';
import { readOrders, type OrderLine, type OrdersLayout, type Refusal } from './orders-rules.ts';

export interface OrdersLoaded {
  layout: OrdersLayout;
  lines: number;
  voided: number;
  /** Why rows were refused (row, column, what it held, what was expected): the first ones. */
  refusals: Refusal[];
  /** Rows refused in all. */
  refusedRows: number;
  /** Required columns the header lacks (then no line is read). */
  missing: string[];
  noCreator: boolean;
  parts: number;
  /** Currencies the lines are in (a file is normally one). */
  currencies: string[];
}

export class OrdersSession {
  private lines: OrderLine[] = [];

  /** null: the file is not one of Seller Center's order downloads. */
  async load(
    file: Blob,
    name: string,
    onProgress?: (fraction: number) => void,
  ): Promise<OrdersLoaded | null> {
    const t = await readTable(file, name, onProgress);
    const r = readOrders(t.headers, t.rows, t.rowNumbers, { xlsx: t.kind === 'xlsx' });
    if (r === 'not_orders') return null;
    this.lines = r.lines;
    return {
      layout: r.layout,
      lines: r.lines.length,
      voided: r.voided,
      refusals: r.refusals,
      refusedRows: r.refusedRows,
      missing: r.missing,
      noCreator: r.noCreator,
      parts: Math.ceil(r.lines.length / ORDERS_CALL_MAX),
      currencies: [...new Set(r.lines.map((l) => l.currency).filter(Boolean))],
    };
  }

  part(i: number): OrderLine[] {
    return this.lines.slice(i * ORDERS_CALL_MAX, (i + 1) * ORDERS_CALL_MAX);
  }

  clear(): void {
    this.lines = [];
  }
}
