/**
 * Redeem VIP: one code input with the "16 letters and digits" hint; an
 * empty code is a code error; POST /common/vip.open {code, phone} and its msg as a notification.
 * A refused code is said under the field (an alert) and focus goes back to the field: the pressed
 * Confirm was disabled while the call ran, which had left focus on the page, where Escape no
 * longer reached the dialog.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { REDEEM_CODE_LENGTH } from '../../../contract/constants.ts';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Input } from '../../ui/Input.tsx';
import { m } from '../../paraglide/messages.js';
import { redeemVip } from '../vip/redeem.ts';

interface Props {
  isOpen: boolean;
  onClose: () => void;
  phone: string;
  onRedeemed: () => void;
}

export function VipDialog({ isOpen, onClose, phone, onRedeemed }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // Each refusal counts, so the same words twice are announced (and focused) again.
  const [refusal, setRefusal] = useState<{ message: string; n: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    const field = form.current?.querySelector<HTMLInputElement>('input[name="code"]');
    if (!refusal || !field) return;
    field.focus();
    field.select();
  }, [refusal]);

  function close() {
    setCode('');
    setRefusal(null);
    onClose();
  }

  async function redeem() {
    if (busy) return; // Enter in the field while the call runs
    setBusy(true);
    const out = await redeemVip(code, phone);
    setBusy(false);
    if (out.ok) {
      onRedeemed();
      close();
    } else setRefusal((r) => ({ message: out.message, n: (r?.n ?? 0) + 1 }));
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={m.account_vip_title()}
      footer={
        <DialogFooter
          onCancel={close}
          onConfirm={redeem}
          cancelLabel={m.account_cancel()}
          confirmLabel={m.account_confirm()}
          isBusy={busy}
        />
      }
    >
      <form
        ref={form}
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          void redeem();
        }}
      >
        <Input
          aria-label={m.account_vip_code_label()}
          aria-describedby={refusal ? `${errorId} ${hintId}` : hintId}
          isInvalid={refusal !== null}
          placeholder={m.account_vip_code_placeholder()}
          value={code}
          onChange={(e) => setCode(e.target.value.slice(0, REDEEM_CODE_LENGTH))}
          maxLength={REDEEM_CODE_LENGTH}
          autoFocus
          name="code"
        />
        <p className="account-hint" id={hintId}>
          {m.account_vip_code_hint()}
        </p>
        {refusal && (
          <div id={errorId} key={refusal.n}>
            <InlineAlert>{refusal.message}</InlineAlert>
          </div>
        )}
      </form>
    </Dialog>
  );
}
