/**
 * A plan's cost lines under its net profit (docs/decisions/plans.md, "Fees, retainers and ad spend"):
 * each fee, retainer and ad spend with who changed it last, to correct, delete or read its history.
 * Read from the server when opened and again after any change to the plan's costs; a delete hides the
 * line at once and brings it back if the server refuses, with the reason and what to do next.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { CostRow } from '../../../contract/schemas/money.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { costText, kindLabel } from './cost-text.ts';
import { deleteCost, fetchCosts, moneyChanged, onMoneyChanged } from './money-api.ts';
import { useCreatorsOf } from './plan-queries.ts';

const CostDialog = lazy(() => import('./CostDialog.tsx').then((mod) => ({ default: mod.CostDialog })));
const CostHistoryDialog = lazy(() =>
  import('./CostHistoryDialog.tsx').then((mod) => ({ default: mod.CostHistoryDialog })),
);

/** A line's amount and dates in words: "$1,000.00 a month, 2026-04-16 to 2026-05-31". */
function CostLines({ planId, country }: { planId: number; country: string }) {
  const currency = COUNTRY_CURRENCY[country as Country];
  const [rows, setRows] = useState<CostRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [refused, setRefused] = useState('');
  const [editing, setEditing] = useState<CostRow | null>(null);
  const [history, setHistory] = useState<CostRow | null>(null);
  // Lines deleted from this list: their history stays readable here (the server lists live lines).
  const [gone, setGone] = useState<CostRow[]>([]);
  useEffect(() => onMoneyChanged(planId, () => setAsked((n) => n + 1)), [planId]);
  useEffect(() => {
    const ctl = new AbortController();
    fetchCosts(planId, ctl.signal).then(
      (d) => {
        setRows(d.rows);
        setTotal(d.total);
        setHidden(new Set());
        setFailed(false);
      },
      () => {
        if (!ctl.signal.aborted) setFailed(true);
      },
    );
    return () => ctl.abort();
  }, [planId, asked]);
  const creators = useCreatorsOf(rows?.map((r) => r.creator_id) ?? []);
  const nameOf = (id: number): string => {
    const c = creators?.get(id);
    return c ? c.daren_name.trim() || `@${c.unique_id}` : `#${id}`;
  };

  async function remove(line: CostRow) {
    const name = nameOf(line.creator_id);
    const ok = await confirm({
      title: m.money_costs_delete_title(),
      message: m.money_costs_delete_ask({ name, cost: costText(line, currency) }),
      confirmLabel: m.money_costs_delete(),
      tone: 'danger',
    });
    if (!ok) return;
    setRefused('');
    setHidden((h) => new Set(h).add(line.id));
    try {
      await deleteCost(planId, line.id);
      setGone((g) => [line, ...g.filter((x) => x.id !== line.id)]);
      toast.success(m.money_costs_deleted());
    } catch (err) {
      // Rolled back: the line shows again, and the list is read anew (a teammate may have changed it).
      setHidden((h) => {
        const next = new Set(h);
        next.delete(line.id);
        return next;
      });
      setRefused(m.money_costs_delete_refused({ reason: err instanceof Error ? err.message : String(err) }));
      moneyChanged(planId);
    }
  }

  if (!rows)
    return (
      <p className="plans-muted" role="status">
        {failed ? m.money_costs_offline() : m.money_net_loading()}
      </p>
    );
  const shown = rows.filter((r) => !hidden.has(r.id));
  return (
    <>
      {refused && (
        <p className="plans-error" role="alert">
          {refused}
        </p>
      )}
      {failed && (
        <p className="plans-muted" role="status">
          {m.money_costs_offline()}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="plans-muted">{m.money_costs_none()}</p>
      ) : (
        <ul className="plans-costs" data-testid="plan-costs">
          {shown.map((line) => {
            const name = nameOf(line.creator_id);
            const what = `${kindLabel(line.kind)} · ${costText(line, currency)}`;
            return (
              <li key={line.id} className="plans-costs__line">
                <span>
                  <strong>{name}</strong> · {what}
                  {line.note ? ` · ${line.note}` : ''}
                </span>
                <span className="plans-muted">
                  {m.money_costs_changed({
                    who: line.updated_by_name || `#${line.updated_by}`,
                    at: formatDateTime(line.update_time),
                  })}
                </span>
                <span className="plans-costs__actions">
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={m.money_costs_edit_label({ name, cost: what })}
                    onPress={() => setEditing(line)}
                  >
                    {m.money_costs_edit()}
                  </Button>
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={m.money_costs_history_label({ name, cost: what })}
                    onPress={() => setHistory(line)}
                  >
                    {m.money_costs_history()}
                  </Button>
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={m.money_costs_delete_label({ name, cost: what })}
                    onPress={() => void remove(line)}
                  >
                    {m.money_costs_delete()}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {gone.length > 0 && (
        <>
          <h3 className="plans-net__heading">{m.money_costs_gone()}</h3>
          <ul className="plans-costs">
            {gone.map((line) => {
              const name = nameOf(line.creator_id);
              const what = `${kindLabel(line.kind)} · ${costText(line, currency)}`;
              return (
                <li key={line.id} className="plans-costs__line">
                  <span>
                    <strong>{name}</strong> · {what}
                  </span>
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={m.money_costs_history_label({ name, cost: what })}
                    onPress={() => setHistory(line)}
                  >
                    {m.money_costs_history()}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {total > rows.length && (
        <p className="plans-muted">
          {m.money_costs_more({ shown: formatNumber(rows.length), total: formatNumber(total) })}
        </p>
      )}
      {editing && (
        <Suspense fallback={null}>
          <CostDialog
            planId={planId}
            country={country}
            creatorId={editing.creator_id}
            name={nameOf(editing.creator_id)}
            currency={currency}
            line={editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {history && (
        <Suspense fallback={null}>
          <CostHistoryDialog
            line={history}
            name={nameOf(history.creator_id)}
            currency={currency}
            onClose={() => setHistory(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Cost lines": shown on request, so opening a plan reads no more than its net profit. */
export function PlanCosts({ planId, country }: { planId: number; country: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="plans-costs__panel">
      <Button size="sm" onPress={() => setOpen(!open)} aria-expanded={open}>
        {open ? m.money_costs_hide() : m.money_costs_show()}
      </Button>
      {open && <CostLines planId={planId} country={country} />}
    </div>
  );
}
