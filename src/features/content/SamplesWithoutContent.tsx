/**
 * /plans/samples-without-content: shipped samples past their post-by day (the shipping day in the
 * shop's time zone plus the plan's post-within days), most overdue first, with what each sample
 * cost (the value at stake) and a drafted reminder to copy. Above it, "Record a video" pastes a
 * creator's video link; a shipped sample it is for moves to "content posted" and leaves the list.
 * Read from the server when the screen opens (not mirrored yet); offline it says so.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { OverdueSampleRow, OverdueSamplesResult } from '../../../contract/schemas/content.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { usePlans } from '../plans/plan-queries.ts';
import { fetchOverdue } from './content-api.ts';
import { PasteContentForm } from './PasteContentForm.tsx';
import { ReminderDialog } from './ReminderDialog.tsx';
import './content.css';

type Overdue = z.output<typeof OverdueSamplesResult>;

export function SamplesWithoutContent() {
  const plans = usePlans();
  const [data, setData] = useState<Overdue | 'loading' | 'offline'>('loading');
  const [drafting, setDrafting] = useState<OverdueSampleRow | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchOverdue(ctrl.signal).then(
      (r) => setData(r),
      () => !ctrl.signal.aborted && setData('offline'),
    );
    return () => ctrl.abort();
  }, [round]);

  const money = (r: OverdueSampleRow) =>
    formatGmv(r.sample_cost, COUNTRY_CURRENCY[r.country as Country] ?? '');
  return (
    <div className="screen-panel ledger-panel">
      <PasteContentForm plans={plans?.plans ?? []} onRecorded={reload} />
      <section aria-labelledby="ledger-overdue-title">
        <h2 id="ledger-overdue-title" className="ledger-heading">
          {m.ledger_overdue_title()}
        </h2>
        <p className="ledger-muted">{m.ledger_overdue_hint()}</p>
        {data === 'loading' && <p role="status">{m.ledger_loading()}</p>}
        {data === 'offline' && (
          <p role="status">
            {m.ledger_needs_connection()}{' '}
            <Button size="sm" onPress={reload}>
              {m.ledger_retry()}
            </Button>
          </p>
        )}
        {typeof data === 'object' && data.rows.length === 0 && <p>{m.ledger_overdue_none()}</p>}
        {typeof data === 'object' && data.rows.length > 0 && (
          <>
            {data.total > data.rows.length && (
              <p>{m.ledger_overdue_more({ shown: data.rows.length, total: data.total })}</p>
            )}
            <div className="ledger-scroll" tabIndex={0} role="region" aria-label={m.ledger_overdue_title()}>
              <table className="ledger-table" data-testid="ledger-overdue">
                <caption className="cd-visually-hidden">{m.ledger_overdue_title()}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m.ledger_col_creator()}</th>
                    <th scope="col">{m.ledger_col_product()}</th>
                    <th scope="col">{m.ledger_col_plan()}</th>
                    <th scope="col">{m.ledger_col_cost()}</th>
                    <th scope="col">{m.ledger_col_post_by()}</th>
                    <th scope="col">{m.ledger_col_overdue()}</th>
                    <th scope="col">
                      <span className="cd-visually-hidden">{m.ledger_col_actions()}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={`${r.plan_id}:${r.creator_id}`} data-testid="ledger-overdue-row">
                      <td>
                        <Link to={`/creator/${r.creator_id}`}>
                          {r.name ? `${r.name} (@${r.handle})` : `@${r.handle}`}
                        </Link>
                      </td>
                      <td>{r.products.map((p) => p.title || p.product_id).join(', ') || '-'}</td>
                      <td>
                        <Link to={`/plans/${r.plan_id}`}>{r.plan_name}</Link>
                      </td>
                      <td className="ledger-num">{money(r)}</td>
                      <td>{r.post_by}</td>
                      <td className="ledger-num">{formatNumber(r.days_overdue)}</td>
                      <td>
                        <Button size="sm" onPress={() => setDrafting(r)}>
                          {m.ledger_draft_reminder()}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      {drafting && <ReminderDialog row={drafting} onClose={() => setDrafting(null)} />}
    </div>
  );
}
