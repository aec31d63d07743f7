/**
 * Sign-up: zh-cn with phone + SMS code + password, en-us with email +
 * password. It is getToken with type=register and the partner code; the answer is a session, so
 * a successful sign-up is also a sign-in.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PHONE_LENGTH } from '../../../contract/constants.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { m } from '../../paraglide/messages.js';
import { checkEnRegister, checkZhRegister, clipPhone } from './account-rules.ts';
import { AuthCard } from './AuthCard.tsx';
import { problemMessage } from './problem-message.ts';
import { SmsCodeField } from './SmsCodeField.tsx';
import { useSignIn } from './useSignIn.ts';

export function RegisterPage() {
  const zh = useLocale() === 'zh-cn';
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { submit, busy, preload } = useSignIn();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = zh ? checkZhRegister({ phone, code, password }) : checkEnRegister({ email, password });
    if (problem) {
      toast.error(problemMessage(problem));
      return;
    }
    await submit(
      zh
        ? { phone: phone.trim(), phoneCode: code.trim(), password, isPassword: 1, register: true }
        : { email: email.trim(), password, isPassword: 1, register: true },
    );
  }

  return (
    <AuthCard title={m.account_register_title()} subtitle={m.account_register_subtitle()}>
      <form className="account-form" onSubmit={(e) => void onSubmit(e)} onFocus={preload} noValidate>
        {zh ? (
          <>
            <Input
              aria-label={m.account_phone_placeholder()}
              placeholder={m.account_phone_placeholder()}
              value={phone}
              onChange={(e) => setPhone(clipPhone(e.target.value))}
              maxLength={PHONE_LENGTH}
              inputMode="tel"
              autoComplete="tel"
              name="phone"
            />
            <SmsCodeField value={code} onChange={setCode} phone={phone} strictPhone />
          </>
        ) : (
          <Input
            type="email"
            aria-label={m.account_email_placeholder()}
            placeholder={m.account_email_placeholder()}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            name="email"
          />
        )}
        <Input
          type="password"
          aria-label={m.account_password_placeholder()}
          placeholder={m.account_password_placeholder()}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          name="password"
        />
        <Button type="submit" variant="primary" className="account-submit" isLoading={busy}>
          {m.account_register_submit()}
        </Button>
        <p className="account-switch">
          {m.account_have_account()} <Link to="/login">{m.account_go_login()}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
