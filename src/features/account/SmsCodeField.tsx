/**
 * An SMS code input (max 6) with its send button. The button checks the phone (strict: exactly
 * 11 characters, for register and password change), sends POST /common/sms, and only after a
 * successful send counts down 120 s.
 */
import { useId, useState, type Ref } from 'react';
import { SMS_CODE_LENGTH } from '../../../contract/constants.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { m } from '../../paraglide/messages.js';
import { checkSmsPhone, clipCode } from './account-rules.ts';
import { problemMessage } from './problem-message.ts';
import { useCountdown } from './useCountdown.ts';
import { loadAccountApi } from './useSignIn.ts';

interface Props {
  value: string;
  onChange: (v: string) => void;
  phone: string;
  strictPhone: boolean;
  /** A visible label above the input and its button (the forms of the dialogs). */
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function SmsCodeField({ value, onChange, phone, strictPhone, label, inputRef }: Props) {
  const { left, running, start } = useCountdown();
  const id = useId();
  const [sending, setSending] = useState(false);

  async function send() {
    const problem = checkSmsPhone(phone, strictPhone);
    if (problem) {
      toast.error(problemMessage(problem));
      return;
    }
    setSending(true);
    try {
      const { sendSms } = await loadAccountApi();
      await sendSms(phone.trim());
      start();
    } catch {
      // the client showed the reason (rate limit, network…); the button stays enabled
    } finally {
      setSending(false);
    }
  }

  const row = (
    <div className="account-sms-row">
      <Input
        id={id}
        ref={inputRef}
        aria-label={label ? undefined : m.account_code_placeholder()}
        placeholder={m.account_code_placeholder()}
        value={value}
        onChange={(e) => onChange(clipCode(e.target.value))}
        maxLength={SMS_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        name="phoneCode"
      />
      <Button
        className="account-sms-button"
        onPress={() => void send()}
        isDisabled={running || sending}
        data-testid="sms-send"
      >
        {running ? m.account_sms_countdown({ seconds: String(left) }) : m.account_sms_send()}
      </Button>
    </div>
  );
  if (!label) return row;
  return (
    <div className="cd-field">
      <label className="cd-field__label" htmlFor={id}>
        {label}
      </label>
      {row}
    </div>
  );
}
