/** Add to the blacklist: a creator list (one per line, required) and a reason (spec section 5). */
import { useState } from 'react';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { splitNames } from '../../../contract/schemas/creator.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { TextArea } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { addToBlacklist } from './blacklist-actions.ts';

export function BlacklistAddDialog({ country, onClose }: { country: string; onClose: () => void }) {
  const [names, setNames] = useState('');
  const [reason, setReason] = useState('');
  const list = splitNames([names]);

  const save = async () => {
    if (list.length === 0) {
      toast.error(m.blacklist_names_required());
      return;
    }
    if (await addToBlacklist(country, list, reason.trim())) onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={m.blacklist_add_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <div className="catalog-form">
        <TextArea
          label={m.blacklist_names_label({ count: list.length })}
          value={names}
          onChange={(e) => setNames(e.target.value)}
          maxLength={TEXTAREA_MAX}
          rows={8}
          showCount
          placeholder={m.blacklist_names_placeholder()}
          autoFocus
        />
        <TextArea
          label={m.blacklist_reason()}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={TEXTAREA_MAX}
          rows={3}
          showCount
        />
      </div>
    </Dialog>
  );
}
