/**
 * A plan's cost lines under its net profit (docs/decisions/plans.md, "Fees, retainers and ad spend"):
 * each fee, retainer and ad spend with who changed it last, to correct, delete or read its history.
 * Read from the mirror, so they list offline and a teammate's line shows as soon as it syncs; a
 * change shows at once and goes through the outbox (cost-actions.ts). A line saved here that the
 * server has not numbered yet says so, and can be corrected or deleted once it has; a line with a
 * change on its way says that instead of who changed it last.
 */
import { lazy, Suspense, useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { COST_LIST_MAX } from '../../../contract/limits.ts';
import { isPending } from '../../db/temp-id.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/Dialog.tsx';
import { deleteCost } from './cost-actions.ts';
import { usePlanCosts } from './cost-queries.ts';
import type { CostLine } from './cost-rules.ts';
import { costText, kindLabel } from './cost-text.ts';
import { useCreatorsOf } from './plan-queries.ts';

const CostDialog = lazy(() => import('./CostDialog.tsx').then((mod) => ({ default: mod.CostDialog })));
const CostHistoryDialog = lazy(() =>
  import('./CostHistoryDialog.tsx').then((mod) => ({ default: mod.CostHistoryDialog })),
);

/** A line's Edit, History or Delete: its label names the line for a screen reader. */
function LineAction({ label, aria, onPress }: { label: string; aria: string; onPress: () => void }) {
  return (
    <Button size="sm" variant="text" aria-label={aria} onPress={onPress}>
      {label}
    </Button>
  );
}

function CostLines({ planId, country }: { planId: number; country: string }) {
  const currency = COUNTRY_CURRENCY[country as Country];
  const costs = usePlanCosts(planId);
  const [editing, setEditing] = useState<CostLine | null>(null);
  const [history, setHistory] = useState<CostLine | null>(null);
  // Lines deleted from this list: their history stays readable here (the mirror keeps live lines).
  const [gone, setGone] = useState<CostLine[]>([]);
  const lines = costs?.lines ?? [];
  const creators = useCreatorsOf(lines.map((r) => r.creator_id));
  const nameOf = (id: number): string => {
    const c = creators?.get(id);
    return c ? c.daren_name.trim() || `@${c.unique_id}` : `#${id}`;
  };

  async function remove(line: CostLine) {
    const name = nameOf(line.creator_id);
    const ok = await confirm({
      title: m.money_costs_delete_title(),
      message: m.money_costs_delete_ask({ name, cost: costText(line, currency) }),
      confirmLabel: m.money_costs_delete(),
      tone: 'danger',
    });
    if (!ok) return;
    if (await deleteCost(line, name)) setGone((g) => [line, ...g.filter((x) => x.id !== line.id)]);
  }

  if (!costs)
    return (
      <p className="plans-muted" role="status">
        {m.money_net_loading()}
      </p>
    );
  const shown = lines.slice(0, COST_LIST_MAX);
  // A delete the server refused brings the line back to the list, and off this one.
  const deleted = gone.filter((g) => !lines.some((l) => l.id === g.id));
  return (
    <>
      {shown.length === 0 ? (
        <p className="plans-muted">{m.money_costs_none()}</p>
      ) : (
        <ul className="plans-costs" data-testid="plan-costs">
          {shown.map((line) => {
            const name = nameOf(line.creator_id);
            const what = `${kindLabel(line.kind)} · ${costText(line, currency)}`;
            const unsent = isPending(line);
            const inFlight = costs.inFlight.has(line.id);
            return (
              <li key={line.id} className="plans-costs__line">
                <span>
                  <strong>{name}</strong> · {what}
                  {line.note ? ` · ${line.note}` : ''}
                </span>
                <span className="plans-muted">
                  {unsent
                    ? m.money_costs_unsent()
                    : inFlight
                      ? m.money_costs_unsent_change()
                      : m.money_costs_changed({
                          who: line.updated_by_name || `#${line.updated_by}`,
                          at: formatDateTime(line.update_time),
                        })}
                </span>
                {!unsent && (
                  <span className="plans-costs__actions">
                    <LineAction
                      label={m.money_costs_edit()}
                      aria={m.money_costs_edit_label({ name, cost: what })}
                      onPress={() => setEditing(line)}
                    />
                    <LineAction
                      label={m.money_costs_history()}
                      aria={m.money_costs_history_label({ name, cost: what })}
                      onPress={() => setHistory(line)}
                    />
                    <LineAction
                      label={m.money_costs_delete()}
                      aria={m.money_costs_delete_label({ name, cost: what })}
                      onPress={() => void remove(line)}
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {deleted.length > 0 && (
        <>
          <h3 className="plans-net__heading">{m.money_costs_gone()}</h3>
          <ul className="plans-costs">
            {deleted.map((line) => {
              const name = nameOf(line.creator_id);
              const what = `${kindLabel(line.kind)} · ${costText(line, currency)}`;
              return (
                <li key={line.id} className="plans-costs__line">
                  <span>
                    <strong>{name}</strong> · {what}
                  </span>
                  <LineAction
                    label={m.money_costs_history()}
                    aria={m.money_costs_history_label({ name, cost: what })}
                    onPress={() => setHistory(line)}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      {lines.length > shown.length && (
        <p className="plans-muted">
          {m.money_costs_more({ shown: formatNumber(shown.length), total: formatNumber(lines.length) })}
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

/** "Cost lines": shown on request, so opening a plan lists no more than its net profit. */
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
