/**
 * Why rows of an order file were refused, one line per cell: the spreadsheet row, the column (as the
 * file names it), what it held and what was expected, with the layout's own format. Good rows are
 * still imported: the hint says how many, and that nothing imported before is lost.
 */
import { m } from '../../paraglide/messages.js';
import type { Refusal } from '../import/orders-rules.ts';
import './orders.css';
import { RefusedCellsTable } from './RefusedCellsTable.tsx';

/** Rows whose reasons are listed; the rest are counted. */
const SHOWN_ROWS = 100;

export function expectedText(r: Refusal): string {
  const [cells = '', total = ''] = (r.format ?? '').split('/');
  switch (r.expected) {
    case 'required':
      return m.orders_expect_required();
    case 'amount':
      return m.orders_expect_amount({ format: r.format ?? '' });
    case 'count':
      return m.orders_expect_count();
    case 'time':
      return m.orders_expect_time({ format: r.format ?? '' });
    case 'digits':
      return m.orders_expect_digits();
    case 'yes_no':
      return m.orders_expect_yes_no();
    case 'currency':
      return m.orders_expect_currency();
    case 'cut':
      return m.orders_expect_cut({ cells, total });
    case 'extra':
      return m.orders_expect_extra({ cells, total });
  }
}

export function OrdersRefusals({
  refusals,
  refusedRows,
  lines,
}: {
  refusals: readonly Refusal[];
  refusedRows: number;
  /** Lines of the file that are read (and will be imported). */
  lines: number;
}) {
  const rows = [...new Set(refusals.map((r) => r.row))].slice(0, SHOWN_ROWS);
  const shown = refusals.filter((r) => rows.includes(r.row));
  const more = refusedRows - rows.length;
  return (
    <section className="orders-refused" aria-labelledby="orders-refused-title" data-testid="orders-refused">
      <h3 id="orders-refused-title" className="orders-refused__title">
        {m.orders_refused_title({ count: refusedRows })}
      </h3>
      <p>{m.orders_refused_hint({ count: lines })}</p>
      <RefusedCellsTable
        caption={m.orders_refused_caption()}
        lastColumn={m.orders_refused_col_expected()}
        cells={shown.map((r) => ({ row: r.row, column: r.column, value: r.value, why: expectedText(r) }))}
      />
      {more > 0 && <p className="plans-muted">{m.orders_refused_more({ count: more })}</p>}
    </section>
  );
}
