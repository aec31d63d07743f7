/**
 * The header's "Due" entry: follow-ups due today or overdue, from the local mirror.
 * Shown only while something is due, and narrow (the word is clipped to screen readers, the count
 * shows): the header has no room to spare, and a wider tool bar folds the nine-entry menu.
 */
import { NavLink } from 'react-router-dom';
import { m } from '../../paraglide/messages.js';
import { dueList, followupOf, today } from './followup-rules.ts';
import { useCreatorRows } from './workbench-queries.ts';
import './workbench.css';

export function DueLink() {
  const rows = useCreatorRows('creator_followups');
  const count = dueList((rows ?? []).map(followupOf), today()).length;
  if (count === 0) return null;
  // The visible count is part of the name (axe: label-content-name-mismatch); the tooltip says more.
  return (
    <NavLink to="/followups" className="app-due-link" title={m.workbench_due_label({ count })}>
      <span className="app-due-word">{m.workbench_due_short()} </span>
      <span className="app-due-count" data-testid="due-count">
        {count}
      </span>
    </NavLink>
  );
}
