/**
 * The sample requests recorded in plans (docs/decisions/shop-connection.md, "Sample requests without
 * a shop"), on the sample requests screen below the shop's applications: creators at "sample
 * requested" in a plan, best fit for that plan first, each rule's verdict beside them. A member
 * selects rows and approves (they move to "sample approved") or rejects them with a reason (they move
 * to "declined"). Nothing is shown as decided before the server says so; a refused row stays as it
 * was, selected, with the server's reason beside it.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShopReviewResult } from '../../../contract/shop-review.ts';
import { formatDate } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { DecisionActions, DecisionTable, passesRules, useSelection } from './DecisionTable.tsx';
import { LocalRejectDialog } from './LocalRejectDialog.tsx';
import {
  decideLocalSamples,
  fetchLocalSamples,
  type LocalSampleOutcome,
  type LocalSampleView,
} from './local-samples-api.ts';

type List = { items: LocalSampleView[]; total: number };

/** `round` reloads the list (the rules changed); `hasRules` offers "approve all that pass". */
export function LocalSampleRequests({
  online,
  round,
  hasRules,
}: {
  online: boolean;
  round: number;
  hasRules: boolean;
}) {
  const [data, setData] = useState<List | 'loading' | 'offline'>('loading');
  const { selected, setSelected, toggle } = useSelection();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, LocalSampleOutcome>>(new Map());
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [problem, setProblem] = useState('');
  const [summary, setSummary] = useState('');
  useEffect(() => {
    const ctrl = new AbortController();
    fetchLocalSamples(ctrl.signal).then(
      (r) => setData(r),
      () => !ctrl.signal.aborted && setData('offline'),
    );
    return () => ctrl.abort();
  }, [round]);

  const items = typeof data === 'object' ? data.items : [];
  const open = items.filter((r) => outcomes.get(r.id)?.outcome !== 'done');
  const chosen = open.filter((r) => selected.has(r.id)).map((r) => r.id);
  const passing = open.filter(passesRules).map((r) => r.id);

  const decide = async (result: ShopReviewResult, reason?: string, ids = chosen) => {
    if (!ids.length || busy) return false;
    setBusy(true);
    setProblem('');
    setSummary('');
    try {
      const env = await decideLocalSamples(ids, result, reason);
      // A refused call after others went through: theirs are shown, and the refusal said.
      if (env.code !== 200) setProblem(`${env.msg} (${env.code})`);
      if (env.data.results.length === 0) return env.code === 200;
      const next = new Map(outcomes);
      for (const o of env.data.results) next.set(o.id, o);
      setOutcomes(next);
      // What went through leaves the selection; a refusal stays selected, its reason beside it.
      setSelected(new Set(env.data.results.filter((o) => o.outcome === 'refused').map((o) => o.id)));
      const done = env.data.results.filter((o) => o.outcome === 'done').length;
      setSummary(m.sample_requests_summary({ done, refused: env.data.results.length - done }));
      return env.code === 200;
    } catch {
      setProblem(m.sample_requests_needs_connection());
      return false;
    } finally {
      setBusy(false);
    }
  };

  const outcomeText = (r: LocalSampleView) => {
    const o = outcomes.get(r.id);
    if (o?.outcome === 'done')
      return o.stage === 'declined' ? m.local_samples_rejected() : m.local_samples_approved();
    if (o) return m.sample_requests_refused({ msg: o.msg, code: o.code });
    if (r.last_code) return m.sample_requests_refused({ msg: r.last_msg, code: r.last_code });
    return '';
  };
  const canAct = online && !busy && chosen.length > 0;
  return (
    <section className="sample-requests__local" aria-labelledby="local-samples-title">
      <h2 id="local-samples-title" className="sample-requests__heading">
        {m.local_samples_title()}
      </h2>
      <p className="sample-requests__muted">{m.local_samples_hint()}</p>
      {data === 'loading' && <p role="status">{m.sample_requests_loading()}</p>}
      {data === 'offline' && <p role="status">{m.sample_requests_needs_connection()}</p>}
      {typeof data === 'object' && data.items.length === 0 && <p>{m.local_samples_none()}</p>}
      {problem && <InlineAlert>{problem}</InlineAlert>}
      <p role="status" className="sample-requests__summary" data-testid="local-samples-summary">
        {summary}
      </p>
      {items.length > 0 && (
        <>
          <DecisionActions
            count={chosen.length}
            canAct={canAct}
            busy={busy}
            passing={hasRules ? { count: passing.length, canAct: online && !busy } : null}
            onApprove={() => void decide('approve')}
            onReject={() => setRejecting(true)}
            onApprovePassing={() => void decide('approve', undefined, passing)}
          />
          {typeof data === 'object' && data.total > data.items.length && (
            <p>{m.local_samples_more({ shown: data.items.length, total: data.total })}</p>
          )}
          <DecisionTable
            title={m.local_samples_title()}
            testId="local-samples"
            part="local-sample"
            dataKey="request"
            rows={items}
            idOf={(r) => r.id}
            isDone={(r) => outcomes.get(r.id)?.outcome === 'done'}
            selected={selected}
            onToggle={toggle}
            onSelectAll={(on) => setSelected(new Set(on ? open.map((r) => r.id) : []))}
            selectAllLabel={m.local_samples_select_all()}
            selectLabel={(r, who) => m.local_samples_select({ name: who, plan: r.plan_name })}
            columns={[
              {
                header: m.local_samples_col_plan(),
                cell: (r) => <Link to={`/plans/${r.plan_id}`}>{r.plan_name}</Link>,
              },
              { header: m.sample_requests_col_product(), cell: (r) => r.products || '-' },
              { header: m.sample_requests_col_requested(), cell: (r) => formatDate(r.requested_at) },
            ]}
            outcomeText={outcomeText}
          />
        </>
      )}
      {rejecting && (
        <LocalRejectDialog
          count={chosen.length}
          onClose={() => setRejecting(false)}
          problem={problem}
          onReject={async (reason) => {
            // The dialog (and the reason typed) stays until the server took the decision.
            if (await decide('reject', reason)) setRejecting(false);
          }}
        />
      )}
    </section>
  );
}
