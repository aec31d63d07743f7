/**
 * CreatorDesk calls from the service worker. Every call's method, path and shapes come from the
 * contract's endpoint table (contract/api.ts); answers are the `{code, msg, data}` envelope.
 */
import type { z } from 'zod';
import { API, fullPath, type EndpointName } from '../../../contract/api.ts';
import { CODES, isForceLogout } from '../../../contract/codes.ts';

export interface Connection {
  server: string;
  token: string;
}

export type CallResult<T> =
  | { kind: 'ok'; data: T }
  /** The token is no good (revoked, expired, or not allowed this call): pair again. */
  | { kind: 'auth'; code: number; msg: string }
  /** The server answered and refused (40001 bad data, 40009, …): retrying the same call won't help. */
  | { kind: 'refused'; code: number; msg: string }
  /** No answer, a 5xx or 40029: worth retrying later with the same Idempotency-Key. */
  | { kind: 'network'; msg: string };

type Req<N extends EndpointName> = z.input<(typeof API)[N]['request']>;
type Res<N extends EndpointName> = z.output<(typeof API)[N]['response']>;

/** Codes that mean the token is unusable (the brief: 10002/3/4/7/9/10, 40003; and a disabled account). */
export function isAuthFailure(code: number): boolean {
  return isForceLogout(code) || code === CODES.FORBIDDEN;
}

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** The server's base URL as typed: scheme and host (and port), no path or trailing slash. */
export function normalizeServer(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  try {
    const u = new URL(/^https?:\/\//i.test(raw) ? raw : `http://${raw}`);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export async function call<N extends EndpointName>(
  fetchFn: FetchFn,
  conn: { server: string; token?: string },
  name: N,
  body: Req<N>,
  opts: { idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<CallResult<Res<N>>> {
  const e = API[name];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (conn.token) headers.token = conn.token;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  let res: Response;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? 20_000);
  try {
    res = await fetchFn(`${conn.server}${fullPath(e)}?language=en-us`, {
      method: e.method,
      headers,
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
  } catch (err) {
    return { kind: 'network', msg: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
  let env: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    env = (await res.json()) as typeof env;
  } catch {
    return { kind: 'network', msg: `HTTP ${res.status}` };
  }
  const code = typeof env.code === 'number' ? env.code : -1;
  const msg = typeof env.msg === 'string' ? env.msg : '';
  if (code === CODES.OK) {
    const parsed = e.response.safeParse(env.data);
    if (!parsed.success) return { kind: 'refused', code: -1, msg: 'unexpected answer' };
    return { kind: 'ok', data: parsed.data as Res<N> };
  }
  if (isAuthFailure(code)) return { kind: 'auth', code, msg };
  if (code === CODES.TOO_MANY_REQUESTS || code >= CODES.INTERNAL || res.status >= 500)
    return { kind: 'network', msg: msg || `HTTP ${res.status}` };
  return { kind: 'refused', code, msg };
}
