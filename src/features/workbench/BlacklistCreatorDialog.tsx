/** Blacklist one creator from its page: the reason is optional, as on the blacklist screen. */
import { useState } from 'react';
import type { CreatorRow } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { addToBlacklist } from '../blacklist/blacklist-actions.ts';
import { BlacklistReasonField } from '../blacklist/BlacklistAddDialog.tsx';

export function BlacklistCreatorDialog({ creator, onClose }: { creator: CreatorRow; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const save = async () => {
    if (await addToBlacklist(creator.country, [creator.unique_id], reason.trim())) onClose();
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="sm"
      title={m.workbench_black_title({ handle: creator.unique_id })}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <BlacklistReasonField value={reason} onChange={setReason} autoFocus />
    </Dialog>
  );
}
