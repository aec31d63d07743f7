/** /vip: the redeem form inline (the same redeem step as the user menu's VIP dialog). */
import { useState } from 'react';
import { REDEEM_CODE_LENGTH } from '../../../contract/constants.ts';
import { getSession } from '../../api/session.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { redeemVip } from './redeem.ts';

export function VipScreen() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const ok = await redeemVip(code, getSession().phone ?? '');
    setBusy(false);
    if (ok) setCode('');
  }

  return (
    <div className="screen-card">
      <p>{m.app_vip_page_lead()}</p>
      <form
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
          onChange={(v) => setCode(v.slice(0, REDEEM_CODE_LENGTH))}
          maxLength={REDEEM_CODE_LENGTH}
          name="code"
        />
        <Button type="submit" variant="primary" isDisabled={busy}>
          {m.vip_redeem()}
        </Button>
      </form>
    </div>
  );
}
