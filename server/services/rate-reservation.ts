/**
 * Reservations: the attempt a limit guards is counted before the work it guards (a password hash,
 * a code comparison, a lookup of a secret), in one atomic step with the check, and released when
 * the attempt turns out not to count.
 *
 * Checking a limit and recording the failure afterwards lets every parallel request pass the
 * check while the first ones are still at work: 30 parallel guesses were all tried against a
 * limit of 5. Here the check and the insert of the attempt's event happen under one lock held in
 * the database, so every server process sharing it sees the attempt at once:
 * - PostgreSQL: a transaction takes a transaction-scoped advisory lock per key (in one global
 *   order, so two reservations never wait on each other crosswise), then counts and inserts;
 *   the lock is released at commit, when the new rows are visible to the next holder.
 * - SQLite: `BEGIN IMMEDIATE` takes the database's write lock before the count, so no other
 *   connection (or process on the same file) can insert between the count and the insert.
 * The caller then runs its work and says whether the outcome counts (a wrong password, a wrong
 * code, a sign-up); when it does not (a right password), the reserved events are deleted again.
 * A limit counted in rows of its own (one SMS per phone per 120 s, in sms_codes) passes a `Step`:
 * its check and its insert run under the same lock, after the guards.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { backoffWait, pruneEvents, retryAfter, type Backoff, type Limit } from './rate-limit.ts';

type Db = Kysely<DB>;

/** One limit an attempt must pass: its key, the seconds until it allows one more event, its refusal. */
export interface Guard {
  key: string;
  wait(db: Db): Promise<number>;
  refuse(seconds: number): AppError;
}

/** 40029 with {seconds, minutes} for the message and the Retry-After header. */
const tooMany =
  (msgKey: string, httpStatus: number) =>
  (seconds: number): AppError =>
    new AppError(40029, msgKey, { seconds, minutes: Math.ceil(seconds / 60) }, httpStatus);

/**
 * "At most `max` events in the window" as a guard: 40029 when reached, HTTP 429 for the sign-in
 * and sign-up limits (and pairing), HTTP 200 like any application outcome for the others.
 */
export const limitGuard = (limit: Limit, msgKey: string, httpStatus = 200): Guard => ({
  key: limit.key,
  wait: (db) => retryAfter(db, limit),
  refuse: tooMany(msgKey, httpStatus),
});

/** A growing wait after repeated failures as a guard (HTTP 429 by default, as sign-in answers). */
export const backoffGuard = (b: Backoff, msgKey: string, httpStatus = 429): Guard => ({
  key: b.key,
  wait: (db) => backoffWait(db, b),
  refuse: tooMany(msgKey, httpStatus),
});

/**
 * Checks and writes of the attempt's own that must happen under the reservation's lock, after the
 * guards passed: `keys` are locked too (PostgreSQL), and a throw from `run` counts nothing.
 */
export interface Step<T> {
  keys: string[];
  run(conn: Db): Promise<T>;
}

/** The events one attempt added, by id, so a release removes exactly these; `value` is its step's. */
export interface Reservation<T = undefined> {
  ids: number[];
  value: T;
}

/** A key's advisory lock id: 64 bits of its sha256 (fewer collisions than `hashtext`'s 32). */
const lockId = (key: string): bigint => crypto.createHash('sha256').update(key).digest().readBigInt64BE(0);

/**
 * Holds `key`'s advisory lock until the transaction ends (PostgreSQL), so work counted inside it waits
 * for other processes' work under the same key; SQLite's one writer needs none.
 */
export async function lockKey(trx: Transaction<DB>, key: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${String(lockId(key))}::bigint)`.execute(trx);
}

async function checkAndInsert<T>(conn: Db, guards: Guard[], step?: Step<T>): Promise<Reservation<T>> {
  for (const g of guards) {
    const seconds = await g.wait(conn);
    if (seconds > 0) throw g.refuse(seconds);
  }
  const value = (await step?.run(conn)) as T;
  if (!guards.length) return { ids: [], value };
  const t = now();
  const rows = await conn
    .insertInto('rate_events')
    .values(guards.map((g) => ({ key: g.key, created_at: t })))
    .returning('id')
    .execute();
  return { ids: rows.map((r) => Number(r.id)), value };
}

async function locked<T>(db: Db, guards: Guard[], step?: Step<T>): Promise<Reservation<T>> {
  if (engineOf(db) === 'postgres') {
    const keys = [...guards.map((g) => g.key), ...(step?.keys ?? [])];
    const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return db.transaction().execute(async (trx) => {
      for (const id of ids) await sql`select pg_advisory_xact_lock(${String(id)}::bigint)`.execute(trx);
      return checkAndInsert(trx, guards, step);
    });
  }
  // One connection (this process's only one) for the whole step; IMMEDIATE holds the file's write
  // lock from the start, so another process's reservation waits (busy_timeout) instead of racing.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const r = await checkAndInsert(conn, guards, step);
      await sql`commit`.execute(conn);
      return r;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

/**
 * Checks every guard and, when all allow one more, runs `step` (if any) and counts the attempt
 * under each key; all or nothing, atomically across processes. Throws the first reached guard's
 * refusal (or the step's error) and counts nothing then: a refused attempt costs the guesser no
 * work of ours and the owner nothing.
 */
export function reserve(db: Db, guards: Guard[]): Promise<Reservation>;
export function reserve<T>(db: Db, guards: Guard[], step: Step<T>): Promise<Reservation<T>>;
export async function reserve<T>(db: Db, guards: Guard[], step?: Step<T>): Promise<Reservation<T>> {
  const r = await locked(db, guards, step);
  // Outside the lock: only events older than every window go.
  await pruneEvents(
    db,
    guards.map((g) => g.key),
  );
  return r;
}

/** Gives a reservation back: the attempt did not count (e.g. the password was right). */
export async function release(db: Db, r: Pick<Reservation, 'ids'>): Promise<void> {
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

/**
 * A call that takes a secret (an invite, redeem or pairing code): reserved under `guards`, and
 * kept only when `fn` fails with one of `codes`, a wrong guess; any other outcome gives it back.
 */
export const limitGuesses = <T>(
  db: Db,
  guards: Guard[],
  codes: readonly number[],
  fn: () => Promise<T>,
): Promise<T> =>
  withReservation(db, guards, (err) => err instanceof AppError && codes.includes(err.code), fn);

/** Counts successes only (a pairing code made): a failed attempt gives its place back. */
export const limitSuccesses = <T>(db: Db, guards: Guard[], fn: () => Promise<T>): Promise<T> =>
  withReservation(db, guards, (err) => err === null, fn);
