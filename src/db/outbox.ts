/**
 * This file owns the outbox: append, the state of each entry, retry and discard. It never talks
 * to the network (the sync worker does).
 *
 * States: pending → sending → acked (server accepted; an added row takes the server's id from the
 * answer, and the overlay stays until a pull that started after the ack has refreshed the mirror,
 * then `settle` removes it) or → failed (rejected with a
 * 4xxxx code; its overlay stops applying at once, the user retries or discards it). A transient
 * fault (offline, timeout, 5xx) puts it back to pending with attempts + 1, keeping its place.
 * Entries are drained in `seq` order, one user + workspace at a time.
 *
 * Rollback is exact because local tables hold only what the server sent: dropping a failed
 * entry's overlay shows the server's rows for exactly what it touched, and every other entry's
 * overlay (earlier or later, same rows or not) keeps applying. The refusal itself becomes a notice
 * (notices.ts) in the same transaction.
 */
import { CODES } from '../../contract/codes.ts';
import type { Call } from './call.ts';
import type { LocalDB, LocalSession } from './db.ts';
import { dropNoticesOf, raise, skippedNames } from './notices.ts';
import type { Effect, OutboxEntry } from './outbox-types.ts';

export const newKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Appends a call (built by `call()`, ./call.ts). Runs inside the caller's transaction when there is one (Dexie zones). */
export async function append(
  db: LocalDB,
  session: LocalSession,
  call: Call,
  effect?: Effect,
): Promise<number> {
  const entry: OutboxEntry = {
    ...call,
    idempotencyKey: newKey(),
    userId: session.userId,
    workspaceId: session.workspaceId,
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    ...(effect ? { effect } : {}),
    // Where the user acted, so the server's verdict is told on that page while they stay there.
    ...(globalThis.location ? { origin: globalThis.location.pathname } : {}),
  };
  return db.outbox.add(entry);
}

/** The session's entries in send order. */
export async function entriesOf(db: LocalDB, s: LocalSession): Promise<OutboxEntry[]> {
  return db.outbox.where('[userId+workspaceId]').equals([s.userId, s.workspaceId]).sortBy('seq');
}

/** The next entry to send: the oldest pending (or interrupted sending) one of the session. */
export async function nextToSend(db: LocalDB, s: LocalSession): Promise<OutboxEntry | undefined> {
  const all = await entriesOf(db, s);
  return all.find((e) => e.state === 'pending' || e.state === 'sending');
}

export async function markSending(db: LocalDB, seq: number): Promise<void> {
  await db.outbox.update(seq, (e) => {
    e.state = 'sending';
    e.attempts += 1;
  });
}

/**
 * The server accepted the call. Its msg is kept as the success text; when the answer says part of
 * the change was skipped (blacklisted or unknown creators), that becomes a notice.
 */
export async function markAcked(
  db: LocalDB,
  seq: number,
  at = Date.now(),
  answer?: { code: number; msg: string; data?: unknown },
): Promise<void> {
  await db.transaction('rw', db.outbox, db.notices, async () => {
    await db.outbox.update(seq, (e) => {
      e.state = 'acked';
      e.ackedAt = at;
      delete e.lastError;
      if (answer?.msg) e.answer = answer.msg;
      const counts = answerCounts(answer?.data);
      if (counts) e.counts = counts;
      const saved = savedId(e.effect, answer?.data);
      if (saved !== undefined && e.effect?.kind === 'upsert')
        e.effect = { ...e.effect, row: { ...e.effect.row, id: saved } };
    });
    const entry = await db.outbox.get(seq);
    if (entry && answer && skippedNames(answer.data).length > 0) await raise(db, entry, 'partial', answer);
  });
}

/** An answer's data when it is counts only ({ changed: 2, already: 2, … }), else undefined. */
function answerCounts(data: unknown): Record<string, number> | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const entries = Object.entries(data);
  if (!entries.length || !entries.every(([, v]) => typeof v === 'number')) return undefined;
  return Object.fromEntries(entries) as Record<string, number>;
}

/**
 * The server's id for a row added with a temporary (negative) id: the add calls answer the saved
 * row. From the ack on, the row is shown under that id, so the pull that brings the server's copy
 * lands on the same row (never two copies for a moment) and the row can be edited or deleted
 * before that pull.
 */
function savedId(effect: Effect | undefined, data: unknown): number | undefined {
  if (effect?.kind !== 'upsert' || effect.row.id >= 0) return undefined;
  const id = (data as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The server refused the call: its overlay stops applying and the refusal becomes a notice. */
export async function markFailed(
  db: LocalDB,
  seq: number,
  error: { code: number; msg: string },
): Promise<void> {
  await db.transaction('rw', db.outbox, db.notices, async () => {
    await db.outbox.update(seq, { state: 'failed', lastError: error });
    const entry = await db.outbox.get(seq);
    if (entry) await raise(db, entry, 'refused', error);
  });
}

/** A transient fault: back in line, same place. */
export async function markRetryLater(
  db: LocalDB,
  seq: number,
  error: { code: number; msg: string },
): Promise<void> {
  await db.outbox.update(seq, { state: 'pending', lastError: error });
}

/**
 * The user's "retry" on a failed entry: same idempotency key (a refusal stored nothing on the
 * server), back in line at its place. On a conflict (40012) retrying is the user's "save mine":
 * the call goes again with `force`, over the teammate's later text.
 */
export async function retry(db: LocalDB, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.notices, async () => {
    await db.outbox.update(seq, (e) => {
      if (e.state !== 'failed') return;
      if (e.lastError?.code === CODES.EDIT_CONFLICT) e.body = { ...e.body, force: 1 };
      e.state = 'pending';
    });
    await dropNoticesOf(db, seq);
  });
}

export async function discard(db: LocalDB, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.notices, async () => {
    await db.outbox.delete(seq);
    await dropNoticesOf(db, seq);
  });
}

/** Drops acked entries whose change a pull started at `pullStartedAt` has brought back. */
export async function settle(db: LocalDB, pullStartedAt: number): Promise<number> {
  return db.outbox
    .where('state')
    .equals('acked')
    .filter((e) => (e.ackedAt ?? Infinity) <= pullStartedAt)
    .delete();
}

export interface OutboxCounts {
  unsent: number;
  failed: number;
}

export async function countsOf(db: LocalDB, s: LocalSession): Promise<OutboxCounts> {
  const all = await entriesOf(db, s);
  return {
    unsent: all.filter((e) => e.state === 'pending' || e.state === 'sending').length,
    failed: all.filter((e) => e.state === 'failed').length,
  };
}

/** Entries whose effects still show: everything not failed. */
export const isLive = (e: OutboxEntry): boolean => e.state !== 'failed';
