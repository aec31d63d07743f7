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
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { LocalSampleRequests } from './LocalSampleRequests.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { SampleRulesDialog } from './SampleRulesDialog.tsx';
import { SAMPLE_RULES } from '../../../contract/sample-rules.ts';
import { fetchSampleRules, type SampleRulesView } from './sample-rules-api.ts';
import { ruleSentence, verdictText } from './sample-rules-text.ts';
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
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
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Rows no rule fails (and TikTok allows): what "Approve all that pass" sends.
  const passing = open
    .filter((r) => r.is_approvable && r.verdicts.length > 0 && r.verdicts.every((v) => v.verdict !== 'fail'))
    .map((r) => r.application_id);
  const rulesSet = rules ? SAMPLE_RULES.filter((r) => rules[r] !== null) : [];

  const review = async (result: ShopReviewResult, reason?: ShopRejectReason, ids = chosen) => {
    if (!ids.length || busy) return;
    setBusy(true);
    setProblem('');
    setSummary('');
    try {
      const env = await reviewSamples(ids, result, reason);
      if (env.code !== 200 || !env.data) {
        setProblem(`${env.msg} (${env.code})`);
        return;
      }
      const next = new Map(outcomes);
      for (const o of env.data.results) next.set(o.application_id, o);
      setOutcomes(next);
      setSelected(new Set());
      const done = env.data.results.filter((o) => o.outcome === 'done').length;
      setSummary(m.sample_requests_summary({ done, refused: env.data.results.length - done }));
    } catch {
      setProblem(m.sample_requests_needs_connection());
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
          <div className="sample-requests__actions">
            <Button
              variant="primary"
              isDisabled={!canAct}
              isLoading={busy}
              onPress={() => void review('approve')}
            >
              {m.sample_requests_approve({ count: chosen.length })}
            </Button>
            <Button isDisabled={!canAct} onPress={() => setRejecting(true)}>
              {m.sample_requests_reject({ count: chosen.length })}
            </Button>
            {rulesSet.length > 0 && (
              <Button
                isDisabled={!online || busy || passing.length === 0}
                onPress={() => void review('approve', undefined, passing)}
              >
                {m.sample_rules_approve_passing({ count: passing.length })}
              </Button>
            )}
          </div>
          {typeof data === 'object' && data.total > data.items.length && (
            <p>{m.sample_requests_more({ shown: data.items.length, total: data.total })}</p>
          )}
          <div
            className="sample-requests__scroll"
            tabIndex={0}
            role="region"
            aria-label={m.sample_requests_title()}
          >
            <table className="sample-requests__table" data-testid="sample-requests">
              <caption className="cd-visually-hidden">{m.sample_requests_title()}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <CheckBox
                      aria-label={m.sample_requests_select_all()}
                      isSelected={open.length > 0 && chosen.length === open.length}
                      isIndeterminate={chosen.length > 0 && chosen.length < open.length}
                      isDisabled={open.length === 0}
                      onChange={(on) => setSelected(new Set(on ? open.map((r) => r.application_id) : []))}
                    />
                  </th>
                  <th scope="col">{m.sample_requests_col_creator()}</th>
                  <th scope="col">{m.sample_requests_col_product()}</th>
                  <th scope="col">{m.sample_requests_col_requested()}</th>
                  <th scope="col">{m.sample_requests_col_approve_by()}</th>
                  <th scope="col">{m.sample_requests_col_approvable()}</th>
                  <th scope="col">{m.sample_requests_col_fit()}</th>
                  <th scope="col">{m.sample_rules_col()}</th>
                  <th scope="col">{m.sample_requests_col_outcome()}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r) => {
                  const who = r.creator_nickname ? `${r.creator_nickname} (@${r.creator})` : `@${r.creator}`;
                  const done = outcomes.get(r.application_id)?.outcome === 'done';
                  return (
                    <tr
                      key={r.application_id}
                      data-testid="sample-request-row"
                      data-application={r.application_id}
                    >
                      <td>
                        <CheckBox
                          aria-label={m.sample_requests_select({ name: who })}
                          isSelected={!done && selected.has(r.application_id)}
                          isDisabled={done}
                          onChange={(on) => toggle(r.application_id, on)}
                        />
                      </td>
                      <td>{r.creator_id ? <Link to={`/creator/${r.creator_id}`}>{who}</Link> : who}</td>
                      <td>{r.product_title || r.product_id}</td>
                      <td>{formatDate(r.requested_at)}</td>
                      <td>{r.approve_by ? formatDate(r.approve_by) : '-'}</td>
                      <td>
                        {r.is_approvable
                          ? m.sample_requests_approvable_yes()
                          : m.sample_requests_approvable_no({
                              why: r.disapprovable_reasons.map(blockedReasonLabel).join(', ') || '-',
                            })}
                      </td>
                      <td data-testid="sample-request-fit">
                        {r.fit === null
                          ? m.sample_rules_value_unknown()
                          : m.sample_requests_fit_value({ score: formatNumber(r.fit) })}
                      </td>
                      <td data-testid="sample-request-verdicts">
                        {r.verdicts.length > 0 && (
                          <ul className="sample-requests__verdicts">
                            {r.verdicts.map((v) => {
                              const t = verdictText(v);
                              return (
                                <li key={v.rule} data-verdict={v.verdict}>
                                  <span aria-hidden="true">{t.icon}</span> {t.text}
                                </li>
                              );
                            })}
                          </ul>
                        )}
                      </td>
                      <td data-testid="sample-request-outcome">{outcomeText(r)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
          onReject={async (reason) => {
            setRejecting(false);
            await review('reject', reason);
          }}
        />
      )}
    </div>
  );
}
