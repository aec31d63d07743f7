/**
 * /plans/sample-requests: the shop's pending sample applications (docs/decisions/shop-connection.md,
 * "Reviewing sample applications") in the server's order, best fit first (the server's fit score,
 * shown per row; docs/decisions/similar-and-fit.md, "Fit on the server"), with whether TikTok allows
 * approval and why not. A member selects rows and approves or rejects them (a rejection asks for one
 * of TikTok's reasons); each row then shows what TikTok answered. Nothing is shown as approved before
 * the server says TikTok accepted it; offline the screen says it needs a connection.
 *
 * The workspace's approval rules (docs/decisions/shop-connection.md, "Sample approval rules") are
 * stated above the list and edited in a dialog; each row shows every rule's verdict as an icon and
 * words, and "Approve all that pass" approves the rows no rule fails.
 *
 * Below them, the requests recorded in plans (LocalSampleRequests), judged by the same rules: the
 * pending requests of a workspace without a shop, and marked as the plans' own beside a shop's.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_SETTINGS_PATH } from '../../../contract/limits.ts';
import type { ShopRejectReason, ShopReviewResult } from '../../../contract/shop-review.ts';
import { formatDate } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { DecisionActions, DecisionTable, passesRules, useSelection } from './DecisionTable.tsx';
import { LocalSampleRequests } from './LocalSampleRequests.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { SampleRulesDialog } from './SampleRulesDialog.tsx';
import { SAMPLE_RULES } from '../../../contract/sample-rules.ts';
import { fetchSampleRules, type SampleRulesView } from './sample-rules-api.ts';
import { ruleSentence } from './sample-rules-text.ts';
import {
  fetchPendingSamples,
  reviewSamples,
  type ShopReviewOutcome,
  type ShopSampleView,
} from './sample-review-api.ts';
import { blockedReasonLabel } from './sample-review-rules.ts';
import './sample-requests.css';

type List = { items: ShopSampleView[]; total: number };

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

export function SampleRequests() {
  const online = useOnline();
  const [data, setData] = useState<List | 'loading' | 'offline'>('loading');
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const { selected, setSelected, toggle } = useSelection();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ShopReviewOutcome>>(new Map());
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [problem, setProblem] = useState('');
  const [summary, setSummary] = useState('');
  const [rules, setRules] = useState<SampleRulesView | null>(null);
  const [editingRules, setEditingRules] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchPendingSamples(ctrl.signal).then(
      (r) => setData(r),
      () => !ctrl.signal.aborted && setData('offline'),
    );
    fetchSampleRules(ctrl.signal).then(
      (r) => setRules(r),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [round]);

  const items = typeof data === 'object' ? data.items : [];
  const open = items.filter((r) => outcomes.get(r.application_id)?.outcome !== 'done');
  const chosen = open.filter((r) => selected.has(r.application_id)).map((r) => r.application_id);

  // Rows no rule fails (and TikTok allows): what "Approve all that pass" sends.
  const passing = open.filter((r) => r.is_approvable && passesRules(r)).map((r) => r.application_id);
  const rulesSet = rules ? SAMPLE_RULES.filter((r) => rules[r] !== null) : [];

  const review = async (result: ShopReviewResult, reason?: ShopRejectReason, ids = chosen) => {
    if (!ids.length || busy) return false;
    setBusy(true);
    setProblem('');
    setSummary('');
    try {
      const env = await reviewSamples(ids, result, reason);
      if (env.code !== 200 || !env.data) {
        setProblem(`${env.msg} (${env.code})`);
        return false;
      }
      const next = new Map(outcomes);
      for (const o of env.data.results) next.set(o.application_id, o);
      setOutcomes(next);
      setSelected(new Set());
      const done = env.data.results.filter((o) => o.outcome === 'done').length;
      setSummary(m.sample_requests_summary({ done, refused: env.data.results.length - done }));
      return true;
    } catch {
      setProblem(m.sample_requests_needs_connection());
      return false;
    } finally {
      setBusy(false);
    }
  };

  const outcomeText = (r: ShopSampleView) => {
    const o = outcomes.get(r.application_id);
    if (o?.outcome === 'done')
      return o.status === 'REJECT_CANCELLED' ? m.sample_requests_rejected() : m.sample_requests_approved();
    if (o) return m.sample_requests_refused({ msg: o.msg, code: o.code });
    if (r.last_code) return m.sample_requests_refused({ msg: r.last_msg, code: r.last_code });
    return '';
  };
  const canAct = online && !busy && chosen.length > 0;
  return (
    <div className="screen-panel sample-requests">
      <p className="sample-requests__muted">{m.sample_requests_hint()}</p>
      {rules && (
        <div className="sample-requests__rules">
          <p data-testid="sample-rules-current">
            {rulesSet.length
              ? m.sample_rules_current({ rules: rulesSet.map((r) => ruleSentence(r, rules[r]!)).join('; ') })
              : m.sample_rules_none()}
          </p>
          <Button size="sm" isDisabled={!online} onPress={() => setEditingRules(true)}>
            {m.sample_rules_button()}
          </Button>
        </div>
      )}
      {!online && <p role="status">{m.sample_requests_needs_connection()}</p>}
      {data === 'loading' && <p role="status">{m.sample_requests_loading()}</p>}
      {data === 'offline' && (
        <p role="status">
          {m.sample_requests_needs_connection()}{' '}
          <Button size="sm" onPress={reload}>
            {m.sample_requests_retry()}
          </Button>
        </p>
      )}
      {typeof data === 'object' && data.items.length === 0 && (
        <p>
          {m.sample_requests_none()} <Link to={SHOP_SETTINGS_PATH}>{m.sample_requests_shop_link()}</Link>
        </p>
      )}
      {problem && <InlineAlert>{problem}</InlineAlert>}
      <p role="status" className="sample-requests__summary">
        {summary}
      </p>
      {items.length > 0 && (
        <>
          <DecisionActions
            count={chosen.length}
            canAct={canAct}
            busy={busy}
            passing={rulesSet.length > 0 ? { count: passing.length, canAct: online && !busy } : null}
            onApprove={() => void review('approve')}
            onReject={() => setRejecting(true)}
            onApprovePassing={() => void review('approve', undefined, passing)}
          />
          {typeof data === 'object' && data.total > data.items.length && (
            <p>{m.sample_requests_more({ shown: data.items.length, total: data.total })}</p>
          )}
          <DecisionTable
            title={m.sample_requests_title()}
            testId="sample-requests"
            part="sample-request"
            dataKey="application"
            rows={items}
            idOf={(r) => r.application_id}
            isDone={(r) => outcomes.get(r.application_id)?.outcome === 'done'}
            selected={selected}
            onToggle={toggle}
            onSelectAll={(on) => setSelected(new Set(on ? open.map((r) => r.application_id) : []))}
            selectAllLabel={m.sample_requests_select_all()}
            selectLabel={(_, who) => m.sample_requests_select({ name: who })}
            columns={[
              { header: m.sample_requests_col_product(), cell: (r) => r.product_title || r.product_id },
              { header: m.sample_requests_col_requested(), cell: (r) => formatDate(r.requested_at) },
              {
                header: m.sample_requests_col_approve_by(),
                cell: (r) => (r.approve_by ? formatDate(r.approve_by) : '-'),
              },
              {
                header: m.sample_requests_col_approvable(),
                cell: (r) =>
                  r.is_approvable
                    ? m.sample_requests_approvable_yes()
                    : m.sample_requests_approvable_no({
                        why: r.disapprovable_reasons.map(blockedReasonLabel).join(', ') || '-',
                      }),
              },
            ]}
            outcomeText={outcomeText}
          />
        </>
      )}
      <LocalSampleRequests online={online} round={round} hasRules={rulesSet.length > 0} />
      {editingRules && rules && (
        <SampleRulesDialog
          rules={rules}
          onClose={() => setEditingRules(false)}
          onSaved={(r) => {
            setEditingRules(false);
            setRules(r);
            setSummary(m.sample_rules_saved());
            reload();
          }}
        />
      )}
      {rejecting && (
        <RejectDialog
          count={chosen.length}
          onClose={() => setRejecting(false)}
          problem={problem}
          onReject={async (reason) => {
            // The dialog (and the reason chosen) stays until the server took the decision.
            if (await review('reject', reason)) setRejecting(false);
          }}
        />
      )}
    </div>
  );
}
