/** One confirm() request as an alert dialog (rendered by DialogHost in confirm.tsx). */
import { m } from '../paraglide/messages.js';
import { settleConfirm, type PendingConfirm } from './confirm-store.ts';
import { Dialog, DialogFooter } from './Dialog.tsx';

export function ConfirmDialog({ req }: { req: PendingConfirm }) {
  const done = (ok: boolean) => settleConfirm(req.id, ok);
  return (
    <Dialog
      key={req.id}
      isOpen
      role="alertdialog"
      size="sm"
      onClose={() => done(false)}
      title={req.title ?? m.common_confirm_title()}
      footer={
        <DialogFooter
          onCancel={() => done(false)}
          onConfirm={() => done(true)}
          cancelLabel={req.cancelLabel}
          confirmLabel={req.confirmLabel ?? m.common_confirm()}
          tone={req.tone === 'danger' ? 'danger' : 'primary'}
          autoFocus
        />
      }
    >
      <div className="cd-confirm__message">{req.message}</div>
    </Dialog>
  );
}
