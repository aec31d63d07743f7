/**
 * How to reach a creator: email, WhatsApp or phone, and a note on how to reach them,
 * filled in by the seller and shared with the team. Edited in place, checked as the server checks.
 */
import { useState } from 'react';
import { EMAIL_PATTERN } from '../../../contract/constants.ts';
import { CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX, CONTACT_REACH_MAX } from '../../../contract/limits.ts';
import type { CreatorRow } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { EditForm } from './EditForm.tsx';
import { editContact } from './workbench-actions.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function ContactPanel({ creator }: { creator: CreatorRow }) {
  const stored = {
    email: text(creator.daren_email),
    phone: text(creator.daren_phone),
    reach: text(creator.daren_socialize),
  };
  const [draft, setDraft] = useState<typeof stored | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const save = useInFlight(async () => {
    if (!draft) return;
    const fields = { email: draft.email.trim(), phone: draft.phone.trim(), reach: draft.reach.trim() };
    if (fields.email && !EMAIL_PATTERN.test(fields.email)) {
      setEmailError(m.workbench_contact_email_invalid());
      return;
    }
    if (await editContact(creator, fields)) setDraft(null);
  });
  const rows: [string, string][] = [
    [m.workbench_contact_email(), stored.email],
    [m.workbench_contact_phone(), stored.phone],
    [m.workbench_contact_reach(), stored.reach],
  ];

  return (
    <section className="workbench-panel" aria-labelledby="workbench-contact-title">
      <h2 id="workbench-contact-title" className="workbench-panel__title">
        {m.workbench_contact_title()}
      </h2>
      {draft ? (
        <EditForm onSave={save.run} busy={save.busy} onCancel={() => setDraft(null)}>
          <Field
            label={m.workbench_contact_email()}
            // Not type="email": the browser's own check would stop the submit with its own words
            // instead of the app's message in the user's language.
            inputMode="email"
            value={draft.email}
            onChange={(email) => {
              setDraft({ ...draft, email });
              setEmailError(undefined);
            }}
            maxLength={CONTACT_EMAIL_MAX}
            errorMessage={emailError}
            autoFocus
          />
          <Field
            label={m.workbench_contact_phone()}
            value={draft.phone}
            onChange={(phone) => setDraft({ ...draft, phone })}
            maxLength={CONTACT_PHONE_MAX}
          />
          <Field
            label={m.workbench_contact_reach()}
            multiline
            rows={2}
            value={draft.reach}
            onChange={(reach) => setDraft({ ...draft, reach })}
            maxLength={CONTACT_REACH_MAX}
            showCount
          />
        </EditForm>
      ) : (
        <>
          <dl className="workbench-contact" data-testid="workbench-contact">
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v || '-'}</dd>
              </div>
            ))}
          </dl>
          <Button size="sm" onPress={() => setDraft(stored)} aria-label={m.workbench_contact_edit_label()}>
            {m.workbench_note_edit()}
          </Button>
        </>
      )}
    </section>
  );
}
