/**
 * Sign-in. zh-cn: phone (11) with a password / SMS-code switch;
 * en-us: one email-or-phone field (exactly 11 digits = phone, else an email) with the password
 * mode forced. Both offer remember-account; every problem is a toast with the field's placeholder.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PHONE_LENGTH } from '../../../contract/constants.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { m } from '../../paraglide/messages.js';
import { checkEnLogin, checkZhLogin, classifyAccount, clipPhone, type LoginMode } from './account-rules.ts';
import { AuthCard } from './AuthCard.tsx';
import type { Credentials } from './account-api.ts';
import { problemMessage } from './problem-message.ts';
import { loadRemembered, saveRemembered } from './remember.ts';
import { SmsCodeField } from './SmsCodeField.tsx';
import { useSignIn } from './useSignIn.ts';

export function LoginPage() {
  const zh = useLocale() === 'zh-cn';
  const [account, setAccount] = useState(() => loadRemembered()?.account ?? '');
  const [remember, setRemember] = useState(() => loadRemembered() !== null);
  const [mode, setMode] = useState<LoginMode>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { submit, busy, preload } = useSignIn();
  // en-us forces password mode.
  const effectiveMode: LoginMode = zh ? mode : 'password';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = zh
      ? checkZhLogin({ phone: account, password, code, mode: effectiveMode })
      : checkEnLogin({ account, password });
    if (problem) {
      toast.error(problemMessage(problem));
      return;
    }
    const id = account.trim();
    const c: Credentials =
      effectiveMode === 'code'
        ? { phone: id, isPassword: 2, phoneCode: code.trim() }
        : {
            ...(zh || classifyAccount(id) === 'phone' ? { phone: id } : { email: id }),
            isPassword: 1,
            password,
          };
    if (await submit(c)) saveRemembered(remember ? id : null);
  }

  return (
    <AuthCard title={m.account_login_title()} subtitle={m.account_login_subtitle()}>
      <form className="account-form" onSubmit={(e) => void onSubmit(e)} onFocus={preload} noValidate>
        {zh && (
          <div className="account-mode" role="tablist" aria-label={m.account_mode_label()}>
            {(['password', 'code'] as const).map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                aria-selected={mode === x}
                className={mode === x ? 'account-mode-tab is-active' : 'account-mode-tab'}
                onClick={() => setMode(x)}
              >
                {x === 'password' ? m.account_mode_password() : m.account_mode_code()}
              </button>
            ))}
          </div>
        )}
        <Input
          aria-label={zh ? m.account_phone_placeholder() : m.account_account_placeholder()}
          placeholder={zh ? m.account_phone_placeholder() : m.account_account_placeholder()}
          value={account}
          onChange={(e) => setAccount(zh ? clipPhone(e.target.value) : e.target.value)}
          maxLength={zh ? PHONE_LENGTH : undefined}
          autoComplete="username"
          inputMode={zh ? 'tel' : 'email'}
          name="account"
        />
        {effectiveMode === 'password' ? (
          <Input
            type="password"
            aria-label={m.account_password_placeholder()}
            placeholder={m.account_password_placeholder()}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            name="password"
          />
        ) : (
          <SmsCodeField value={code} onChange={setCode} phone={account} strictPhone={false} />
        )}
        <label className="account-remember">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{m.account_remember()}</span>
        </label>
        <Button type="submit" variant="primary" className="account-submit" isLoading={busy}>
          {m.account_login_submit()}
        </Button>
        <p className="account-switch">
          {m.account_no_account()} <Link to="/register">{m.account_go_register()}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
