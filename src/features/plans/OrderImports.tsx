/**
 * The workspace's latest imports of order downloads on /plans: which file, for which country, how
 * many lines and refused rows, who and when; each can be undone (confirmed first, saying what goes
 * and what comes back). An undo not sent yet says so; an undone import says who undid it.
 */
import type { Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { countryName } from '../../ui/CountrySelect.tsx';
import { useConfirmedAction } from '../../ui/Dialog.tsx';
import { undoImport } from './orders-actions.ts';
import { useOrderImports } from './orders-queries.ts';
import './orders.css';

const fileOf = (imp: RowOf<'order_imports'>): string =>
  (imp.file_name ?? '').trim() || m.orders_imports_api();

export function OrderImports() {
  const data = useOrderImports();
  const undo = useConfirmedAction(
    (imp: RowOf<'order_imports'>) => ({
      message: m.orders_undo_confirm({ file: fileOf(imp), count: imp.lines }),
      confirmLabel: m.orders_imports_undo(),
      tone: 'danger',
    }),
    (imp: RowOf<'order_imports'>) => undoImport(imp, fileOf(imp)),
  );
  if (!data || data.imports.length === 0) return null;
  return (
    <section className="orders-imports" aria-labelledby="orders-imports-title" data-testid="order-imports">
      <h2 id="orders-imports-title" className="orders-imports__title">
        {m.orders_imports_title()}
      </h2>
      <ul className="orders-imports__list">
        {data.imports.map((imp) => {
          const file = fileOf(imp);
          const pending = data.undoing.get(imp.id);
          const undone = imp.undo_time > 0;
          return (
            <li key={imp.id} className="orders-imports__item" data-testid="order-import">
              <span>
                {m.orders_imports_row({
                  file,
                  country: countryName(imp.country as Country),
                  count: imp.lines,
                  who: imp.user_name ?? '',
                  when: formatDateTime(imp.add_time),
                })}
                {imp.refused > 0 && ` · ${m.orders_refused_title({ count: imp.refused })}`}
              </span>
              {undone ? (
                <span className="plans-muted">
                  {m.orders_imports_undone({
                    who: imp.undo_user_name ?? '',
                    when: formatDateTime(imp.undo_time),
                  })}
                </span>
              ) : pending === 'acked' ? (
                <span className="plans-muted">{m.orders_undone()}</span>
              ) : pending ? (
                <span className="plans-muted">{m.orders_undo_waiting()}</span>
              ) : (
                <Button
                  size="sm"
                  variant="text"
                  aria-label={m.orders_imports_undo_label({ file })}
                  onPress={() => undo.run(imp)}
                >
                  {m.orders_imports_undo()}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
