/**
 * Rejecting sample requests: TikTok requires one of its four reasons, so the dialog asks for one and
 * its confirm button stays off until one is chosen.
 */
import { useState } from 'react';
import { SHOP_REJECT_REASONS, type ShopRejectReason } from '../../../contract/shop-review.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { rejectReasonLabel } from './sample-review-rules.ts';

export function RejectDialog({
  count,
  onClose,
  onReject,
  problem,
}: {
  count: number;
  /** Why the server refused the last try, shown in the dialog (the reason chosen stays). */
  problem?: string;
  onClose: () => void;
  onReject: (reason: ShopRejectReason) => unknown;
}) {
  const [reason, setReason] = useState<ShopRejectReason | null>(null);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.sample_requests_reject_title({ count })}
      footer={
        <DialogFooter
          onCancel={onClose}
          onConfirm={() => reason && onReject(reason)}
          confirmLabel={m.sample_requests_reject_confirm()}
          isDisabled={!reason}
          tone="danger"
        />
      }
    >
      <p>{m.sample_requests_reject_hint()}</p>
      {problem && <InlineAlert>{problem}</InlineAlert>}
      <Select
        label={m.sample_requests_reject_reason()}
        items={SHOP_REJECT_REASONS.map((r) => ({ id: r, label: rejectReasonLabel(r) }))}
        value={reason}
        onChange={setReason}
        placeholder={m.sample_requests_reject_choose()}
        isRequired
      />
    </Dialog>
  );
}
