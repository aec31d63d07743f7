/**
 * Parallel bursts against one in-process app: every call of a burst is started before any answers,
 * each from the client address it names, and the answers are tallied by HTTP status and code.
 */
import { encodeForm } from '../../contract/wire.ts';
import type { TestApp } from './test-app.ts';

export interface Answer {
  status: number;
  code: number;
  msg: string;
}

export interface BurstCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: Record<string, unknown>;
  token?: string;
  /** The client's address (X-Forwarded-For; tests trust the proxy). */
  addr: string;
}

/** One call with its HTTP status (some limits answer 429, the rest 200 with a code). */
export async function callFrom(app: TestApp, c: BurstCall): Promise<Answer> {
  const url = `/api/v0.1${c.path}`;
  const form = encodeForm({ ...c.body, language: 'en-us' });
  const headers: Record<string, string> = {
    'x-forwarded-for': c.addr,
    ...(c.token ? { token: c.token } : {}),
  };
  const res =
    c.method === 'GET'
      ? await app.app.inject({ method: 'GET', url: `${url}?${form}`, headers })
      : await app.app.inject({
          method: c.method,
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) };
}

/** Starts every call at once and answers them in order. */
export const burst = (app: TestApp, calls: BurstCall[]): Promise<Answer[]> =>
  Promise.all(calls.map((c) => callFrom(app, c)));

/** How often each (HTTP status, code) pair came back, e.g. {'200/40004': 30, '200/40029': 10}. */
export function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.status}/${a.code}`] = (out[`${a.status}/${a.code}`] ?? 0) + 1;
  return out;
}

/** `n` events of `key` a minute ago: a limit already partly used. */
export async function used(app: TestApp, key: string, n: number): Promise<void> {
  const created_at = Math.floor(Date.now() / 1000) - 60;
  await app.database.db
    .insertInto('rate_events')
    .values(Array.from({ length: n }, () => ({ key, created_at })))
    .execute();
}
