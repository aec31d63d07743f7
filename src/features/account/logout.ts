/**
 * Leaving a session, by choice or by force. Either way the session cookies and
 * the local session data go; then routes that need a token go to / (or `to`) and other routes
 * reload, so no screen keeps showing a signed-out user's data.
 */
import { clearSession } from '../../api/session.ts';
import { forgetBootRows } from '../../app/boot-rows.ts';
import { requiresAuth } from '../../app/route-table.ts';
import { stopSync } from '../../workers/sync-client.ts';
import { forgetTier } from '../vip/tier.ts';

export function leaveSession(delayMs = 0, to?: string): void {
  // The sync worker stops sending with this token; the outbox stays for this user's next sign-in.
  void stopSync().catch(() => undefined);
  clearSession();
  forgetTier();
  // The worker would not paint it for another session anyway; it holds creators' data.
  void forgetBootRows().catch(() => undefined);
  const go = () => {
    if (to) location.assign(to);
    else if (requiresAuth(location.pathname)) location.assign('/');
    else location.reload();
  };
  if (delayMs > 0) window.setTimeout(go, delayMs);
  else go();
}
