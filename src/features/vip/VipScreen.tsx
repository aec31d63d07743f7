/**
 * /vip: the redeem form inline (the same redeem step as the user menu's VIP dialog); a refused code
 * is said under the field, and focus goes back to it (the pressed button was disabled meanwhile).
 */
import { useEffect, useRef, useState } from 'react';
import { REDEEM_CODE_LENGTH } from '../../../contract/constants.ts';
import { getSession } from '../../api/session.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { redeemVip } from './redeem.ts';

export function VipScreen() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // Each refusal counts, so the same words twice bring focus back again.
  const [error, setError] = useState({ message: '', n: 0 });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error.n) form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [error]);

  async function submit() {
    if (busy) return; // Enter in the field while the call runs
    setBusy(true);
    const out = await redeemVip(code, getSession().phone ?? '');
    setBusy(false);
    if (out.ok) {
      setCode('');
      setError({ message: '', n: 0 });
    } else setError((e) => ({ message: out.message, n: e.n + 1 }));
  }

  return (
    <div className="screen-card">
      <p>{m.app_vip_page_lead()}</p>
      <form
        ref={form}
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          label={m.account_vip_code_label()}
          placeholder={m.account_vip_code_placeholder()}
          description={m.account_vip_code_hint()}
          value={code}
          errorMessage={error.message || undefined}
          onChange={(v) => {
            setCode(v.slice(0, REDEEM_CODE_LENGTH));
            setError((e) => ({ message: '', n: e.n }));
          }}
          maxLength={REDEEM_CODE_LENGTH}
          name="code"
        />
        <Button type="submit" variant="primary" isLoading={busy}>
          {m.vip_redeem()}
        </Button>
      </form>
    </div>
  );
}
