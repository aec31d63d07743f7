/**
 * The remember-account checkbox: only the account identifier (phone or
 * email) is kept in local storage, never the password.
 */
const KEY = 'creatordesk.remember';

export interface Remembered {
  account: string;
}

export function loadRemembered(): Remembered | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Remembered>;
    return typeof v.account === 'string' ? { account: v.account } : null;
  } catch {
    return null;
  }
}

export function saveRemembered(account: string | null): void {
  if (account) localStorage.setItem(KEY, JSON.stringify({ account }));
  else localStorage.removeItem(KEY);
}
