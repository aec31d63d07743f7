/**
 * A plan's creators as a table: stage, days in stage, next action and due date, sorted
 * and paged on local data (offline too), with a selection that moves many creators at once through
 * the same checks as the board (requestMove), or invites them in TikTok Shop (ShopTargetButton).
 * Loaded when the user switches to it.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridColumn, SortState } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { Button } from '../../ui/Button.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { Select } from '../../ui/Select.tsx';
import { pageOf } from '../catalog/catalog-rules.ts';
import { creatorNameColumn } from '../workbench/CreatorNameLink.tsx';
import { requestMove, whoOf } from './plan-move.ts';
import { ShopTargetButton } from './ShopTargetButton.tsx';
import { planCard } from './plan-card.tsx';
import { useCreatorsOf } from './plan-queries.ts';
import {
  daysIn,
  isStage,
  nextAction,
  PLAN_STAGES,
  postWithinOf,
  sampleDeadline,
  sortMembers,
  stageLabel,
  type MemberSort,
} from './plan-rules.ts';

const CostDialog = lazy(() => import('./CostDialog.tsx').then((mod) => ({ default: mod.CostDialog })));

interface TableRow extends RowOf<'plan_creators'> {
  daren_name: string;
  unique_id: string;
  /** Unix seconds of the row's sample deadline, or NaN. */
  due: number;
  overdue: boolean;
}

const nameOf = (c: { daren_name: string; unique_id: string } | undefined, id: number): string =>
  c ? c.daren_name.trim() || `@${c.unique_id}` : `#${id}`;

/** Who "Add cost" was pressed for in the table. */
interface Costing {
  id: number;
  name: string;
}

function columns(now: number, onCost: (c: Costing) => void): GridColumn<TableRow>[] {
  return [
    creatorNameColumn<TableRow>(m.plans_col_creator()),
    { id: 'unique_id', header: m.plans_col_handle(), width: 160 },
    {
      id: 'stage',
      header: m.plans_col_stage(),
      width: 150,
      sortable: true,
      render: (r) => stageLabel(r.stage),
    },
    {
      id: 'days',
      header: m.plans_col_days(),
      width: 120,
      align: 'end',
      sortable: true,
      firstOrder: 'desc',
      render: (r) => formatNumber(daysIn(r.stage_time, now)),
    },
    { id: 'next', header: m.plans_col_next(), width: 260, render: (r) => nextAction(r.stage) },
    {
      id: 'due',
      header: m.plans_col_due(),
      width: 170,
      sortable: true,
      render: (r) =>
        Number.isNaN(r.due)
          ? ''
          : r.overdue
            ? m.plans_due_overdue({ text: formatDate(r.due) })
            : formatDate(r.due),
    },
    { id: 'reason', header: m.plans_col_reason(), width: 200 },
    {
      id: 'cost',
      header: m.money_cost_col(),
      width: 130,
      render: (r) => {
        const name = nameOf(r.unique_id.startsWith('#') ? undefined : r, r.creator_id);
        return (
          <Button
            size="sm"
            variant="text"
            aria-label={m.money_cost_add_label({ name })}
            onPress={() => onCost({ id: r.creator_id, name })}
          >
            {m.money_cost_add()}
          </Button>
        );
      },
    },
  ];
}

export function PlanTable({
  plan,
  rows,
  now,
  name,
}: {
  plan: RowOf<'plans'>;
  /** The plan's creators that pass the screen's filters. */
  rows: readonly RowOf<'plan_creators'>[];
  now: number;
  name: string;
}) {
  const selection = useSelection(`plan-${String(plan.id)}`, 'none');
  const [sort, setSort] = useState<SortState>({ field: 'stage', order: 'asc' });
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const sorted = useMemo(
    () => sortMembers(rows, sort.field as MemberSort, sort.order, now, postWithinOf(plan)),
    [rows, sort, now, plan],
  );
  const pages = Math.max(1, Math.ceil(sorted.length / paging.size));
  const page = Math.min(paging.page, pages);
  const slice = pageOf(sorted, page, paging.size);
  const creators = useCreatorsOf(slice.map((r) => r.creator_id));
  const shown = useMemo(
    () =>
      slice.map((r): TableRow => {
        const c = creators?.get(r.creator_id);
        const d = sampleDeadline(r, now, postWithinOf(plan));
        return {
          ...r,
          daren_name: c?.daren_name ?? '',
          unique_id: c?.unique_id ?? `#${r.creator_id}`,
          due: d?.due ?? Number.NaN,
          overdue: d?.overdue ?? false,
        };
      }),
    // The slice is new every render; its rows are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slice.map((r) => `${r.id}:${r.version}:${r.stage}`).join(), creators, now],
  );
  const [costing, setCosting] = useState<Costing | null>(null);
  const cols = useMemo(() => columns(now, setCosting), [now]);
  const card = useMemo(() => planCard(now), [now]);
  const stages = useMemo(() => PLAN_STAGES.map((s) => ({ id: s as string, label: stageLabel(s) })), []);
  // Only creators still in the plan (and shown by the filters) are moved.
  const chosen = rows.filter((r) => selection.has(r.creator_id)).map((r) => r.creator_id);

  return (
    <>
      <DataGrid<TableRow>
        aria-label={m.plans_table_label({ name })}
        storageKey="plan-table"
        columns={cols}
        card={card}
        getRowKey={(r) => r.creator_id}
        rows={shown}
        total={sorted.length}
        loading={!creators}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        page={page}
        pageSize={paging.size}
        onPageChange={(p, size) => setPaging({ page: p, size })}
        selection={selection}
        selectionActions={
          <>
            <Select<string>
              size="sm"
              aria-label={m.plans_move_selected({ count: formatNumber(chosen.length) })}
              placeholder={m.plans_move_selected({ count: formatNumber(chosen.length) })}
              items={stages}
              value={null}
              isDisabled={chosen.length === 0}
              onChange={(s) => {
                if (!isStage(s)) return;
                void requestMove(
                  plan,
                  chosen,
                  s,
                  whoOf(chosen.length, nameOf(creators?.get(chosen[0]!), chosen[0]!)),
                ).then((ok) => {
                  if (ok) selection.clear();
                });
              }}
            />
            <ShopTargetButton plan={plan} creatorIds={chosen} onSent={() => selection.clear()} />
          </>
        }
        stickyFirstColumn
        maxHeight="min(70vh, 720px)"
      />
      {costing && (
        <Suspense fallback={null}>
          <CostDialog
            planId={plan.id}
            country={plan.country}
            creatorId={costing.id}
            name={costing.name}
            currency={COUNTRY_CURRENCY[plan.country as Country]}
            onClose={() => setCosting(null)}
          />
        </Suspense>
      )}
    </>
  );
}
