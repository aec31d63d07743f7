/**
 * The rows of an ad-spend file the server refused: row, column, what it held and why (in the
 * request's language), the first SHOWN of them, with the count of the rest. The other rows count.
 */
import type { AdSpendRefusal } from '../../../contract/schemas/ad-spend.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import './orders.css';
import { RefusedCellsTable } from './RefusedCellsTable.tsx';

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
      <RefusedCellsTable
        caption={m.money_ads_refused_caption()}
        lastColumn={m.money_ads_col_reason()}
        cells={shown.map((r) => ({ row: r.row, column: fieldName(r.field), value: r.value, why: r.reason }))}
      />
      {refused.length > shown.length && (
        <p className="plans-muted">
          {m.money_ads_refused_more({ count: formatNumber(refused.length - shown.length) })}
        </p>
      )}
    </section>
  );
}
