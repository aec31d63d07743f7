/**
 * The rows of an ad-spend file the server refused: row, column, what it held and why (in the
 * request's language), the first SHOWN of them, with the count of the rest. The other rows count.
 */
import type { AdSpendRefusal } from '../../../contract/schemas/ad-spend.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import './orders.css';

const SHOWN = 100;

const fieldName = (f: string): string =>
  f === 'video'
    ? m.money_ads_field_video()
    : f === 'date'
      ? m.money_ads_field_date()
      : f === 'amount'
        ? m.money_ads_field_amount()
        : f === 'currency'
          ? m.money_ads_field_currency()
          : m.money_ads_field_campaign();

export function AdSpendRefusals({ refused }: { refused: readonly AdSpendRefusal[] }) {
  const rows = new Set(refused.map((r) => r.row)).size;
  const shown = refused.slice(0, SHOWN);
  return (
    <section className="orders-refused" aria-labelledby="ads-refused-title" data-testid="ads-refused">
      <h3 id="ads-refused-title" className="orders-refused__title">
        {m.money_ads_refused_title({ count: formatNumber(rows) })}
      </h3>
      <p>{m.money_ads_refused_hint()}</p>
      <div
        className="orders-refused__scroll"
        tabIndex={0}
        role="region"
        aria-label={m.money_ads_refused_caption()}
      >
        <table className="orders-table">
          <caption className="cd-visually-hidden">{m.money_ads_refused_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.orders_refused_col_row()}</th>
              <th scope="col">{m.orders_refused_col_column()}</th>
              <th scope="col">{m.orders_refused_col_held()}</th>
              <th scope="col">{m.money_ads_col_reason()}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r, i) => (
              <tr key={i}>
                <th scope="row">{formatNumber(r.row)}</th>
                <td>{fieldName(r.field)}</td>
                <td className="orders-table__held">{r.value === '' ? m.orders_held_empty() : r.value}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {refused.length > shown.length && (
        <p className="plans-muted">
          {m.money_ads_refused_more({ count: formatNumber(refused.length - shown.length) })}
        </p>
      )}
    </section>
  );
}
