/**
 * /plans/samples-without-content: shipped samples past their post-by day (the shipping day in the
 * shop's time zone plus the plan's post-within days), most overdue first, with what each sample
 * cost (the value at stake) and a drafted reminder to copy. Above it, "Record a video" pastes a
 * creator's video link; a shipped sample it is for moves to "content posted" and leaves the list.
 * Computed in the query worker from the mirror (src/workers/overdue-samples.ts, the same rows and
 * order as the server's list), so it works offline after the first sync and follows the mirror live.
 */
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { OverdueSampleRow } from '../../../contract/schemas/content.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { queryWorker } from '../../workers/query-client.ts';
import type { OverdueUpdate } from '../../workers/query-types.ts';
import { usePlans } from '../plans/plan-queries.ts';
import { PasteContentForm } from './PasteContentForm.tsx';
import { ReminderDialog } from './ReminderDialog.tsx';
import './content.css';

/**
 * The list as the query worker has it now and after each change of the mirror; 'loading' before its
 * first answer, 'failed' when the worker could not start.
 */
function useOverdue(): OverdueUpdate | 'loading' | 'failed' {
  const [data, setData] = useState<OverdueUpdate | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    const worker = queryWorker();
    const sub = worker.watchOverdue(
      Comlink.proxy((u: OverdueUpdate) => {
        if (live) setData(u);
      }),
    );
    sub.catch(() => live && setData('failed'));
    return () => {
      live = false;
      void sub.then((id) => worker.unsubscribe(id)).catch(() => undefined);
    };
  }, []);
  return data;
}

export function SamplesWithoutContent() {
  const plans = usePlans();
  const answer = useOverdue();
  // Before the first sync has landed the mirror knows nothing: say so rather than "none overdue".
  const data = typeof answer === 'string' ? answer : answer.synced ? answer : 'unsynced';
  const [drafting, setDrafting] = useState<OverdueSampleRow | null>(null);

  const money = (r: OverdueSampleRow) =>
    formatGmv(r.sample_cost, COUNTRY_CURRENCY[r.country as Country] ?? '');
  return (
    <div className="screen-panel ledger-panel">
      {/* A recorded video moves its sample to "content posted" on the server; the pull that follows updates the list. */}
      <PasteContentForm plans={plans?.plans ?? []} />
      <section aria-labelledby="ledger-overdue-title">
        <h2 id="ledger-overdue-title" className="ledger-heading">
          {m.ledger_overdue_title()}
        </h2>
        <p className="ledger-muted">{m.ledger_overdue_hint()}</p>
        {data === 'loading' && <p role="status">{m.overdue_loading()}</p>}
        {data === 'failed' && <p role="status">{m.worker_failed()}</p>}
        {data === 'unsynced' && (
          <p role="status">{navigator.onLine ? m.overdue_loading() : m.ledger_needs_connection()}</p>
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
                    <th scope="col">{m.overdue_col_cost()}</th>
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
