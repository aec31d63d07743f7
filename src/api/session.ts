/**
 * This file owns the login session. The token is kept
 * in the cookies TiktokToken and tkToken, the other fields in tkSession; all expire at
 * token_expiration_time, so an expired session simply disappears. Works without a DOM (workers,
 * Node tests) through a swappable cookie jar.
 */
import { TOKEN_COOKIES } from '../../contract/constants.ts';

export interface LoginSession {
  token: string;
  /** Unix seconds. */
  token_expiration_time: number;
  member_name: string;
  phone?: string | null;
  /** Unix seconds. */
  login_time: number;
}

/** What the UI reads: every field may be missing when signed out. */
export type StoredSession = Partial<LoginSession>;

export const SESSION_COOKIE = 'tkSession';

/** The `document.cookie` contract: reading lists name=value pairs, writing sets one cookie. */
export interface CookieJar {
  cookie: string;
}

let jar: CookieJar | null = typeof document !== 'undefined' ? document : null;
const listeners = new Set<() => void>();

/** Tests and non-DOM contexts swap the jar. */
export function setCookieJar(next: CookieJar | null): void {
  jar = next;
}

function readCookie(name: string): string | undefined {
  if (!jar) return undefined;
  for (const part of jar.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

function writeCookie(name: string, value: string, expiresAtSeconds: number): void {
  if (!jar) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const expires = new Date(expiresAtSeconds * 1000).toUTCString();
  jar.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

function notify(): void {
  for (const fn of listeners) fn();
}

/** The token for the `token` header, or undefined when signed out or expired. */
export function getToken(): string | undefined {
  for (const name of TOKEN_COOKIES) {
    const v = readCookie(name);
    if (v) return v;
  }
  return undefined;
}

export function getSession(): StoredSession {
  const token = getToken();
  if (!token) return {};
  let rest: Partial<LoginSession> = {};
  try {
    rest = JSON.parse(readCookie(SESSION_COOKIE) ?? '{}') as Partial<LoginSession>;
  } catch {
    // a damaged cookie only loses the display fields, never the token
  }
  return { ...rest, token };
}

/** Stores a fresh login (the getToken answer). */
export function setSession(s: LoginSession): void {
  const exp = s.token_expiration_time;
  for (const name of TOKEN_COOKIES) writeCookie(name, s.token, exp);
  const { token: _token, ...rest } = s;
  writeCookie(SESSION_COOKIE, JSON.stringify(rest), exp);
  notify();
}
export const saveSession = setSession;

/** Signs out locally: every session cookie expires now. */
export function clearSession(): void {
  for (const name of [...TOKEN_COOKIES, SESSION_COOKIE]) writeCookie(name, '', 0);
  notify();
}

export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
