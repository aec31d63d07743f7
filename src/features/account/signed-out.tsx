/**
 * Why the app signed the user out (a force-logout code), told on the page they land
 * on (a forced sign-out goes to /login and shows why), not only in a toast that the
 * navigation would cut short. Kept in sessionStorage across that navigation, shown until the tab
 * signs in again.
 */
import { useEffect, useState } from 'react';
import { m } from '../../paraglide/messages.js';
import { InlineAlert } from '../../ui/InlineAlert.tsx';

const KEY = 'cd.signed_out_reason';

export function rememberSignOutReason(reason: string): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    /* no storage: the toast is all the user gets */
  }
}

function storedReason(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The reason, on /login and /; it is forgotten once the page has shown it. */
export function SignedOutNotice() {
  const [reason] = useState(storedReason);
  useEffect(() => {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      /* nothing stored */
    }
  }, []);
  if (!reason) return null;
  return <InlineAlert hint={m.account_signed_out_hint()}>{m.account_signed_out({ reason })}</InlineAlert>;
}
