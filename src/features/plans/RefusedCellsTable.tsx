/**
 * The table of refused cells that an order file and an ad-spend file share: the spreadsheet row, the
 * column, what the cell held, and a last column that each import names itself (what was expected, or
 * the server's reason). Scrolls by keyboard inside its own labelled region.
 */
import type { ReactNode } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import './orders.css';

export interface RefusedCell {
  row: number;
  column: ReactNode;
  value: string;
  why: ReactNode;
}

export function RefusedCellsTable({
  caption,
  lastColumn,
  cells,
}: {
  caption: string;
  lastColumn: ReactNode;
  cells: readonly RefusedCell[];
}) {
  return (
    <div className="orders-refused__scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="orders-table">
        <caption className="cd-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.orders_refused_col_row()}</th>
            <th scope="col">{m.orders_refused_col_column()}</th>
            <th scope="col">{m.orders_refused_col_held()}</th>
            <th scope="col">{lastColumn}</th>
          </tr>
        </thead>
        <tbody>
          {cells.map((r, i) => (
            <tr key={i}>
              <th scope="row">{formatNumber(r.row)}</th>
              <td>{r.column}</td>
              <td className="orders-table__held">{r.value === '' ? m.orders_held_empty() : r.value}</td>
              <td>{r.why}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
