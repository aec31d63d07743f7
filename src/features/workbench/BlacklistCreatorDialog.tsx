/** Blacklist one creator from its page (issue 22): the reason is optional, as on the blacklist screen. */
import { useState } from 'react';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import type { CreatorRow } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { TextArea } from '../../ui/Input.tsx';
import { addToBlacklist } from '../blacklist/blacklist-actions.ts';

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
      <TextArea
        label={m.blacklist_reason()}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={TEXTAREA_MAX}
        rows={3}
        showCount
        autoFocus
      />
    </Dialog>
  );
}
