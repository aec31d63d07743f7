/** Shows the confirm() requests of confirm-store.ts. Mount <DialogHost/> once (main.tsx does). */
import { useSyncExternalStore } from 'react';
import { m } from '../paraglide/messages.js';
import { currentConfirm, settleConfirm, subscribeConfirm } from './confirm-store.ts';
import { Dialog, DialogFooter } from './Dialog.tsx';

export { confirm, type ConfirmOptions } from './confirm-store.ts';

export function DialogHost() {
  const req = useSyncExternalStore(subscribeConfirm, currentConfirm, currentConfirm);
  if (!req) return null;
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
