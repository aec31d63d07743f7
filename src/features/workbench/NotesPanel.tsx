/** Notes on one creator: several per creator, shown to the whole team with author and time. */
import { useState, type FormEvent } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { NOTE_MAX } from '../../../contract/limits.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { EditForm } from './EditForm.tsx';
import { isPending } from '../../db/temp-id.ts';
import { addNote, deleteNote, editNote } from './workbench-actions.ts';
import { useCreatorRows } from './workbench-queries.ts';

export function NotesPanel({ creatorId }: { creatorId: number }) {
  const rows = useCreatorRows('creator_notes', creatorId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const notes = [...(rows ?? [])].sort((a, b) => b.add_time - a.add_time || b.id - a.id);

  // A double-click on Add makes one note: the second press meets the running add.
  const add = useInFlight(async () => {
    const content = text.trim();
    if (!content) {
      setError(m.workbench_note_required());
      return;
    }
    setError(undefined);
    if (await addNote(creatorId, content)) setText('');
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    add.run();
  }

  return (
    <section className="workbench-panel" aria-labelledby="workbench-notes-title">
      <h2 id="workbench-notes-title" className="workbench-panel__title">
        {m.workbench_notes_title()}
      </h2>
      <form className="workbench-form" onSubmit={submit}>
        <Field
          label={m.workbench_note_label()}
          multiline
          rows={3}
          value={text}
          onChange={(v) => {
            // The error marks the field invalid, which blocks the form's submit: typing clears it.
            setText(v);
            setError(undefined);
          }}
          maxLength={NOTE_MAX}
          showCount
          errorMessage={error}
        />
        <Button type="submit" variant="primary" isLoading={add.busy}>
          {m.workbench_note_add()}
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="workbench-empty">{m.workbench_notes_empty()}</p>
      ) : (
        <ul className="workbench-list" aria-label={m.workbench_notes_title()}>
          {notes.map((n) => (
            <NoteItem key={n.id} note={n} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One note: its text, author and time, Edit (in place, Save / Cancel) and Delete. */
function NoteItem({ note }: { note: RowOf<'creator_notes'> }) {
  const [draft, setDraft] = useState<string | null>(null);
  // The note as it was when editing started: its version is what the edit is based on, so a
  // teammate's change that arrives while typing is a conflict the server reports, not overwritten.
  const [started, setStarted] = useState<RowOf<'creator_notes'>>(note);
  const [error, setError] = useState<string | undefined>();
  const save = useInFlight(async () => {
    const content = (draft ?? '').trim();
    if (!content) {
      setError(m.workbench_note_required());
      return;
    }
    setError(undefined);
    if (content === started.content || (await editNote(started, content))) setDraft(null);
  });

  if (draft !== null)
    return (
      <li className="workbench-note" data-testid="workbench-note">
        <EditForm onSave={save.run} busy={save.busy} onCancel={() => setDraft(null)}>
          <Field
            label={m.workbench_note_edit_field()}
            multiline
            rows={3}
            value={draft}
            onChange={(v) => {
              setDraft(v);
              setError(undefined);
            }}
            maxLength={NOTE_MAX}
            showCount
            errorMessage={error}
            autoFocus
          />
        </EditForm>
      </li>
    );
  return (
    <li className="workbench-note" data-testid="workbench-note">
      <p className="workbench-note__text">{note.content}</p>
      <span className="workbench-meta">
        {isPending(note)
          ? m.workbench_unsent()
          : m.workbench_by({
              name: note.user_name || '-',
              time: formatDateTime(note.add_time),
            })}
      </span>
      <span className="workbench-note__actions">
        <Button
          size="sm"
          variant="text"
          onPress={() => {
            setStarted(note);
            setDraft(note.content);
          }}
          aria-label={m.workbench_note_edit_label()}
        >
          {m.workbench_note_edit()}
        </Button>
        <Button
          size="sm"
          variant="text"
          onPress={() => void deleteNote(note)}
          aria-label={m.workbench_note_delete()}
        >
          {m.workbench_delete()}
        </Button>
      </span>
    </li>
  );
}
