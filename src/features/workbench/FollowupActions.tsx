/** Done / snooze 1 day / snooze 1 week for one follow-up; the creator page and the due list share it. */
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { snoozedDate } from './followup-rules.ts';
import { editFollowup } from './workbench-actions.ts';

export function FollowupActions({ row }: { row: RowOf<'creator_followups'> }) {
  const due = row.due_date;
  if (row.done_time) {
    return (
      <Button size="sm" variant="text" onPress={() => void editFollowup(row, { done: 0 })}>
        {m.workbench_followup_reopen()}
      </Button>
    );
  }
  return (
    <span className="workbench-actions">
      <Button size="sm" onPress={() => void editFollowup(row, { done: 1 })}>
        {m.workbench_followup_done()}
      </Button>
      <Button
        size="sm"
        variant="text"
        onPress={() => void editFollowup(row, { due_date: snoozedDate(due, 1) })}
      >
        {m.workbench_snooze_day()}
      </Button>
      <Button
        size="sm"
        variant="text"
        onPress={() => void editFollowup(row, { due_date: snoozedDate(due, 7) })}
      >
        {m.workbench_snooze_week()}
      </Button>
    </span>
  );
}
