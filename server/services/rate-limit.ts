/**
 * Sliding-window rate limits counted in the database (rate_events), so every server process that
 * shares the database sees the same counts (decisions D4). A limit is "at most `max` events of
 * `key` in the last `windowSeconds`"; callers record an event with `hit` when it happens.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/dialect.ts';
import { AppError } from '../http/errors.ts';
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
export const LIMITS = {
  /** Failed sign-ins per account: `user:<id>` when it exists, else the phone or email as typed. */
  loginFailAccount: (login: string): Limit => ({
    key: `login_fail:acct:${login.toLowerCase()}`,
    max: 10,
    windowSeconds: 15 * MINUTE,
  }),
  loginFailIp: (ip: string): Limit => ({ key: `login_fail:ip:${ip}`, max: 50, windowSeconds: 15 * MINUTE }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 20, windowSeconds: 60 * MINUTE }),
  smsIp: (ip: string): Limit => ({ key: `sms:ip:${ip}`, max: 30, windowSeconds: 60 * MINUTE }),
  /** Wrong guesses of one SMS code (by its id); the code dies after this many. */
  smsFail: (codeId: number): Limit => ({ key: `sms_fail:${codeId}`, max: 5, windowSeconds: KEEP_SECONDS }),
};

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

/** Throws 40029 with {seconds, minutes} in the message params when the limit is reached. */
export async function enforce(db: Db, limit: Limit, msgKey = 'too_many_requests'): Promise<void> {
  const seconds = await retryAfter(db, limit);
  if (seconds > 0) throw new AppError(40029, msgKey, { seconds, minutes: Math.ceil(seconds / 60) });
}

export async function hit(db: Db, key: string): Promise<void> {
  const t = now();
  await db.insertInto('rate_events').values({ key, created_at: t }).execute();
  // Now and then, drop every expired event (keys such as one code's failures are never hit again).
  const stale = db.deleteFrom('rate_events').where('created_at', '<', t - KEEP_SECONDS);
  await (Math.random() < 0.01 ? stale : stale.where('key', '=', key)).execute();
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_events').where('key', '=', key).execute();
}

/**
 * Serialises transactions that check-then-write the same key (e.g. "one SMS per phone per 120 s")
 * across server processes: a transaction-scoped advisory lock on PostgreSQL. SQLite already runs
 * one write transaction at a time.
 */
export async function lockKey(trx: Transaction<DB>, key: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
