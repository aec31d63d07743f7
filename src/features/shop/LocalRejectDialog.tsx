/**
 * Rejecting sample requests recorded in plans: the creators move to "declined" in their plans, so
 * the dialog asks for the reason the plan keeps (required, up to PLAN_REASON_MAX characters); its
 * confirm button stays off until there is one.
 */
import { useState } from 'react';
import { PLAN_REASON_MAX } from '../../../contract/limits.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';

export function LocalRejectDialog({
  count,
  onClose,
  onReject,
  problem,
}: {
  count: number;
  /** Why the server refused the last try, shown in the dialog (the reason chosen stays). */
  problem?: string;
  onClose: () => void;
  onReject: (reason: string) => unknown;
}) {
  const [reason, setReason] = useState('');
  const given = reason.trim();
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.local_samples_reject_title({ count })}
      footer={
        <DialogFooter
          onCancel={onClose}
          onConfirm={() => given && onReject(given)}
          confirmLabel={m.sample_requests_reject_confirm()}
          isDisabled={!given}
          tone="danger"
        />
      }
    >
      <p>{m.local_samples_reject_hint()}</p>
      {problem && <InlineAlert>{problem}</InlineAlert>}
      <Field
        label={m.local_samples_reason()}
        description={m.plans_reason_hint({ max: formatNumber(PLAN_REASON_MAX) })}
        value={reason}
        onChange={setReason}
        maxLength={PLAN_REASON_MAX}
        isRequired
        showCount
        autoFocus
      />
    </Dialog>
  );
}
