/** Shows the confirm() requests of confirm-store.ts. Mount <DialogHost/> once (main.tsx does). */
import { useSyncExternalStore } from 'react';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { currentConfirm, settleConfirm, subscribeConfirm } from './confirm-store.ts';
import { Dialog } from './Dialog.tsx';

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
        <>
          <Button onPress={() => done(false)}>{req.cancelLabel ?? m.common_cancel()}</Button>
          <Button variant={req.tone === 'danger' ? 'danger' : 'primary'} onPress={() => done(true)} autoFocus>
            {req.confirmLabel ?? m.common_confirm()}
          </Button>
        </>
      }
    >
      <div className="cd-confirm__message">{req.message}</div>
    </Dialog>
  );
}
