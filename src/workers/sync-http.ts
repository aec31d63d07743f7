/**
 * One HTTP call as the spec's client makes it (form body with `language`, the `token` header,
 * an Idempotency-Key on mutations), classified for the outbox: ok, rejected (4xxxx: the server
 * said no), logout (a force-logout code), or transient (offline, timeout, HTTP 5xx, 50000, 40029:
 * worth retrying later). Workers have no cookies; the token comes from start().
 */
import { CODES, isForceLogout } from '../../contract/codes.ts';
import type { Envelope } from '../../contract/wire.ts';
import { encodeBody } from '../api/form.ts';

export type Outcome =
  | { kind: 'ok'; env: Envelope }
  | { kind: 'rejected'; code: number; msg: string }
  | { kind: 'logout'; code: number; msg: string }
  | { kind: 'transient'; code: number; msg: string };

export interface HttpDeps {
  fetch: typeof fetch;
  /** Origin + /api/v0.1 */
  apiBase: string;
  token: string;
  language: string;
  timeoutMs: number;
}

export async function callApi(
  deps: HttpDeps,
  method: string,
  path: string,
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Outcome> {
  let form: string;
  try {
    form = await encodeBody({ ...body, language: deps.language });
  } catch (err) {
    // The list encoder is a chunk of its own (api/form.ts): fetching it failed, so try later.
    return { kind: 'transient', code: 0, msg: `network: ${(err as Error).message}` };
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), deps.timeoutMs);
  const headers: Record<string, string> = { token: deps.token };
  let url = `${deps.apiBase}${path}`;
  let payload: string | undefined;
  if (method === 'GET') url += `?${form}`;
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = form;
  }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let res: Response;
  try {
    res = await deps.fetch(url, { method, headers, body: payload, signal: ctrl.signal });
  } catch (err) {
    clearTimeout(timer);
    const timedOut = ctrl.signal.aborted;
    return { kind: 'transient', code: 0, msg: timedOut ? 'timeout' : `network: ${(err as Error).message}` };
  }
  let env: Envelope;
  try {
    // The timeout covers the body too: a response that stalls mid-body would otherwise hold the
    // sync round (and every later one) forever.
    env = (await res.json()) as Envelope;
  } catch {
    return {
      kind: 'transient',
      code: res.status,
      msg: ctrl.signal.aborted ? 'timeout' : `HTTP ${res.status}`,
    };
  } finally {
    clearTimeout(timer);
  }
  const code = typeof env.code === 'number' ? env.code : CODES.OK;
  if (code === CODES.OK) return { kind: 'ok', env };
  if (isForceLogout(code)) return { kind: 'logout', code, msg: env.msg };
  if (res.status >= 500 || code >= 50000 || code === CODES.TOO_MANY_REQUESTS)
    return { kind: 'transient', code, msg: env.msg };
  return { kind: 'rejected', code, msg: env.msg };
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 60 s. */
export const backoffMs = (attempt: number, random = Math.random): number =>
  Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1)) * (0.75 + random() * 0.5);
