/**
 * This file owns the notices: the outcomes of outbox entries the user still has to be told about.
 *
 * Design (after Zero's mutators, whose `server` result settles apart from the optimistic `client`
 * one, and Replicache, which drops a mutation the server skipped at the next rebase): an action
 * applies at once as an overlay; the server's verdict arrives later, maybe on another page or after
 * a reload. A refusal is written here in the same transaction that marks the entry failed (so it
 * is never lost between the two), and so is an acceptance that skipped part of the change
 * (blacklisted or unknown creators). The app shell shows each notice where the user acted if they
 * are still there, otherwise as a persistent notice, and deletes it once read. Retrying or
 * discarding the failed entry also deletes its notice: the user has dealt with it.
 */
import type { LocalDB, LocalSession } from './db.ts';
import type { Notice, OutboxEntry } from './outbox-types.ts';

/** Records an outcome of `entry` (call inside the transaction that changes its state). */
export async function raise(
  db: LocalDB,
  entry: OutboxEntry,
  kind: Notice['kind'],
  outcome: { code: number; msg: string },
): Promise<void> {
  if (entry.seq === undefined) return;
  await db.notices.add({
    seq: entry.seq,
    userId: entry.userId,
    workspaceId: entry.workspaceId,
    kind,
    code: outcome.code,
    msg: outcome.msg,
    method: entry.method,
    path: entry.path,
    body: entry.body,
    ...(entry.about ? { about: entry.about } : {}),
    ...(entry.origin ? { origin: entry.origin } : {}),
    at: Date.now(),
  });
}

/** The session's unread notices, oldest first. */
export async function unreadOf(db: LocalDB, s: LocalSession): Promise<Notice[]> {
  return db.notices.where('[userId+workspaceId]').equals([s.userId, s.workspaceId]).sortBy('id');
}

export async function markRead(db: LocalDB, id: number): Promise<void> {
  await db.notices.delete(id);
}

/** Drops the notices of one outbox entry (it was retried or discarded). */
export async function dropNoticesOf(db: LocalDB, seq: number): Promise<void> {
  await db.notices.where('seq').equals(seq).delete();
}

/**
 * Names an accepted call skipped, from its answer's data: `blacklisted` (invitation.add) and
 * `not_found` (edit, set.tags). Empty when nothing was skipped.
 */
export function skippedNames(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as Record<string, unknown>;
  const names: string[] = [];
  for (const key of ['blacklisted', 'not_found'])
    if (Array.isArray(d[key])) names.push(...(d[key] as unknown[]).map(String));
  return names;
}
