/**
 * The force-logout handler: codes 10002–10010 (the client shows the server msg or
 * the login-expired text), then the session is cleared and the page leaves like a logout.
 * Several calls may fail at once; only the first one acts.
 *
 * The sync worker meets the same codes on its own calls (pull, outbox): it pauses, keeping the
 * outbox, and this tab signs out the same way. Without this a screen that reads only local data
 * would sit on "sync paused" with the dead token until some other call of the page failed.
 */
import { CODES } from '../../../contract/codes.ts';
import { setForceLogoutHandler } from '../../api/client.ts';
import { clientErrorMessage } from '../../i18n/error-messages.ts';
import { toast } from '../../ui/toast-queue.ts';
import { adoptNewerSignIn, onSyncState } from '../../workers/sync-client.ts';
import { leaveSession } from './logout.ts';
import { rememberSignOutReason } from './signed-out.tsx';

let leaving = false;
let installed = false;

/**
 * The token goes at once; the page leaves a moment later so the toast can be read, and the page it
 * lands on says why again. A workspace change (10010: removed from the team, team dismissed) lands
 * on /login; the other codes keep the spec's "/ for routes that need a token".
 */
function leave(msg: string | undefined, code: number): void {
  if (leaving) return;
  leaving = true;
  rememberSignOutReason(msg || clientErrorMessage('login_expired'));
  leaveSession(1500, code === CODES.WORKSPACE_CHANGED ? '/login' : undefined);
}

export function installForceLogout(): void {
  if (installed) return;
  installed = true;
  // The client has already shown the msg (or the login-expired text) as a toast.
  setForceLogoutHandler(leave);
  onSyncState((s) => {
    if (s.pausedBy === null || leaving) return;
    // The dead token is an old one: another tab has signed someone in since (the cookies are
    // shared), so this tab follows that sign-in instead of clearing it.
    if (adoptNewerSignIn()) return;
    toast.error(s.lastError || clientErrorMessage('login_expired'));
    leave(s.lastError ?? undefined, s.pausedBy);
  });
}
