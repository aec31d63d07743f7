/** The team name field and its check (required, at most 12), shared by create and rename. */
import { TEAM_NAME_MAX } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Field } from '../../ui/Field.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { checkTeamTitle } from './team-rules.ts';

export function TeamTitleField(props: { value: string; onChange: (v: string) => void; autoFocus?: boolean }) {
  return (
    <Field
      label={m.team_name()}
      isRequired
      // The check below shows the spec's message; the browser's own bubble would block submit.
      validationBehavior="aria"
      maxLength={TEAM_NAME_MAX}
      showCount
      placeholder={m.team_title_required()}
      name="title"
      {...props}
    />
  );
}

/** The trimmed title, or null after telling the user what is wrong. */
export function validTitle(value: string): string | null {
  const problem = checkTeamTitle(value);
  if (problem === 'required') toast.error(m.team_title_required());
  else if (problem === 'too_long') toast.error(m.team_title_too_long());
  return problem ? null : value.trim();
}
