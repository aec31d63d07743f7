/** The header's "Due" entry (issue 22): follow-ups due today or overdue, from the local mirror. */
import { NavLink } from 'react-router-dom';
import { m } from '../../paraglide/messages.js';
import { dueList, followupOf, today } from './followup-rules.ts';
import { useCreatorRows } from './workbench-queries.ts';
import './workbench.css';

export function DueLink() {
  const rows = useCreatorRows('creator_followups');
  const count = dueList((rows ?? []).map(followupOf), today()).length;
  return (
    // The visible words are the name (axe: label-content-name-mismatch); the tooltip says more.
    <NavLink to="/followups" className="app-due-link" title={m.workbench_due_label({ count })}>
      {m.workbench_due_short()}
      <span
        className={count > 0 ? 'app-due-count app-due-count--on' : 'app-due-count'}
        data-testid="due-count"
      >
        {count}
      </span>
    </NavLink>
  );
}
