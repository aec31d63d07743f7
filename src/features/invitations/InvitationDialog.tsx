/**
 * View/edit one invitation: name, tags (read only: they are the creator's), status,
 * sub status (only with status 3, then required), contact fields, logistics, cooperation data and
 * product id, sent as PUT /blogger/invitation.edit with the changed fields only; the history below.
 */
import { useState } from 'react';
import { EMAIL_PATTERN, TEXTAREA_MAX } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { UserTag } from '../../ui/StatusTag.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { editInvitation } from './invitation-actions.ts';
import { COOPERATING, STATUSES, statusLabel, SUB_STATUSES, subStatusLabel } from './invitation-rules.ts';
import { InvitationHistory } from './InvitationHistory.tsx';
import type { InvitationView } from './invitations-data.ts';

const TEXT_FIELDS = [
  ['daren_name', 255],
  ['daren_sex', 32],
  ['daren_email', 255],
  ['daren_phone', 64],
  ['daren_addr', TEXTAREA_MAX],
  ['logistics', TEXTAREA_MAX],
  ['cooperate', TEXTAREA_MAX],
  ['product_id', TEXTAREA_MAX],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];

const labelOf = (k: TextKey): string =>
  ({
    daren_name: m.invited_name(),
    daren_sex: m.invited_sex(),
    daren_email: m.invited_email(),
    daren_phone: m.invited_phone(),
    daren_addr: m.invited_address(),
    logistics: m.invited_logistics(),
    cooperate: m.invited_cooperate(),
    product_id: m.invited_product_id(),
  })[k];

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function InvitationDialog({ row, onClose }: { row: InvitationView; onClose: () => void }) {
  const [status, setStatus] = useState(row.status);
  const [sub, setSub] = useState<number | null>(row.sub_status);
  const [text, setText] = useState<Record<TextKey, string>>(
    () => Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, str(row[k])])) as Record<TextKey, string>,
  );

  const save = async () => {
    if (status === COOPERATING && sub == null) return toast.error(m.invited_sub_required());
    if (text.daren_email.trim() && !EMAIL_PATTERN.test(text.daren_email.trim()))
      return toast.error(m.invited_email_invalid());
    const patch: Record<string, unknown> = {};
    if (status !== row.status) patch.status = status;
    if (status === COOPERATING && sub !== row.sub_status) patch.sub_status = sub;
    if (status !== COOPERATING && row.sub_status != null) patch.sub_status = null;
    for (const [k] of TEXT_FIELDS) if (text[k].trim() !== str(row[k])) patch[k] = text[k].trim();
    // The edit call leaves out a cleared sub status: the server clears it with the status.
    const body = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
    if (Object.keys(patch).length === 0 || (await editInvitation(row.id, body, patch, row.unique_id)))
      onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={m.invited_edit_title({ name: row.unique_id })}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} isDisabled={row.id < 0} />}
    >
      <div className="catalog-form">
        {row.tags.length > 0 && (
          <div aria-label={m.invited_col_tags()}>
            {row.tags.map((t) => (
              <UserTag key={t.tag_id} title={t.tag_title} />
            ))}
          </div>
        )}
        <Select
          label={m.invited_status()}
          items={STATUSES.map((s) => ({ id: s, label: statusLabel(s) }))}
          value={status || null}
          onChange={(v) => setStatus(Number(v))}
        />
        {status === COOPERATING && (
          <Select
            label={m.invited_sub_status()}
            items={SUB_STATUSES.map((s) => ({ id: s, label: subStatusLabel(s) }))}
            value={sub}
            onChange={(v) => setSub(Number(v))}
          />
        )}
        {TEXT_FIELDS.map(([k, max]) => (
          <Field
            key={k}
            label={labelOf(k)}
            value={text[k]}
            onChange={(v) => setText((t) => ({ ...t, [k]: v }))}
            maxLength={max}
            multiline={max === TEXTAREA_MAX}
            rows={max === TEXTAREA_MAX ? 2 : undefined}
          />
        ))}
        <InvitationHistory id={row.id} version={row.version} />
      </div>
    </Dialog>
  );
}
