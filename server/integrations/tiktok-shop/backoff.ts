/**
 * Waiting after a failure: exponential backoff with jitter, and Retry-After in seconds or as an
 * HTTP date. The guide's reading of the rate-limit page (unconfirmed as official numbers): base
 * 1 s, doubling, 0-500 ms jitter, 60 s cap, 5 tries.
 */

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  jitterMs: number;
  /** A Retry-After longer than this is not waited out in the call; the caller reschedules instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseMs: 1000,
  capMs: 60_000,
  jitterMs: 500,
  maxRetryAfterMs: 60_000,
};

/** The wait before try `attempt + 1` after `attempt` (1-based) failed: base·2^(attempt-1), capped, plus jitter. */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(exp + random() * policy.jitterMs);
}

/**
 * Retry-After as milliseconds from `nowMs`: delta seconds (`120`, `1.5`) or an HTTP date; a date in
 * the past is 0. Anything else (garbage, negative, absurdly far) is undefined: fall back to backoff.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) {
    const ms = Math.round(Number(v) * 1000);
    return ms <= 7 * 24 * 3600 * 1000 ? ms : undefined;
  }
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  const ms = at - nowMs;
  return ms > 7 * 24 * 3600 * 1000 ? undefined : Math.max(0, ms);
}

/** The wait for a throttled answer: Retry-After when given (plus jitter, so waiters spread), else backoff. */
export function throttleDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  if (retryAfterMs === undefined) return backoffDelay(attempt, policy, random);
  return Math.floor(retryAfterMs + random() * policy.jitterMs);
}

/**
 * Seconds until a data kind runs again after `failures` failed runs in a row: 1 min doubling to 6 h,
 * plus up to 10% jitter so shops that failed together do not retry together; never sooner than a
 * Retry-After the API gave.
 */
export function runRetrySeconds(
  failures: number,
  retryAfterMs = 0,
  random: () => number = Math.random,
): number {
  const base = Math.min(6 * 3600, 60 * 2 ** Math.max(0, failures - 1));
  return Math.max(Math.ceil(retryAfterMs / 1000), Math.floor(base * (1 + random() * 0.1)));
}
