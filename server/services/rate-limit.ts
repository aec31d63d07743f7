/**
 * Sliding-window rate limits counted in the database (rate_events), so every server process that
 * shares the database sees the same counts. A limit is "at most `max` events of `key` in the last
 * `windowSeconds`". Callers never check and record apart: they reserve the attempt
 * (rate-reservation.ts), which checks and counts it in one locked step, so parallel requests
 * cannot all pass the check.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Events older than this are pruned when their key is hit again; it exceeds every window below. */
const KEEP_SECONDS = 2 * 24 * 3600;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
export const LIMITS = {
  /**
   * Failed sign-ins per address, over every account: a guesser on one address is stopped; the
   * owner elsewhere is not (the per-account part is a backoff keyed on account + address).
   */
  loginFailIp: (ip: string): Limit => ({ key: `login_fail:ip:${ip}`, max: 50, windowSeconds: 15 * MINUTE }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 20, windowSeconds: HOUR }),
  smsIp: (ip: string): Limit => ({ key: `sms:ip:${ip}`, max: 30, windowSeconds: HOUR }),
  /** Wrong guesses of one SMS code (by its id); the code dies after this many. */
  smsFail: (codeId: number): Limit => ({ key: `sms_fail:${codeId}`, max: 5, windowSeconds: KEEP_SECONDS }),
  /** Invite links that led nowhere (wrong, old or numeric codes), per user and per address. */
  inviteFailUser: (userId: number): Limit => ({
    key: `invite_fail:user:${userId}`,
    max: 30,
    windowSeconds: HOUR,
  }),
  inviteFailIp: (ip: string): Limit => ({ key: `invite_fail:ip:${ip}`, max: 100, windowSeconds: HOUR }),
  /** Redeem codes that were unknown or used, per user and per address. */
  vipFailUser: (userId: number): Limit => ({ key: `vip_fail:user:${userId}`, max: 10, windowSeconds: HOUR }),
  vipFailIp: (ip: string): Limit => ({ key: `vip_fail:ip:${ip}`, max: 30, windowSeconds: HOUR }),
  /** Pairing codes a member asks for: each voids the last, so a few an hour is plenty. */
  extPairCodeUser: (userId: number): Limit => ({
    key: `ext_code:user:${userId}`,
    max: 20,
    windowSeconds: HOUR,
  }),
  /** Wrong pairing codes per address: 2^50 codes, so 30 guesses an hour find none. */
  extPairFailIp: (ip: string): Limit => ({ key: `ext_pair_fail:ip:${ip}`, max: 30, windowSeconds: HOUR }),
};

/**
 * A growing wait after repeated failures: the first `free` failures in the window cost nothing,
 * then each one doubles the wait from `baseSeconds`, up to `maxSeconds` after the latest failure.
 */
export interface Backoff {
  key: string;
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  windowSeconds: number;
}

/**
 * Sign-in failures of one account from one address. Keyed on both, so a stranger guessing a
 * password slows down only themselves: the owner on another address signs in as usual.
 */
export const loginBackoff = (account: string, ip: string): Backoff => ({
  key: `login_fail:acct_ip:${account.toLowerCase()}:${ip}`,
  free: 5,
  baseSeconds: 30,
  maxSeconds: 15 * MINUTE,
  windowSeconds: HOUR,
});

/** Seconds until `b` allows another attempt; 0 now. */
export async function backoffWait(db: Db, b: Backoff): Promise<number> {
  const t = now();
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('last')])
    .where('key', '=', b.key)
    .where('created_at', '>', t - b.windowSeconds)
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  if (n < b.free) return 0;
  const wait = Math.min(b.maxSeconds, b.baseSeconds * 2 ** (n - b.free));
  return Math.max(0, Number(row?.last ?? 0) + wait - t);
}

export async function countHits(db: Db, key: string, sinceUnix: number): Promise<number> {
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('key', '=', key)
    .where('created_at', '>', sinceUnix)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Seconds until the limit allows one more event; 0 when it allows one now. The answer is when
 * the max-th most recent event leaves the window.
 */
export async function retryAfter(db: Db, limit: Limit): Promise<number> {
  const t = now();
  const row = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('key', '=', limit.key)
    .where('created_at', '>', t - limit.windowSeconds)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(limit.max - 1)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.created_at) + limit.windowSeconds - t) : 0;
}

/**
 * Drops the expired events of `keys` (reserved again just now) and, now and then, every expired
 * event (keys such as one code's failures are never reserved again).
 */
export async function pruneEvents(db: Db, keys: string[]): Promise<void> {
  const stale = db.deleteFrom('rate_events').where('created_at', '<', now() - KEEP_SECONDS);
  if (Math.random() < 0.01) await stale.execute();
  else if (keys.length) await stale.where('key', 'in', keys).execute();
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_events').where('key', '=', key).execute();
}
