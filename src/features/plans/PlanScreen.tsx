/**
 * /plans/:id: one plan, as a board (a virtualised column per stage; cards move by their
 * stage picker or by drag) or as a table (stage, days in stage, next action, due date; a selection
 * moves many at once). Both read the local mirror with unsent changes on top, so they work offline,
 * and both follow the same filters: a name search, a stage, and "due or overdue". The view is kept in
 * the address (?view=table), so a reload or a shared link opens the same one.
 */
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useSearchParams } from 'react-router-dom';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Input } from '../../ui/Input.tsx';
import { Result } from '../../ui/Result.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { PLAN_BEFORE_INVITE } from '../../../contract/limits.ts';
import { exportPlan } from './plan-actions.ts';
import { PlanLedgerExport } from '../ledger/PlanLedgerExport.tsx';
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
import { usePlanSampleFunnel } from '../ledger/sample-funnel.ts';
import { SampleFunnelLine } from '../ledger/SampleFunnelLine.tsx';
import { readWeeklyQuota, useCreatorsOf, useMessageLog, usePlans, useSalesRows } from './plan-queries.ts';
import { connectedCreators, messageCounts, repliedInHistory } from './quota-rules.ts';
import {
  boardColumns,
  filterMembers,
  postWithinOf,
  funnels,
  isFiltered,
  isStage,
  PLAN_STAGES,
  stageLabel,
  type MemberFilter,
  type PlanStage,
} from './plan-rules.ts';
import { CARD_CHUNK, PlanBoard, type BoardData } from './PlanBoard.tsx';
import { PlanDialog } from './PlanDialog.tsx';
import { PlanTerms } from './PlansScreen.tsx';
import { ReasonHost } from './ReasonDialog.tsx';
import { holdMoves, knowQuota, pendingMoves, shownMoves, subscribeMoves, withPending } from './plan-move.ts';
import './plans.css';

const InviteDialog = lazy(() => import('./InviteDialog.tsx').then((mod) => ({ default: mod.InviteDialog })));
const PlanTable = lazy(() => import('./PlanTable.tsx').then((mod) => ({ default: mod.PlanTable })));
const PlanNetProfit = lazy(() =>
  import('./PlanNetProfit.tsx').then((mod) => ({ default: mod.PlanNetProfit })),
);
// The charts (and uPlot) load when the user opens them.
const PlanCharts = lazy(() => import('./PlanCharts.tsx').then((mod) => ({ default: mod.PlanCharts })));
/** The plan's samples that turned into content (from the mirror, offline too). */
function PlanSampleFunnel({ planId }: { planId: number }) {
  return <SampleFunnelLine funnel={usePlanSampleFunnel(planId)} scope="plan" />;
}

/** The longest name search kept (a handle is at most 24 characters, a display name 30). */
const SEARCH_MAX = 64;
const ALL = 'all';
/** How many of a plan's best sellers seed "Creators like the best sellers". */
const BEST_SELLERS = 10;
const NO_CREATOR_FILTER = {};
const SimilarDialog = lazy(() =>
  import('../lookalike/SimilarDialog.tsx').then((mod) => ({ default: mod.SimilarDialog })),
);
const FitDialog = lazy(() =>
  import('../lookalike/FitDialog.tsx').then((mod) => ({ default: mod.FitDialog })),
);

export function PlanScreen({ id }: { id: number }) {
  const data = usePlans();
  // Each read answers new objects: the plan is kept while its values stay (memoised cards).
  const planJson = JSON.stringify(data?.plans.find((p) => p.id === id) ?? null);
  const plan = useMemo(() => JSON.parse(planJson) as RowOf<'plans'> | null, [planJson]);
  const members = data?.members;
  // The plan's rows as read, and with the moves just made on top (shown in the click's frame).
  const readRows = useMemo(() => (members ?? []).filter((r) => r.plan_id === id), [members, id]);
  const held = useSyncExternalStore(subscribeMoves, pendingMoves, pendingMoves);
  const planRows = useMemo(() => withPending(readRows, held, id), [readRows, held, id]);
  // The weekly quota, kept live so a move need not read it before it shows.
  const quota = useLiveQuery(readWeeklyQuota, []);
  useEffect(() => {
    knowQuota(quota);
    return () => knowQuota(undefined);
  }, [quota]);
  useEffect(() => {
    const shownNow = shownMoves(readRows, held, id);
    if (shownNow.length) for (const k of shownNow) holdMoves([k], null, held.get(k));
  }, [readRows, held, id]);
  // Days in a stage: minute-grained, so a re-render within the minute keeps the cards' props.
  const now = Math.floor(Date.now() / 60_000) * 60;

  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'board';
  const [search, setSearch] = useState('');
  const [stage, setStage] = useState<PlanStage | ''>('');
  const [due, setDue] = useState(false);
  const query = search.trim().replace(/^@/, '').toLowerCase();

  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [charts, setCharts] = useState(false);
  // Creators this plan has not invited yet: what "Send target invitations" sends.
  const uninvited = useMemo(
    () => planRows.filter((r) => PLAN_BEFORE_INVITE.includes(r.stage as PlanStage)).map((r) => r.creator_id),
    [planRows],
  );

  // Which cards each column shows (chunked), so only their creators are read; a search reads them all.
  const [ranges, setRanges] = useState<Partial<Record<PlanStage, readonly [number, number]>>>({});
  const onRange = useCallback(
    (s: PlanStage, start: number, end: number) =>
      setRanges((prev) =>
        prev[s]?.[0] === start && prev[s]?.[1] === end ? prev : { ...prev, [s]: [start, end] as const },
      ),
    [],
  );
  // A name search reads the plan's creators (none match until they are read).
  const everyone = useCreatorsOf(query ? planRows.map((r) => r.creator_id) : []);
  const matches = useMemo(() => {
    if (!query) return null;
    const out = new Set<number>();
    for (const [cid, c] of everyone ?? [])
      if (c.daren_name.toLowerCase().includes(query) || c.unique_id.toLowerCase().includes(query))
        out.add(cid);
    return out;
  }, [query, everyone]);
  const filter: MemberFilter = useMemo(() => ({ stage, due, ids: matches }), [stage, due, matches]);
  const filtered = useMemo(
    () => (isFiltered(filter) ? filterMembers(planRows, id, filter, now, postWithinOf(plan)) : planRows),
    // `now` matters only to the due filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [planRows, id, filter, due ? now : 0, plan],
  );
  const columns = useMemo(() => boardColumns(filtered, id, Number.POSITIVE_INFINITY), [filtered, id]);
  const shown = useMemo(
    () =>
      view === 'board'
        ? columns.flatMap((c) => {
            const [a, b] = ranges[c.stage] ?? [0, CARD_CHUNK];
            return c.cards.slice(a, b).map((r) => r.creator_id);
          })
        : [],
    [columns, ranges, view],
  );
  const cardCreators = useCreatorsOf(query ? [] : shown);
  const creators = query ? everyone : cardCreators;

  const log = useMessageLog(shown);
  // Connected: at a replied-or-later stage in any plan now, or ever (the history says they replied).
  const connected = useMemo(() => {
    const out = connectedCreators(members ?? []);
    for (const cid of repliedInHistory(log?.events ?? [])) out.add(cid);
    return out;
  }, [members, log]);
  const salesRows = useSalesRows();
  // The plan's products, for a sale entered by hand (stable while they stay, for the memoised cards).
  const productsJson = JSON.stringify(
    salesRows && plan
      ? salesRows.products
          .filter((p) => (plan.product_ids ?? '').split(',').includes(String(p.id)))
          .map((p) => ({ product_id: p.product_id, title: p.product_title ?? p.product_id }))
      : [],
  );
  const planProducts = useMemo(
    () => JSON.parse(productsJson) as { product_id: string; title: string }[],
    [productsJson],
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
  const chartCreators = useCreatorsOf(chartData?.top.map((t) => t.creator_id) ?? []);
  // Each creator's imported sales of this plan's products, in words for the card.
  const money = useMemo(() => {
    const out = new Map<number, string>();
    if (!salesRows || !plan) return out;
    const fallback = COUNTRY_CURRENCY[plan.country as Country];
    const rowOf = new Map(planRows.map((r) => [r.creator_id, r]));
    for (const [cid, mo] of creatorMoney(salesRows.sales, planProductIds(plan, salesRows.products))) {
      const cur = mo.currency || fallback;
      const text = { gmv: formatGmv(mo.gmv, cur), commission: formatGmv(mo.commission, cur) };
      const member = rowOf.get(cid);
      const r = roi(mo.gmv, mo.commission, member && samplesSent(member) ? sampleCostEach(plan) : 0);
      out.set(cid, r === null ? m.money_card(text) : m.money_card_roi({ ...text, roi: formatRoi(r) }));
    }
    return out;
  }, [salesRows, plan, planRows]);
  // The plan's best sellers (GMV of its products), the seeds of "Creators like the best sellers".
  const bestSellers = useMemo(() => {
    if (!salesRows || !plan) return [];
    const inPlan = new Set(planRows.map((r) => r.creator_id));
    return [...creatorMoney(salesRows.sales, planProductIds(plan, salesRows.products))]
      .filter(([cid, mo]) => inPlan.has(cid) && mo.gmv > 0)
      .sort((a, b) => b[1].gmv - a[1].gmv || a[0] - b[0])
      .slice(0, BEST_SELLERS)
      .map(([cid]) => cid);
  }, [salesRows, plan, planRows]);
  const [similar, setSimilar] = useState(false);
  const [fit, setFit] = useState(false);
  const counts = useMemo(
    () => (log ? messageCounts(log.events, log.pending, connected) : undefined),
    [log, connected],
  );
  const stages = useMemo(() => PLAN_STAGES.map((s) => ({ id: s as string, label: stageLabel(s) })), []);
  const board: BoardData | null = useMemo(
    () =>
      plan && {
        plan,
        creators,
        money,
        counts,
        connected,
        products: planProducts,
        stages,
        now,
        onRange,
      },
    [plan, creators, money, counts, connected, planProducts, stages, now, onRange],
  );
  // The export writes what the board shows: this plan's rows, moves just made included.
  const rowsNow = useRef(planRows);
  rowsNow.current = planRows;
  const onExport = useCallback(() => {
    if (plan) void exportPlan(plan, rowsNow.current);
  }, [plan]);
  const onView = useCallback(
    (v: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v === 'table') next.set('view', 'table');
          else next.delete('view');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  if (data && !plan)
    return (
      <Result
        status="404"
        title={m.plans_not_found()}
        description=""
        extra={<Link to="/plans">{m.plans_back()}</Link>}
      />
    );
  if (!plan || !board) return null;
  const name = plan.name;

  return (
    <div className="screen-panel plans-panel">
      <PlanToolbar
        plan={plan}
        charts={charts}
        onEdit={setEditing}
        onInvite={setInviting}
        onCharts={setCharts}
        onExport={onExport}
        onSimilar={setSimilar}
        onFit={setFit}
        hasSales={bestSellers.length > 0}
      />
      <PlanSampleFunnel planId={id} />
      <Suspense fallback={null}>
        <PlanNetProfit planId={id} country={plan.country} />
      </Suspense>
      {fit && (
        <Suspense fallback={null}>
          <FitDialog plan={plan} members={members ?? []} onClose={() => setFit(false)} />
        </Suspense>
      )}
      {similar && (
        <Suspense fallback={null}>
          <SimilarDialog
            country={plan.country as Country}
            seedIds={bestSellers}
            filter={NO_CREATOR_FILTER}
            title={m.similar_best_title({ count: formatNumber(bestSellers.length) })}
            onClose={() => setSimilar(false)}
          />
        </Suspense>
      )}
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
        <PlanDialog country={plan.country as Country} plan={plan} onClose={() => setEditing(false)} />
      )}
      {chartData && (
        <Suspense fallback={null}>
          <PlanCharts
            funnel={funnels(planRows).get(id) ?? PLAN_STAGES.map(() => 0)}
            weeks={chartData.weeks}
            top={chartData.top}
            names={
              new Map(
                chartData.top.map((t) => {
                  const c = chartCreators?.get(t.creator_id);
                  return [
                    t.creator_id,
                    c ? (c.daren_name || '').trim() || `@${c.unique_id}` : `#${t.creator_id}`,
                  ];
                }),
              )
            }
            currency={COUNTRY_CURRENCY[plan.country as Country]}
          />
        </Suspense>
      )}
      <PlanFilters
        search={search}
        onSearch={setSearch}
        stage={stage}
        onStage={setStage}
        due={due}
        onDue={setDue}
        view={view}
        onView={onView}
      />
      {isFiltered(filter) && (
        <p className="plans-muted" role="status">
          {m.plans_filter_shown({
            shown: formatNumber(filtered.length),
            total: formatNumber(planRows.length),
          })}
        </p>
      )}
      {planRows.length === 0 && (
        <Result status="empty" title={m.plans_board_empty()} description="" showBack={false} />
      )}
      {view === 'board' ? (
        <PlanBoard columns={columns} data={board} name={name} />
      ) : (
        <Suspense fallback={null}>
          <PlanTable plan={plan} rows={filtered} now={now} name={name} />
        </Suspense>
      )}
      <ReasonHost />
    </div>
  );
}

/** The plan's terms and actions; memoised, so a move (which re-renders the screen) leaves its buttons be. */
const PlanToolbar = memo(function PlanToolbar({
  plan,
  charts,
  onEdit,
  onInvite,
  onCharts,
  onExport,
  onSimilar,
  onFit,
  hasSales,
}: {
  plan: RowOf<'plans'>;
  charts: boolean;
  onSimilar: (open: boolean) => void;
  onFit: (open: boolean) => void;
  /** The plan has sales to find its best sellers from. */
  hasSales: boolean;
  onEdit: (open: boolean) => void;
  onInvite: (open: boolean) => void;
  onCharts: (open: boolean) => void;
  onExport: () => void;
}) {
  return (
    <div className="plans-toolbar">
      <PlanTerms plan={plan} />
      <Button size="sm" onPress={() => onEdit(true)}>
        {m.plans_edit()}
      </Button>
      <Button size="sm" variant="primary" onPress={() => onInvite(true)}>
        {m.plans_invite()}
      </Button>
      <Button size="sm" icon={<Icon name="download" />} onPress={onExport}>
        {m.plans_export()}
      </Button>
      <PlanLedgerExport planId={plan.id} planName={plan.name} />
      <Button size="sm" onPress={() => onCharts(!charts)} aria-expanded={charts}>
        {charts ? m.charts_hide() : m.charts_show()}
      </Button>
      <Button size="sm" onPress={() => (hasSales ? onSimilar(true) : toast.info(m.similar_best_none()))}>
        {m.similar_best()}
      </Button>
      <Button size="sm" onPress={() => onFit(true)}>
        {m.fit_open()}
      </Button>
    </div>
  );
});

/** Search, stage, due and view; memoised like the toolbar. */
const PlanFilters = memo(function PlanFilters({
  search,
  onSearch,
  stage,
  onStage,
  due,
  onDue,
  view,
  onView,
}: {
  search: string;
  onSearch: (s: string) => void;
  stage: PlanStage | '';
  onStage: (s: PlanStage | '') => void;
  due: boolean;
  onDue: (d: boolean) => void;
  view: string;
  onView: (v: string) => void;
}) {
  const stages = useMemo(
    () => [
      { id: ALL, label: m.plans_filter_all() },
      ...PLAN_STAGES.map((s) => ({ id: s as string, label: stageLabel(s) })),
    ],
    [],
  );
  return (
    <div className="plans-filters">
      <Input
        type="search"
        aria-label={m.plans_filter_search()}
        placeholder={m.plans_filter_search()}
        value={search}
        maxLength={SEARCH_MAX}
        onChange={(e) => onSearch(e.target.value)}
      />
      <Select<string>
        size="sm"
        aria-label={m.plans_filter_stage()}
        items={stages}
        value={stage || ALL}
        onChange={(s) => onStage(isStage(s) ? s : '')}
      />
      <CheckBox isSelected={due} onChange={onDue}>
        {m.plans_filter_due()}
      </CheckBox>
      <Select<string>
        size="sm"
        aria-label={m.plans_view()}
        items={[
          { id: 'board', label: m.plans_view_board() },
          { id: 'table', label: m.plans_view_table() },
        ]}
        value={view}
        onChange={onView}
      />
    </div>
  );
});
