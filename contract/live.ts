/**
 * The live-update stream: `GET /api/v0.1/sync/events` with the `token` header answers
 * Server-Sent Events that carry nothing but versions; rows still come through /sync/pull, so
 * workspace scoping stays in one place. A refused token answers the usual JSON envelope instead.
 *
 *   event: version   data: {"version":123}   the workspace's head (sent first, then after every
 *                                             committed change); pull when it is past the cursor
 *   event: ping      data: {}                every LIVE_HEARTBEAT_MS, so proxies keep it open and
 *                                             the client can tell a dead stream from a quiet one
 *   event: end       data: {"code":10003}    the server closes: a force-logout code ends the
 *                                             session (sign-out, revocation, 10010); 200 = reconnect
 */
export const LIVE_PATH = '/sync/events';
export const LIVE_HEARTBEAT_MS = 20_000;
/** A stream silent this long (no event, no ping) is treated as dead and reopened. */
export const LIVE_SILENCE_MS = LIVE_HEARTBEAT_MS * 2 + 5_000;
/** Open streams one session may hold on one server process; a newer one closes the oldest. */
export const LIVE_STREAMS_PER_SESSION = 3;

/** A whole number from a parsed frame (checked by hand: the sync worker that reads it loads no zod). */
const field = (data: unknown, key: string): number | undefined => {
  const v = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
};

export type LiveEvent =
  { event: 'version'; version: number } | { event: 'ping' } | { event: 'end'; code: number };

/** One SSE frame as the server writes it. */
export function encodeLiveEvent(e: LiveEvent): string {
  const { event, ...data } = e;
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Parses one SSE frame (lines up to a blank line); undefined for comments and unknown events. */
export function decodeLiveEvent(frame: string): LiveEvent | undefined {
  let event = '';
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  let parsed: unknown;
  try {
    parsed = data ? JSON.parse(data) : {};
  } catch {
    return undefined;
  }
  if (event === 'ping') return { event };
  if (event === 'version') {
    const version = field(parsed, 'version');
    return version !== undefined && version >= 0 ? { event, version } : undefined;
  }
  if (event === 'end') {
    const code = field(parsed, 'code');
    return code !== undefined ? { event, code } : undefined;
  }
  return undefined;
}
