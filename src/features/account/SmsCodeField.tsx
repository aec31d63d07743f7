/**
 * An SMS code input (max 6) with its send button. The button checks the phone (strict: exactly
 * 11 characters, for register and password change), sends POST /common/sms, and only after a
 * successful send counts down 120 s.
 */
import { useState } from 'react';
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
}

export function SmsCodeField({ value, onChange, phone, strictPhone }: Props) {
  const { left, running, start } = useCountdown();
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

  return (
    <div className="account-sms-row">
      <Input
        aria-label={m.account_code_placeholder()}
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
}
