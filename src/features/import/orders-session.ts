/**
 * An order download held where it was parsed (the import worker), like import-session.ts holds a
 * creator file: the dialog gets what the file is and its counts, then asks for the lines a part at
 * a time, so the whole file never crosses to the UI thread.
 */
import { ORDERS_CALL_MAX } from '../../../contract/limits.ts';
import { readTable } from './file-parse.ts';
import { readOrders, type OrderLine, type OrdersLayout } from './orders-rules.ts';

export interface OrdersLoaded {
  layout: OrdersLayout;
  lines: number;
  voided: number;
  /** Spreadsheet rows that could not be read (the first ones). */
  bad: number[];
  badCount: number;
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
    const r = readOrders(t.headers, t.rows, t.rowNumbers);
    if (r === 'not_orders') return null;
    this.lines = r.lines;
    return {
      layout: r.layout,
      lines: r.lines.length,
      voided: r.voided,
      bad: r.bad.slice(0, 10),
      badCount: r.bad.length,
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
