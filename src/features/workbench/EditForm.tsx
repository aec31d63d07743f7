/**
 * The creator page's in-place edit: the fields, then Save (the form's submit, spinning while the
 * save runs) and Cancel. `onSave` runs through the page's double-press guard.
 */
import type { ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

export function EditForm({
  onSave,
  busy,
  onCancel,
  children,
}: {
  onSave: () => void;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="workbench-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {children}
      <span className="workbench-note__actions">
        <Button type="submit" size="sm" variant="primary" isLoading={busy}>
          {m.workbench_note_save()}
        </Button>
        <Button size="sm" onPress={onCancel}>
          {m.workbench_note_cancel()}
        </Button>
      </span>
    </form>
  );
}
