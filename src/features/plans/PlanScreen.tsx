/**
 * /plans/:id (issue 23): one plan's board, a column per stage. Each card is a creator with the days
 * they have spent in the stage; its stage picker moves them (by keyboard too: Tab to the picker,
 * Enter, arrows, Enter), and the move shows at once and is sent through the outbox. A column shows
 * the latest PER_COLUMN arrivals and counts the rest, so a plan of thousands stays light.
 */
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { SyncRow } from '../../../contract/sync.ts';
import { formatDate, formatDateTime, formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Result } from '../../ui/Result.tsx';
import { Select } from '../../ui/Select.tsx';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { MESSAGES_BEFORE_REPLY, PLAN_BEFORE_INVITE } from '../../../contract/limits.ts';
import { exportPlan, logMessage, moveInPlan, removeFromPlan } from './plan-actions.ts';
import {
  creatorMoney,
  formatRoi,
  planProductIds,
  planWeeks,
  roi,
  sampleCostEach,
  samplesSent,
  topByRoi,
} from './money-rules.ts';
import { readQuota, useCreatorsOf, useMessageLog, usePlans, useSalesRows } from './plan-queries.ts';
import {
  checkBatch,
  connectedCreators,
  CONTACT_STAGES,
  messageCounts,
  repliedInHistory,
} from './quota-rules.ts';
import {
  boardColumns,
  daysIn,
  isStage,
  PLAN_STAGES,
  sampleDeadline,
  stageLabel,
  type PlanStage,
} from './plan-rules.ts';
import { PlanDialog } from './PlanDialog.tsx';
import { PlanTerms } from './PlansScreen.tsx';
import './plans.css';

const PER_COLUMN = 50;

const InviteDialog = lazy(() => import('./InviteDialog.tsx').then((mod) => ({ default: mod.InviteDialog })));
const SaleDialog = lazy(() => import('./SaleDialog.tsx').then((mod) => ({ default: mod.SaleDialog })));
// The charts (and uPlot) load when the user opens them.
const PlanCharts = lazy(() => import('./PlanCharts.tsx').then((mod) => ({ default: mod.PlanCharts })));
/** Stages where a message to the creator still counts against TikTok's limit of messages before a reply. */
const MESSAGING = new Set<string>(['to_contact', 'contacted', 'invited', 'no_reply']);

export function PlanScreen({ id }: { id: number }) {
  const data = usePlans();
  // Each read answers new objects: the plan is kept while its values stay (memoised cards).
  const planJson = JSON.stringify(data?.plans.find((p) => p.id === id) ?? null);
  const plan = useMemo(() => JSON.parse(planJson) as SyncRow | null, [planJson]);
  const members = data?.members;
  const columns = useMemo(() => boardColumns(members ?? [], id, PER_COLUMN), [members, id]);

  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [charts, setCharts] = useState(false);
  // Creators this plan has not invited yet: what "Send target invitations" sends.
  const uninvited = useMemo(
    () =>
      (members ?? [])
        .filter((r) => r.plan_id === id && PLAN_BEFORE_INVITE.includes(r.stage as PlanStage))
        .map((r) => Number(r.creator_id)),
    [members, id],
  );
  const shown = useMemo(() => columns.flatMap((c) => c.cards.map((r) => Number(r.creator_id))), [columns]);
  const log = useMessageLog(shown);
  // Connected: at a replied-or-later stage in any plan now, or ever (the history says they replied).
  const connected = useMemo(() => {
    const now = connectedCreators(members ?? []);
    for (const id of repliedInHistory(log?.events ?? [])) now.add(id);
    return now;
  }, [members, log]);
  const salesRows = useSalesRows();
  // The plan's products, for a sale entered by hand (stable while they stay, for the memoised cards).
  const productsJson = JSON.stringify(
    salesRows && plan
      ? salesRows.products
          .filter((p) =>
            String(plan.product_ids ?? '')
              .split(',')
              .includes(String(p.id)),
          )
          .map((p) => ({ product_id: String(p.product_id), title: String(p.product_title ?? p.product_id) }))
      : [],
  );
  // The charts' numbers, computed only while they are open.
  const chartData = useMemo(() => {
    if (!charts || !salesRows || !plan) return null;
    const ids = planProductIds(plan, salesRows.products);
    return {
      weeks: planWeeks(plan.id, ids, members ?? [], salesRows.sales),
      top: topByRoi(plan, members ?? [], salesRows.sales, ids),
    };
  }, [charts, salesRows, plan, members]);
  const creators = useCreatorsOf([
    ...columns.flatMap((c) => c.cards.map((r) => Number(r.creator_id))),
    ...(chartData?.top.map((t) => t.creator_id) ?? []),
  ]);
  const planProducts = useMemo(
    () => JSON.parse(productsJson) as { product_id: string; title: string }[],
    [productsJson],
  );
  // Each creator's imported sales of this plan's products, in words for the card.
  const money = useMemo(() => {
    const out = new Map<number, string>();
    if (!salesRows || !plan) return out;
    const fallback = COUNTRY_CURRENCY[String(plan.country) as Country];
    const stageOf = new Map(
      (members ?? []).filter((r) => r.plan_id === plan.id).map((r) => [Number(r.creator_id), r.stage]),
    );
    for (const [id, mo] of creatorMoney(salesRows.sales, planProductIds(plan, salesRows.products))) {
      const cur = mo.currency || fallback;
      const text = { gmv: formatGmv(mo.gmv, cur), commission: formatGmv(mo.commission, cur) };
      const r = roi(mo.gmv, mo.commission, samplesSent(stageOf.get(id)) ? sampleCostEach(plan) : 0);
      out.set(id, r === null ? m.money_card(text) : m.money_card_roi({ ...text, roi: formatRoi(r) }));
    }
    return out;
  }, [salesRows, plan, members]);
  const counts = useMemo(
    () => (log ? messageCounts(log.events, log.pending, connected) : undefined),
    [log, connected],
  );
  const stages = useMemo(() => PLAN_STAGES.map((s) => ({ id: s, label: stageLabel(s) })), []);
  // Days in a stage: minute-grained, so a re-render within the minute keeps the cards' props.
  const now = Math.floor(Date.now() / 60_000) * 60;
  if (data && !plan)
    return (
      <Result
        status="404"
        title={m.plans_not_found()}
        description=""
        extra={<Link to="/plans">{m.plans_back()}</Link>}
      />
    );
  if (!plan) return null;
  const name = String(plan.name);
  const total = columns.reduce((a, c) => a + c.count, 0);

  return (
    <div className="screen-panel plans-panel">
      <div className="plans-toolbar">
        <PlanTerms plan={plan} />
        <Button size="sm" onPress={() => setEditing(true)}>
          {m.plans_edit()}
        </Button>
        <Button size="sm" variant="primary" onPress={() => setInviting(true)}>
          {m.plans_invite()}
        </Button>
        <Button size="sm" icon={<Icon name="download" />} onPress={() => exportPlan(plan, members ?? [])}>
          {m.plans_export()}
        </Button>
        <Button size="sm" onPress={() => setCharts((v) => !v)} aria-expanded={charts}>
          {charts ? m.charts_hide() : m.charts_show()}
        </Button>
      </div>
      <p className="plans-muted">{m.plans_invite_who({ count: formatNumber(uninvited.length) })}</p>
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog
            plan={plan}
            creatorIds={uninvited}
            members={members ?? []}
            onClose={() => setInviting(false)}
          />
        </Suspense>
      )}
      {editing && (
        <PlanDialog country={String(plan.country) as Country} plan={plan} onClose={() => setEditing(false)} />
      )}
      {chartData && (
        <Suspense fallback={null}>
          <PlanCharts
            funnel={columns.map((c) => c.count)}
            weeks={chartData.weeks}
            top={chartData.top}
            names={
              new Map(
                chartData.top.map((t) => {
                  const c = creators?.get(t.creator_id);
                  return [
                    t.creator_id,
                    c ? (c.daren_name || '').trim() || `@${c.unique_id}` : `#${t.creator_id}`,
                  ];
                }),
              )
            }
            currency={COUNTRY_CURRENCY[String(plan.country) as Country]}
          />
        </Suspense>
      )}
      {total === 0 && <Result status="empty" title={m.plans_board_empty()} description="" showBack={false} />}
      <div className="plans-board" role="region" aria-label={m.plans_board_label({ name })} tabIndex={0}>
        {columns.map((col) => {
          const heading = `plans-col-${col.stage}`;
          return (
            <section
              key={col.stage}
              className="plans-column"
              aria-labelledby={heading}
              data-stage={col.stage}
            >
              <h2 id={heading} className="plans-column__title">
                {m.plans_column_label({ stage: stageLabel(col.stage), count: formatNumber(col.count) })}
              </h2>
              <ul className="plans-column__cards">
                {col.cards.map((r) => (
                  <Card
                    key={r.id}
                    plan={plan}
                    row={r}
                    name={creators?.get(Number(r.creator_id))?.daren_name}
                    handle={creators?.get(Number(r.creator_id))?.unique_id}
                    creatorId={creators?.get(Number(r.creator_id))?.id}
                    stages={stages}
                    now={now}
                    sales={money.get(Number(r.creator_id))}
                    products={planProducts}
                    messages={
                      MESSAGING.has(String(r.stage)) && !connected.has(Number(r.creator_id))
                        ? (counts?.get(Number(r.creator_id)) ?? 0)
                        : undefined
                    }
                  />
                ))}
              </ul>
              {col.count > col.cards.length && (
                <p className="plans-muted">
                  {m.plans_more({ count: formatNumber(col.count - col.cards.length) })}
                </p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** Memoised: a move re-renders the cards whose row changed, not the board's other pickers. */
const Card = memo(function Card({
  plan,
  row,
  name,
  handle,
  creatorId: mirrored,
  stages,
  now,
  messages,
  sales,
  products,
}: {
  plan: SyncRow;
  row: SyncRow;
  /** The plan's products (a sale entered by hand names one). */
  products: { product_id: string; title: string }[];
  /** The creator's sales of the plan's products, in words; undefined when none were imported. */
  sales: string | undefined;
  /** Messages recorded before a reply (TikTok allows 5); undefined when the limit does not apply. */
  messages: number | undefined;
  /** The creator as the mirror holds them; undefined while not read (or not mirrored). */
  name: string | undefined;
  handle: string | undefined;
  creatorId: number | undefined;
  stages: { id: string; label: string }[];
  now: number;
}) {
  const creatorId = Number(row.creator_id);
  const label = handle !== undefined ? (name ?? '').trim() || `@${handle}` : `#${creatorId}`;
  const [selling, setSelling] = useState(false);
  /** A move into a contact stage is checked against this week's quota first (TikTok's rule). */
  async function move(stage: PlanStage) {
    const quota = CONTACT_STAGES.has(stage) ? await readQuota() : null;
    if (quota && quota.quota >= 0) {
      const check = checkBatch([creatorId], quota.contacted, quota.connected, quota.quota);
      if (
        check.over > 0 &&
        !(await confirm({
          message: m.quota_over({
            quota: formatNumber(quota.quota),
            left: formatNumber(check.left ?? 0),
            name: label,
            time: formatDateTime(quota.next),
          }),
          confirmLabel: m.quota_move_anyway(),
        }))
      )
        return;
    }
    await moveInPlan(plan, [creatorId], stage);
  }
  return (
    <li className="plans-card-item" data-testid="plan-member" data-creator={creatorId}>
      {handle !== undefined ? (
        <CreatorNameLink id={mirrored} name={name ?? ''} handle={handle} />
      ) : (
        <span>{label}</span>
      )}
      <span className="plans-muted">{m.plans_days({ days: daysIn(Number(row.stage_time), now) })}</span>
      {row.reason ? <span className="plans-muted plans-reason">{String(row.reason)}</span> : null}
      <SampleDue row={row} now={now} />
      {sales && (
        <span className="plans-muted" data-testid="plan-sales">
          {sales}
        </span>
      )}
      {messages !== undefined && (
        <span className="plans-muted" data-testid="plan-messages">
          {m.plans_messages({ count: messages, max: MESSAGES_BEFORE_REPLY })}
        </span>
      )}
      <div className="plans-card-item__actions">
        <Select<string>
          size="sm"
          aria-label={m.plans_move_label({ name: label })}
          items={stages}
          value={String(row.stage)}
          onChange={(s) => {
            if (isStage(s) && s !== row.stage) void move(s);
          }}
        />
        {messages !== undefined && (
          <Button
            size="sm"
            variant="text"
            aria-label={m.plans_log_message_label({ name: label })}
            onPress={() => void logMessage(creatorId, label, messages, false)}
          >
            {m.plans_log_message()}
          </Button>
        )}
        {products.length > 0 && (
          <Button
            size="sm"
            variant="text"
            aria-label={m.plans_add_sale_label({ name: label })}
            onPress={() => setSelling(true)}
          >
            {m.plans_add_sale()}
          </Button>
        )}
        <Button
          size="sm"
          variant="text"
          aria-label={m.plans_remove({ name: label })}
          onPress={() => void removeFromPlan(plan, [creatorId])}
        >
          {m.plans_remove_short()}
        </Button>
      </div>
      {selling && (
        <Suspense fallback={null}>
          <SaleDialog
            creatorId={creatorId}
            name={label}
            plan={plan}
            products={products}
            currency={COUNTRY_CURRENCY[String(plan.country) as Country]}
            onClose={() => setSelling(false)}
          />
        </Suspense>
      )}
    </li>
  );
});

/** TikTok's sample deadline for a card in a sample stage; past ones say so in words, not colour alone. */
function SampleDue({ row, now }: { row: SyncRow; now: number }) {
  const d = sampleDeadline(row, now);
  if (!d) return null;
  const date = formatDate(d.due);
  const text = d.kind === 'approve' ? m.plans_due_approve({ date }) : m.plans_due_content({ date });
  return (
    <>
      <span className={d.overdue ? 'plans-due plans-due--late' : 'plans-due'} data-testid="sample-due">
        {d.overdue ? m.plans_due_overdue({ text }) : text}
      </span>
      {d.remindFrom && !d.overdue && (
        <span className="plans-muted">{m.plans_due_remind({ date: formatDate(d.remindFrom) })}</span>
      )}
    </>
  );
}
