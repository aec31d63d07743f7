/**
 * A plan's creator as a card, for a narrow table (DataGridProps.card): the name (the creator page)
 * and handle, the stage and days in it, the next action, the sample due date; three one-line rows
 * in the table's own words (PlanTable's columns, docs/decisions/pwa.md "Lists on a phone").
 */
import type { RowOf } from '../../../contract/sync.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridCard } from '../../ui/DataGrid/grid-types.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { daysIn, nextAction, stageLabel } from './plan-rules.ts';

/** What the table's rows carry beside the plan_creators row. */
export interface PlanCardRow extends RowOf<'plan_creators'> {
  daren_name: string;
  unique_id: string;
  /** Unix seconds of the row's sample deadline, or NaN. */
  due: number;
  overdue: boolean;
}

export function planCard(now: number): GridCard<PlanCardRow> {
  const label = (text: string) => <span className="cd-grid__card-label">{text}</span>;
  const days = label(m.plans_col_days());
  const next = label(m.plans_col_next());
  const due = label(m.plans_col_due());
  return {
    label: m.plans_col_creator(),
    height: 80,
    render: (r) => (
      <>
        <span className="cd-grid__card-line">
          <CreatorNameLink id={r.creator_id} name={r.daren_name} handle={r.unique_id} />
          <span>{r.unique_id}</span>
        </span>
        <span className="cd-grid__card-line">
          <span>{stageLabel(r.stage)}</span>
          {days}
          <span>{formatNumber(daysIn(r.stage_time, now))}</span>
          {!Number.isNaN(r.due) && due}
          {!Number.isNaN(r.due) && (
            <span>{r.overdue ? m.plans_due_overdue({ text: formatDate(r.due) }) : formatDate(r.due)}</span>
          )}
        </span>
        <span className="cd-grid__card-line">
          {next}
          <span>{nextAction(r.stage)}</span>
        </span>
      </>
    ),
  };
}
