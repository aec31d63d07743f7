/**
 * Change password (spec sections 2 and 5): read-only phone, new password, repeat, SMS code with
 * its 120 s send button; checked in that order (equality is the server's business); then
 * PUT /member/change.pw. The server signs out every other session of the account (10009) and
 * keeps this one, so the seller stays at work; the server's msg is shown as a success toast.
 */
import { useState } from 'react';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { m } from '../../paraglide/messages.js';
import { changePassword } from './account-api.ts';
import { checkChangePassword } from './account-rules.ts';
import { problemMessage } from './problem-message.ts';
import { SmsCodeField } from './SmsCodeField.tsx';

export function ChangePasswordDialog({
  isOpen,
  onClose,
  phone,
}: {
  isOpen: boolean;
  onClose: () => void;
  phone: string;
}) {
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setPassword('');
    setRepassword('');
    setCode('');
    onClose();
  }

  async function save() {
    const problem = checkChangePassword({ password, repassword, code });
    if (problem) {
      // Here the password field is the new password, so its own placeholder is the message.
      toast.error(
        problem === 'password_required' ? m.account_new_password_placeholder() : problemMessage(problem),
      );
      return;
    }
    setBusy(true);
    try {
      await changePassword({ password, repassword, phoneCode: code.trim() });
      close();
    } catch {
      // reported by the client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={m.account_password_title()}
      footer={
        <DialogFooter
          onCancel={close}
          onConfirm={save}
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
          void save();
        }}
      >
        <Input aria-label={m.account_phone_label()} value={phone} readOnly name="phone" />
        <Input
          type="password"
          aria-label={m.account_new_password_placeholder()}
          placeholder={m.account_new_password_placeholder()}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          name="password"
        />
        <Input
          type="password"
          aria-label={m.account_repassword_placeholder()}
          placeholder={m.account_repassword_placeholder()}
          value={repassword}
          onChange={(e) => setRepassword(e.target.value)}
          autoComplete="new-password"
          name="repassword"
        />
        <SmsCodeField value={code} onChange={setCode} phone={phone} strictPhone />
      </form>
    </Dialog>
  );
}
