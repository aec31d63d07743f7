/**
 * The HTTP client's force-logout handler (spec section 8): codes 10002–10010 (the client shows the
 * server msg or the login-expired text), then the session is cleared and the page leaves like a logout.
 * Several calls may fail at once; only the first one acts.
 */
import { setForceLogoutHandler } from '../../api/client.ts';
import { leaveSession } from './logout.ts';

let leaving = false;

export function installForceLogout(): void {
  // The client has already shown the msg (or the login-expired text) as a toast.
  setForceLogoutHandler(() => {
    if (leaving) return;
    leaving = true;
    // The token goes at once; the page leaves a moment later so the toast can be read.
    leaveSession(1500);
  });
}
