/**
 * Why rows of an order file were refused, one line per cell: the spreadsheet row, the column (as the
 * file names it), what it held and what was expected, with the layout's own format. Good rows are
 * still imported: the hint says how many, and that nothing imported before is lost.
 */
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { Refusal } from '../import/orders-rules.ts';
import './orders.css';

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
      <div
        className="orders-refused__scroll"
        tabIndex={0}
        role="region"
        aria-label={m.orders_refused_caption()}
      >
        <table className="orders-table">
          <caption className="cd-visually-hidden">{m.orders_refused_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.orders_refused_col_row()}</th>
              <th scope="col">{m.orders_refused_col_column()}</th>
              <th scope="col">{m.orders_refused_col_held()}</th>
              <th scope="col">{m.orders_refused_col_expected()}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r, i) => (
              <tr key={i}>
                <th scope="row">{formatNumber(r.row)}</th>
                <td>{r.column}</td>
                <td className="orders-table__held">{r.value === '' ? m.orders_held_empty() : r.value}</td>
                <td>{expectedText(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className="plans-muted">{m.orders_refused_more({ count: more })}</p>}
    </section>
  );
}
