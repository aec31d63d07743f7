/**
 * Signing in (and signing up, which answers a session too): calls getToken, and when the server
 * says the account is live elsewhere (10020) asks to sign in anyway and repeats with force=1.
 * On success the session goes to the cookies (expiry from token_expiration_time) and the user
 * lands on /home. Other codes show the server msg as an error toast.
 *
 * The API client (with its form encoder) is not part of the sign-in pages' first download: it
 * loads when the form first takes focus (`preload`), and at the latest on submit.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CODES } from '../../../contract/codes.ts';
import { saveSession } from '../../api/session.ts';
import { confirm } from '../../ui/confirm.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { m } from '../../paraglide/messages.js';
import type { Credentials } from './account-api.ts';

/** The account calls, loaded on demand (see above); one load shared by every caller. */
export const loadAccountApi = () => import('./account-api.ts');

export function useSignIn() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function attempt(c: Credentials, force: boolean): Promise<boolean> {
    const { getToken } = await loadAccountApi();
    const res = await getToken(c, force);
    if (res.code === CODES.SIGNED_IN_ELSEWHERE && !force) {
      const ok = await confirm({
        title: m.account_force_title(),
        message: res.msg || m.account_force_message(),
        confirmLabel: m.account_force_confirm(),
      });
      return ok ? attempt(c, true) : false;
    }
    if (res.code !== CODES.OK || !res.data?.token) {
      toast.error(res.msg || m.account_login_failed());
      return false;
    }
    saveSession(res.data);
    // The greeting follows the move to /home (toasts otherwise close with their page).
    if (res.msg) toast.success(res.msg, { page: '*' });
    navigate('/home', { replace: true });
    return true;
  }

  async function submit(c: Credentials): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      return await attempt(c, false);
    } catch {
      // The client already showed the network/timeout message of the error catalogue.
      return false;
    } finally {
      setBusy(false);
    }
  }

  const preload = () => void loadAccountApi().catch(() => undefined);
  return { submit, busy, preload };
}
