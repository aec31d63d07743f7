/**
 * Redeem VIP (spec sections 2 and 5): one code input with the "16 letters and digits" hint; an
 * empty code is a code error; POST /common/vip.open {code, phone} and its msg as a notification.
 */
import { useState } from 'react';
import { REDEEM_CODE_LENGTH } from '../../../contract/constants.ts';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
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

  function close() {
    setCode('');
    onClose();
  }

  async function redeem() {
    setBusy(true);
    const ok = await redeemVip(code, phone);
    setBusy(false);
    if (ok) {
      onRedeemed();
      close();
    }
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
          isDisabled={busy}
        />
      }
    >
      <form
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          void redeem();
        }}
      >
        <Input
          aria-label={m.account_vip_code_label()}
          placeholder={m.account_vip_code_placeholder()}
          value={code}
          onChange={(e) => setCode(e.target.value.slice(0, REDEEM_CODE_LENGTH))}
          maxLength={REDEEM_CODE_LENGTH}
          autoFocus
          name="code"
        />
        <p className="account-hint">{m.account_vip_code_hint()}</p>
      </form>
    </Dialog>
  );
}
