/**
 * Opens the live-update stream (GET /api/v0.1/sync/events) of a listening test app over real HTTP,
 * the way the sync worker does (fetch with the `token` header), and collects its events.
 *
 *   const s = await openLive(base, token);
 *   await s.waitFor((e) => e.event === 'version' && e.version > v0);
 */
import { decodeLiveEvent, LIVE_PATH, type LiveEvent } from '../../contract/live.ts';
import type { Envelope } from '../../contract/wire.ts';
import type { SignedIn, TestApp } from './test-app.ts';

export interface LiveTap {
  events: LiveEvent[];
  /** Resolves once the server ends the stream. */
  closed: Promise<void>;
  isClosed(): boolean;
  waitFor(pred: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

export type LiveOpen = { kind: 'stream'; tap: LiveTap } | { kind: 'refused'; status: number; env: Envelope };

export async function tryOpenLive(
  base: string,
  token?: string,
  headers: Record<string, string> = {},
  query = '',
): Promise<LiveOpen> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/v0.1${LIVE_PATH}${query}`, {
    headers: { ...(token !== undefined ? { token } : {}), ...headers },
    signal: ctrl.signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { kind: 'refused', status: res.status, env: (await res.json()) as Envelope };
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const closed = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += value;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const e = decodeLiveEvent(buf.slice(0, i));
          buf = buf.slice(i + 2);
          if (e) events.push(e);
          waiters.forEach((w) => w());
        }
      }
    } catch {
      // aborted by close()
    }
    done = true;
    waiters.forEach((w) => w());
  })();
  const tap: LiveTap = {
    events,
    closed,
    isClosed: () => done,
    waitFor(pred, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended without the event; saw ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event in ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => ctrl.abort(),
  };
  return { kind: 'stream', tap };
}

export async function openLive(base: string, token: string): Promise<LiveTap> {
  const out = await tryOpenLive(base, token);
  if (out.kind !== 'stream') throw new Error(`stream refused: ${JSON.stringify(out.env)}`);
  return out.tap;
}

/** The newest version the stream announced (0 before any). */
export const lastVersion = (tap: LiveTap): number =>
  tap.events.reduce((v, e) => (e.event === 'version' ? Math.max(v, e.version) : v), 0);

/** An admin with a team and a member who joined with its invite code. */
export async function teamOfTwo(app: TestApp, title: string): Promise<{ admin: SignedIn; member: SignedIn }> {
  const admin = await app.signUp({ name: `${title} admin` });
  const team = await app.call('POST', '/team/add', { title }, admin);
  const member = await app.signUp({ name: `${title} member` });
  const joined = await app.call('POST', '/team/user.add', { teamId: team.data.invite_code }, member);
  if (joined.code !== 200) throw new Error(`join failed: ${JSON.stringify(joined)}`);
  return { admin, member };
}
