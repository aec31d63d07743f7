/**
 * Add to the blacklist: a creator list (one per line, required) and a reason.
 * Names that would become new creators must be TikTok handles; the dialog names the others before
 * anything is recorded.
 */
import { useState } from 'react';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { shortList, splitNames } from '../../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { TextArea } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { badHandles } from '../invitations/name-checks.ts';
import { addToBlacklist } from './blacklist-actions.ts';

export function BlacklistAddDialog({ country, onClose }: { country: string; onClose: () => void }) {
  const [names, setNames] = useState('');
  const [reason, setReason] = useState('');
  const [bad, setBad] = useState<string[]>([]);
  const list = splitNames([names]);

  const save = async () => {
    if (list.length === 0) {
      toast.error(m.blacklist_names_required());
      return;
    }
    const odd = await badHandles(country, list);
    setBad(odd);
    if (odd.length) return;
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
        {bad.length > 0 && (
          <InlineAlert hint={m.common_handle_hint()}>
            {m.common_handle_invalid({ names: shortList(bad) })}
          </InlineAlert>
        )}
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
        <BlacklistReasonField value={reason} onChange={setReason} />
      </div>
    </Dialog>
  );
}

/** The optional reason of a blacklist entry, also asked on the creator page. */
export function BlacklistReasonField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextArea
      label={m.blacklist_reason()}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={TEXTAREA_MAX}
      rows={3}
      showCount
      autoFocus={autoFocus}
    />
  );
}
