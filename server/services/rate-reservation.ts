/**
 * Reservations: the attempt a limit guards is counted before the slow work it guards (a password
 * hash), in one atomic step with the check, and released when the attempt turns out not to count.
 *
 * Checking a limit and recording the failure afterwards lets every parallel request pass the
 * check while the first ones are still hashing: 30 parallel guesses were all tried against a
 * limit of 5. Here the check and the insert of the attempt's event happen under one lock held in
 * the database, so every server process sharing it sees the attempt at once:
 * - PostgreSQL: a transaction takes a transaction-scoped advisory lock per key (in one global
 *   order, so two reservations never wait on each other crosswise), then counts and inserts;
 *   the lock is released at commit, when the new rows are visible to the next holder.
 * - SQLite: `BEGIN IMMEDIATE` takes the database's write lock before the count, so no other
 *   connection (or process on the same file) can insert between the count and the insert.
 * The caller then runs its slow work and says whether the outcome counts (a wrong password, a
 * sign-up); when it does not (a right password), the reserved events are deleted again.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../http/errors.ts';
import { backoffWait, retryAfter, type Backoff, type Limit } from './rate-limit.ts';

type Db = Kysely<DB>;

/** One limit an attempt must pass: its key, and the seconds until it allows one more event. */
export interface Guard {
  key: string;
  wait(db: Db): Promise<number>;
  msgKey: string;
  httpStatus: number;
}

/** "At most `max` events in the window" as a guard (40029, HTTP `httpStatus`, when reached). */
export const limitGuard = (limit: Limit, msgKey: string, httpStatus = 200): Guard => ({
  key: limit.key,
  wait: (db) => retryAfter(db, limit),
  msgKey,
  httpStatus,
});

/** A growing wait after repeated failures as a guard (HTTP 429 by default, as sign-in answers). */
export const backoffGuard = (b: Backoff, msgKey: string, httpStatus = 429): Guard => ({
  key: b.key,
  wait: (db) => backoffWait(db, b),
  msgKey,
  httpStatus,
});

/** The events one attempt added, by id, so a release removes exactly these. */
export interface Reservation {
  ids: number[];
}

/** A key's advisory lock id: 64 bits of its sha256 (fewer collisions than `hashtext`'s 32). */
const lockId = (key: string): bigint => crypto.createHash('sha256').update(key).digest().readBigInt64BE(0);

async function checkAndInsert(conn: Db, guards: Guard[]): Promise<Reservation> {
  for (const g of guards) {
    const seconds = await g.wait(conn);
    if (seconds > 0)
      throw new AppError(40029, g.msgKey, { seconds, minutes: Math.ceil(seconds / 60) }, g.httpStatus);
  }
  const t = now();
  const rows = await conn
    .insertInto('rate_events')
    .values(guards.map((g) => ({ key: g.key, created_at: t })))
    .returning('id')
    .execute();
  return { ids: rows.map((r) => Number(r.id)) };
}

/**
 * Checks every guard and, when all allow one more, counts the attempt under each key; all or
 * nothing, atomically across processes. Throws 40029 (the first guard reached) and counts nothing
 * when a limit is reached: a refused attempt costs the guesser no hash and the owner nothing.
 */
export async function reserve(db: Db, guards: Guard[]): Promise<Reservation> {
  if (engineOf(db) === 'postgres') {
    const ids = [...new Set(guards.map((g) => lockId(g.key)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return db.transaction().execute(async (trx) => {
      for (const id of ids) await sql`select pg_advisory_xact_lock(${String(id)}::bigint)`.execute(trx);
      return checkAndInsert(trx, guards);
    });
  }
  // One connection (this process's only one) for the whole step; IMMEDIATE holds the file's write
  // lock from the start, so another process's reservation waits (busy_timeout) instead of racing.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const r = await checkAndInsert(conn, guards);
      await sql`commit`.execute(conn);
      return r;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

/** Gives a reservation back: the attempt did not count (e.g. the password was right). */
export async function release(db: Db, r: Reservation): Promise<void> {
  if (r.ids.length) await db.deleteFrom('rate_events').where('id', 'in', r.ids).execute();
}

/**
 * Runs `fn` with its attempt reserved under `guards`. `counts` gets the error `fn` threw (null on
 * success) and says whether that outcome counts against the limits; when it does not, the
 * reservation is released. A process that dies mid-attempt leaves the attempt counted.
 */
export async function withReservation<T>(
  db: Db,
  guards: Guard[],
  counts: (err: unknown) => boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const reservation = await reserve(db, guards);
  let outcome: unknown = null;
  try {
    return await fn();
  } catch (err) {
    outcome = err;
    throw err;
  } finally {
    if (!counts(outcome)) await release(db, reservation);
  }
}
