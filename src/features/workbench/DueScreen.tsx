/**
 * /followups: follow-ups due today or overdue, across creators, sortable by due day,
 * each with done / snooze 1 day / snooze 1 week and a link to its creator.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Result } from '../../ui/Result.tsx';
import { FollowupActions } from './FollowupActions.tsx';
import { dueList, followupOf, today } from './followup-rules.ts';
import { useCreatorRows, useCreatorsById } from './workbench-queries.ts';
import './workbench.css';

export function DueScreen() {
  const rows = useCreatorRows('creator_followups');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const due = dueList(
    (rows ?? []).map((r) => ({ ...followupOf(r), row: r })),
    today(),
    order,
  );
  const creators = useCreatorsById(due.map((d) => d.row.creator_id));
  // Overdue samples are follow-ups too (their "content due" follow-up); the list with the value at stake is one step away.
  const samples = (
    <p>
      <Link to="/plans/samples-without-content">{m.ledger_link_from_followups()}</Link>
    </p>
  );
  if (rows && due.length === 0)
    return (
      <>
        {samples}
        <Result status="empty" title={m.workbench_due_empty()} showBack={false} />
      </>
    );
  return (
    <div className="workbench-panel">
      {samples}
      <Button size="sm" onPress={() => setOrder(order === 'asc' ? 'desc' : 'asc')}>
        {order === 'asc' ? m.workbench_due_sort_oldest() : m.workbench_due_sort_newest()}
      </Button>
      <ul className="workbench-list" aria-label={m.workbench_due_title()}>
        {due.map(({ row }) => {
          const c = creators?.get(row.creator_id);
          return (
            <li key={row.id} className="workbench-followup" data-testid="workbench-due">
              <span className="workbench-due workbench-due--now">{row.due_date}</span>
              <Link to={`/creator/${String(row.creator_id)}`}>
                {c ? c.daren_name || `@${c.unique_id}` : `#${String(row.creator_id)}`}
              </Link>
              <span className="workbench-followup__text">{row.text}</span>
              <FollowupActions row={row} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
