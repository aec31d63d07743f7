/** Admin: rename the team (PUT /team/edit). */
import { useState } from 'react';
import type { TeamDetail } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { renameTeam } from './team-api.ts';
import { TeamTitleField, validTitle } from './TeamTitleField.tsx';

interface Props {
  current: string;
  onClose: () => void;
  onSaved: (t: TeamDetail) => void;
}

export function RenameDialog({ current, onClose, onSaved }: Props) {
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (busy) return; // Enter in the field while the call runs
    const title = validTitle(value);
    if (title === null) return;
    setBusy(true);
    try {
      onSaved(await renameTeam(title));
      onClose();
    } catch {
      setBusy(false); // the client has shown why
    }
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.team_edit_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} isBusy={busy} />}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TeamTitleField value={value} onChange={setValue} autoFocus />
      </form>
    </Dialog>
  );
}
