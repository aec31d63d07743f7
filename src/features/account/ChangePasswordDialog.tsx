/**
 * Change password. A phone account proves itself by SMS code: read-only
 * phone, new password, repeat, SMS code with its 120 s send button, checked in that order. An
 * account without a phone (an email account) cannot receive a code, so it gives its current
 * password instead: current, new, repeat (docs/decisions/accounts.md). Every field has a visible
 * label. Equality of the two new passwords is the server's business; then PUT /member/change.pw.
 * The server signs out every other session of the account (10009) and keeps this one, so the
 * seller stays at work; the server's msg is shown as a success toast.
 */
import { useRef, useState } from 'react';
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
  /** The account's phone; '' when it has none (then the current password is the proof). */
  phone: string;
}) {
  const by = phone ? 'sms' : 'current';
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // Where the seller goes on after the server refused: the proof they most likely got wrong.
  const proofRef = useRef<HTMLInputElement>(null);

  function close() {
    setOldPassword('');
    setPassword('');
    setRepassword('');
    setCode('');
    onClose();
  }

  async function save() {
    if (busy) return;
    const problem = checkChangePassword({ oldPassword, password, repassword, code }, by);
    if (problem) {
      // Here the password field is the new password, so its own placeholder is the message.
      toast.error(
        problem === 'password_required' ? m.account_new_password_placeholder() : problemMessage(problem),
      );
      return;
    }
    setBusy(true);
    try {
      await changePassword(
        by === 'sms'
          ? { password, repassword, phoneCode: code.trim() }
          : { password, repassword, oldPassword },
      );
      close();
    } catch {
      // The client showed the server's msg; focus stays in the dialog, on the field to fix.
      proofRef.current?.focus();
      proofRef.current?.select();
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
          isBusy={busy}
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
        {by === 'sms' ? (
          <Input
            label={m.account_phone_label()}
            value={phone}
            readOnly
            name="phone"
            autoComplete="username"
          />
        ) : (
          <Input
            ref={proofRef}
            type="password"
            label={m.account_current_password_label()}
            placeholder={m.account_current_password_placeholder()}
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
            autoComplete="current-password"
            name="oldPassword"
          />
        )}
        <Input
          type="password"
          label={m.account_new_password_label()}
          placeholder={m.account_new_password_placeholder()}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          name="password"
        />
        <Input
          type="password"
          label={m.account_repassword_label()}
          placeholder={m.account_repassword_placeholder()}
          value={repassword}
          onChange={(e) => setRepassword(e.target.value)}
          autoComplete="new-password"
          name="repassword"
        />
        {by === 'sms' && (
          <SmsCodeField
            label={m.account_code_label()}
            inputRef={proofRef}
            value={code}
            onChange={setCode}
            phone={phone}
            strictPhone
          />
        )}
        {/* Enter in a field submits (the footer's Confirm sits outside the form). */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
