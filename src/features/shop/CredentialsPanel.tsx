/**
 * The Partner Center app of the workspace: what is saved (the App Key's last four characters, the
 * service ID, when; the secret only as "saved"), and for the admin the form to save or replace it
 * and a confirmed remove. A refusal keeps the typed values, so nothing the admin entered is lost.
 */
import { useState, type FormEvent } from 'react';
import { SHOP_APP_KEY_MAX, SHOP_APP_SECRET_MAX, SHOP_SERVICE_ID_MAX } from '../../../contract/limits.ts';
import type { ShopStatus } from '../../../contract/schemas/shop.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useConfirmedAction, useInFlight } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { Refusal, type Refused } from './Refusal.tsx';
import { removeCredentials, saveCredentials, type StatusEnvelope } from './shop-api.ts';

/** The three values Partner Center shows for an app; the secret is typed like a password and never shown back. */
const FIELDS = [
  { name: 'app_key', label: m.shop_app_key, max: SHOP_APP_KEY_MAX, autoComplete: 'off', type: 'text' },
  {
    name: 'app_secret',
    label: m.shop_app_secret,
    max: SHOP_APP_SECRET_MAX,
    autoComplete: 'new-password',
    type: 'password',
  },
  {
    name: 'service_id',
    label: m.shop_service_id,
    max: SHOP_SERVICE_ID_MAX,
    autoComplete: 'off',
    type: 'text',
  },
] as const;

interface Props {
  status: ShopStatus;
  onStatus: (s: ShopStatus) => void;
}

export function CredentialsPanel({ status, onStatus }: Props) {
  const { credentials: cred, can_manage: admin } = status;
  const saved = cred.source === 'workspace';
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [form, setForm] = useState({ app_key: '', app_secret: '', service_id: '' });
  const showForm = admin === 1 && (editing || !saved);

  const settle = (env: StatusEnvelope | null): boolean => {
    if (!env) return false;
    if (env.code !== 200) {
      setRefused({ code: env.code, msg: env.msg });
      return false;
    }
    setRefused(null);
    onStatus(env.data);
    if (env.msg) toast.success(env.msg);
    return true;
  };

  const save = useInFlight(async () => {
    const env = await saveCredentials(form).catch(() => null); // transport failures: the client's toast
    if (settle(env)) {
      setForm({ app_key: '', app_secret: '', service_id: '' });
      setEditing(false);
    }
  });
  const remove = useConfirmedAction(
    () => ({ message: m.shop_remove_confirm(), tone: 'danger' }),
    async () => {
      settle(await removeCredentials().catch(() => null));
    },
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.run();
  };
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <section className="screen-panel shop-panel" aria-labelledby="shop-app-title">
      <h2 id="shop-app-title" className="shop-heading">
        {m.shop_app_heading()}
      </h2>
      <p className="shop-muted">{m.shop_app_hint()}</p>
      {saved ? (
        <dl className="shop-facts" data-testid="shop-credentials">
          <dt>{m.shop_app_key()}</dt>
          <dd>{cred.app_key_hint ? m.shop_app_key_hint({ hint: cred.app_key_hint }) : '•••'}</dd>
          <dt>{m.shop_app_secret()}</dt>
          <dd>{m.shop_secret_saved()}</dd>
          <dt>{m.shop_service_id()}</dt>
          <dd>{cred.service_id}</dd>
          <dt>{m.shop_saved_at()}</dt>
          <dd>{formatDateTime(cred.update_time)}</dd>
        </dl>
      ) : (
        <p className="shop-muted">
          {cred.source === 'settings' ? m.shop_app_source_settings() : m.shop_app_none()}
        </p>
      )}
      <Refusal refused={refused} />
      {showForm && (
        <form className="shop-form" onSubmit={onSubmit} aria-labelledby="shop-app-title">
          {FIELDS.map((f) => (
            <Field
              key={f.name}
              label={f.label()}
              name={f.name}
              type={f.type}
              value={form[f.name]}
              onChange={set(f.name)}
              maxLength={f.max}
              autoComplete={f.autoComplete}
              isRequired
              validationBehavior="aria"
            />
          ))}
          <div className="shop-actions">
            <Button type="submit" variant="primary" isLoading={save.busy}>
              {m.shop_save()}
            </Button>
            {saved && (
              <Button
                onPress={() => {
                  setEditing(false);
                  setRefused(null);
                }}
              >
                {m.shop_cancel()}
              </Button>
            )}
          </div>
        </form>
      )}
      {admin === 1 && saved && !editing && (
        <div className="shop-actions">
          <Button onPress={() => setEditing(true)}>{m.shop_replace()}</Button>
          <Button variant="danger" isLoading={remove.busy} onPress={() => remove.run()}>
            {m.shop_remove()}
          </Button>
        </div>
      )}
    </section>
  );
}
