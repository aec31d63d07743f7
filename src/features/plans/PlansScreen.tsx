/**
 * /plans: the workspace's plans, each with its funnel (creators per stage) and terms,
 * from the local mirror (works offline). "New plan" opens the form; a plan's name opens its board.
 * Each plan says what it earned from the imported Seller Center orders ("Import orders").
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRY_CURRENCY, DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useConfirmedAction } from '../../ui/Dialog.tsx';
import { Result } from '../../ui/Result.tsx';
import { countryName } from '../../ui/CountrySelect.tsx';
import { deletePlan } from './plan-actions.ts';
import { formatRoi, planMoney, planProductIds, planSamples, roi } from './money-rules.ts';
import { usePlans, useSalesRows } from './plan-queries.ts';
import { funnels, PLAN_STAGES, stageLabel } from './plan-rules.ts';
import { OrderImports } from './OrderImports.tsx';
import { plansCountry } from './orders-dialog-rules.ts';
import { PlanDialog } from './PlanDialog.tsx';
import { QuotaPanel } from './QuotaPanel.tsx';
import './plans.css';

const OrdersDialog = lazy(() => import('./OrdersDialog.tsx').then((mod) => ({ default: mod.OrdersDialog })));

export function PlansScreen() {
  const data = usePlans();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const money = useSalesRows();
  const remove = useConfirmedAction(
    (plan: RowOf<'plans'>) => ({
      message: m.plans_delete_confirm({ name: plan.name }),
      confirmLabel: m.common_delete(),
      tone: 'danger',
    }),
    (plan: RowOf<'plans'>) => deletePlan(plan),
  );
  const counts = funnels(data?.members ?? []);
  return (
    <div className="screen-panel plans-panel">
      <div className="plans-toolbar">
        <Button variant="primary" onPress={() => setCreating(true)}>
          {m.plans_new()}
        </Button>
        <Button onPress={() => setImporting(true)}>{m.orders_import()}</Button>
        <Link to="/plans/samples-without-content" className="plans-toolbar__link">
          {m.ledger_link_from_plans()}
        </Link>
        <Link to="/plans/sample-requests" className="plans-toolbar__link">
          {m.sample_requests_link_from_plans()}
        </Link>
      </div>
      {importing && (
        <Suspense fallback={null}>
          <OrdersDialog country={plansCountry(data?.plans ?? [])} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <QuotaPanel />
      <OrderImports />
      {data && data.plans.length === 0 && (
        <Result status="empty" title={m.plans_empty()} description="" showBack={false} />
      )}
      <ul className="plans-list" aria-label={m.plans_title()}>
        {data?.plans.map((plan) => {
          const f = counts.get(plan.id) ?? PLAN_STAGES.map(() => 0);
          const total = f.reduce((a, b) => a + b, 0);
          const name = plan.name;
          return (
            <li key={plan.id} className="plans-card" data-testid="plan-card">
              <div className="plans-card__head">
                {plan.id > 0 ? (
                  <Link to={`/plans/${plan.id}`} className="plans-card__name">
                    {name}
                  </Link>
                ) : (
                  <span className="plans-card__name">{name}</span>
                )}
                <span className="plans-muted">
                  {countryName(plan.country as Country)} · {m.plans_creators_count({ count: total })}
                </span>
                <Button
                  size="sm"
                  variant="text"
                  aria-label={m.plans_delete({ name })}
                  onPress={() => remove.run(plan)}
                  className="plans-card__delete"
                >
                  {m.common_delete()}
                </Button>
              </div>
              <PlanTerms plan={plan} />
              {money && <PlanMoney plan={plan} members={data?.members ?? []} {...money} />}
              <ol className="plans-funnel" aria-label={m.plans_funnel_label({ name })}>
                {PLAN_STAGES.map((s, i) => (
                  <li key={s} className="plans-funnel__step" data-stage={s}>
                    <span className="plans-funnel__count">{formatNumber(f[i] ?? 0)}</span>
                    <span className="plans-funnel__label">{stageLabel(s)}</span>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
      {creating && <PlanDialog country={DEFAULT_COUNTRY} onClose={() => setCreating(false)} />}
    </div>
  );
}

export function PlanTerms({ plan }: { plan: RowOf<'plans'> }) {
  const parts: string[] = [];
  if (plan.commission_rate > 0 || plan.budget > 0)
    parts.push(
      m.plans_terms({
        rate: formatNumber(plan.commission_rate),
        // Money with its currency, like every amount: the plan's market's.
        budget: formatGmv(plan.budget, COUNTRY_CURRENCY[plan.country as Country]),
      }),
    );
  if (plan.start_date || plan.end_date)
    parts.push(m.plans_dates({ start: plan.start_date || '…', end: plan.end_date || '…' }));
  // The teammate who made the plan (the server's name for them).
  if ((plan.user_name ?? '').trim()) parts.push(m.plans_owner({ name: plan.user_name.trim() }));
  if (!parts.length) return null;
  return <p className="plans-muted plans-terms">{parts.join(' · ')}</p>;
}

/** What a plan earned: its creators' imported sales of its products. */
function PlanMoney({
  plan,
  members,
  sales,
  products,
}: {
  plan: RowOf<'plans'>;
  members: RowOf<'plan_creators'>[];
  sales: RowOf<'creator_sales'>[];
  products: RowOf<'products'>[];
}) {
  const total = planMoney(plan.id, planProductIds(plan, products), members, sales);
  const currency = total.currency || COUNTRY_CURRENCY[plan.country as Country];
  const samples = planSamples(plan, members);
  const r = roi(total.gmv, total.commission, samples.cost);
  return (
    <div className="plans-muted" data-testid="plan-money">
      <p>
        {total.orders === 0
          ? m.money_none()
          : m.money_line({
              gmv: formatGmv(total.gmv, currency),
              orders: formatNumber(total.orders),
              units: formatNumber(total.units),
              commission: formatGmv(total.commission, currency),
            })}
      </p>
      <p data-testid="plan-roi">
        {r === null
          ? m.money_roi_none()
          : m.money_roi({
              cost: formatGmv(samples.cost, currency),
              count: samples.shipped,
              roi: formatRoi(r),
            })}
      </p>
    </div>
  );
}
