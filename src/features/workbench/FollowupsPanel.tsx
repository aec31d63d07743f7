/** Follow-ups of one creator: "remind me on <date>" with a short text; open ones first. */
import { useState, type FormEvent } from 'react';
import { FOLLOWUP_TEXT_MAX } from '../../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { askToNotifyOnce } from './DueNotifier.tsx';
import { FollowupActions } from './FollowupActions.tsx';
import { followupOf, isDue, isOpen, snoozedDate, today } from './followup-rules.ts';
import { addFollowup } from './workbench-actions.ts';
import { useCreatorRows } from './workbench-queries.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function FollowupsPanel({ creatorId }: { creatorId: number }) {
  const rows = useCreatorRows('creator_followups', creatorId);
  const [date, setDate] = useState(() => snoozedDate(today(), 1));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ date?: string; text?: string }>({});
  const day = today();
  // Open ones first, each group by due day.
  const list = (rows ?? [])
    .map((r) => ({ f: followupOf(r), r }))
    .sort((a, b) => Number(isOpen(b.f)) - Number(isOpen(a.f)) || a.f.due_date.localeCompare(b.f.due_date));

  // A double-click on Add makes one follow-up: the second press meets the running add.
  const add = useInFlight(async () => {
    const next = {
      date: DAY.test(date) ? undefined : m.workbench_followup_date_invalid(),
      text: text.trim() ? undefined : m.workbench_followup_text_required(),
    };
    setErrors(next);
    if (next.date || next.text) return;
    // Asked inside the press (before any await), as browsers want a user gesture for the prompt.
    askToNotifyOnce();
    if (await addFollowup(creatorId, date, text.trim())) setText('');
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    add.run();
  }

  return (
    <section className="workbench-panel" aria-labelledby="workbench-followups-title">
      <h2 id="workbench-followups-title" className="workbench-panel__title">
        {m.workbench_followups_title()}
      </h2>
      <form className="workbench-form workbench-form--row" onSubmit={submit}>
        <Field
          label={m.workbench_followup_date()}
          type="date"
          value={date}
          onChange={(v) => {
            // An error marks its field invalid, which blocks the form's submit: editing clears it.
            setDate(v);
            setErrors((e) => ({ ...e, date: undefined }));
          }}
          errorMessage={errors.date}
        />
        <Field
          label={m.workbench_followup_text()}
          value={text}
          onChange={(v) => {
            setText(v);
            setErrors((e) => ({ ...e, text: undefined }));
          }}
          maxLength={FOLLOWUP_TEXT_MAX}
          showCount
          errorMessage={errors.text}
        />
        <Button type="submit" variant="primary" isLoading={add.busy}>
          {m.workbench_followup_add()}
        </Button>
      </form>
      {list.length === 0 ? (
        <p className="workbench-empty">{m.workbench_followups_empty()}</p>
      ) : (
        <ul className="workbench-list" aria-label={m.workbench_followups_title()}>
          {list.map(({ f: row, r: f }) => {
            return (
              <li key={f.id} className="workbench-followup" data-testid="workbench-followup">
                <span className={isDue(row, day) ? 'workbench-due workbench-due--now' : 'workbench-due'}>
                  {row.due_date}
                </span>
                <span className="workbench-followup__text">{f.text}</span>
                {row.done_time ? (
                  <span className="workbench-meta">{m.workbench_followup_is_done()}</span>
                ) : null}
                <FollowupActions row={f} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
