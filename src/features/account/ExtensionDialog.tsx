/**
 * "Connect the browser extension", from the account menu: makes a one-time pairing code
 * (shown with its time left; the extension trades it for its own token) and lists the member's
 * connected extensions, each with "Disconnect". Pairing is between this server and the extension,
 * so it needs a connection; offline it says so instead of failing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EXT_CODE_TTL_SECONDS, EXT_SESSIONS_MAX } from '../../../contract/limits.ts';
import { API } from '../../../contract/routes.ts';
import type { ExtensionSessionRow } from '../../../contract/schemas/extension.ts';
import { request } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { useCountdown } from './useCountdown.ts';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export function ExtensionDialog({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown(EXT_CODE_TTL_SECONDS);
  const [sessions, setSessions] = useState<ExtensionSessionRow[] | null>(null);
  const [offline, setOffline] = useState(!navigator.onLine);

  const load = useCallback(() => {
    request(API.extSessions, {}, { silent: true })
      .then((rows) => {
        setSessions(rows);
        setOffline(false);
      })
      .catch(() => setOffline(!navigator.onLine));
  }, []);
  useEffect(load, [load]);

  async function makeCode() {
    if (!navigator.onLine) return setOffline(true);
    setBusy(true);
    try {
      const res = await request(API.extPairCode, {});
      setCode(res.code);
      countdown.start();
    } catch {
      // the client said why (a toast); the old code, if any, stays shown with its own time
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success(m.ext_copied());
    } catch {
      // no clipboard (permission, insecure context): the code is on screen to type
    }
  }

  async function disconnect(s: ExtensionSessionRow) {
    const ok = await confirm({
      title: m.ext_disconnect(),
      message: m.ext_disconnect_confirm({ name: s.name }),
      confirmLabel: m.ext_disconnect(),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await request(API.extSessionDel, { id: s.id }, { toastSuccess: true });
    } catch {
      // told by the client; the list below is read again either way
    }
    load();
  }

  const live = code !== null && countdown.running;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      isDismissable
      title={m.ext_title()}
      footer={<Button onPress={onClose}>{m.common_close()}</Button>}
    >
      <div className="ext-dialog">
        <p>{m.ext_intro()}</p>
        <ol className="ext-steps">
          <li>
            {m.ext_step_install()}{' '}
            <Link to="/extension" target="_blank" rel="noopener">
              {m.ext_guide_link()}
            </Link>
          </li>
          <li>
            {m.ext_step_server()} <code className="ext-url">{location.origin}</code>
          </li>
          <li>{m.ext_step_code({ minutes: EXT_CODE_TTL_SECONDS / 60 })}</li>
        </ol>
        {offline && (
          <p className="ext-note" role="status">
            {m.ext_offline()}
          </p>
        )}
        <div className="ext-code-row">
          {code && (
            <div className="ext-code" aria-live="polite">
              <span className="ext-code-label">{m.ext_code_label()}</span>
              <strong
                className={live ? 'ext-code-value' : 'ext-code-value is-expired'}
                data-testid="ext-code"
              >
                {code}
              </strong>
              <span className="ext-code-left">
                {live ? m.ext_code_left({ time: clock(countdown.left) }) : m.ext_code_expired()}
              </span>
            </div>
          )}
          <Button variant={code ? 'default' : 'primary'} onPress={makeCode} isLoading={busy}>
            {code ? m.ext_new_code() : m.ext_make_code()}
          </Button>
          {live && <Button onPress={copy}>{m.ext_copy()}</Button>}
        </div>
        <h3 className="ext-subtitle">{m.ext_connected_title()}</h3>
        <p className="ext-note">{m.ext_limit_note({ max: EXT_SESSIONS_MAX })}</p>
        {sessions === null ? (
          <p className="ext-note">{offline ? m.ext_offline() : m.ext_loading()}</p>
        ) : sessions.length === 0 ? (
          <p className="ext-note">{m.ext_none()}</p>
        ) : (
          <ul className="ext-sessions" data-testid="ext-sessions">
            {sessions.map((s) => (
              <li key={s.id} className="ext-session">
                <div>
                  <strong>{s.name}</strong>
                  <div className="ext-note">
                    {m.ext_session_meta({
                      date: formatDateTime(s.created_at),
                      used: s.last_used_at ? formatDateTime(s.last_used_at) : m.ext_never_used(),
                    })}
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="text"
                  className="ext-disconnect"
                  aria-label={m.ext_disconnect_name({ name: s.name })}
                  onPress={() => void disconnect(s)}
                >
                  {m.ext_disconnect()}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
