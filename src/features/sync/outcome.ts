/**
 * What a page says after it recorded a change (never "Added" before the server agreed).
 * The action itself only writes the outbox; this watches the entry: once the server accepts it,
 * its own success text (the spec's "successful mutations show the response msg") shows on the
 * page where the user acted, if they are still there. While no answer has come after a moment it
 * says the change is saved on this device and being sent (or sent once back online). A refusal is
 * not told here: the engine's notice carries it (NoticeCenter), wherever the user is by then.
 */
import { liveQuery } from 'dexie';
import { NotSignedIn } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { toast } from '../../ui/toast-queue.ts';

/** How long an answer may take before the page says the change is still on its way. */
export const ANSWER_WAIT_MS = 2500;
/** How long the page keeps listening for a late answer. */
const WATCH_MS = 120_000;

/**
 * Words for what the server did, from the counts each accepted part answered (the outbox keeps
 * them, src/db/outbox.ts); null keeps the plain success text.
 */
export type Summary = (counts: readonly Record<string, number>[]) => string | null;

/**
 * Tells the outcome of one outbox entry, or of the parts of one action (`seqs`): once every part is
 * settled, and only if the server accepted at least one. With `summary`, the words come from what
 * the accepted parts answered, so a part the server refused is never counted as done.
 */
export function tellOutcome(seqs: number | readonly number[], fallback: string, summary?: Summary): void {
  const page = globalThis.location?.pathname ?? '*';
  const all = typeof seqs === 'number' ? [seqs] : [...seqs];
  const timers: ReturnType<typeof setTimeout>[] = [];
  let sub: { unsubscribe(): void } | null = null;
  const done = () => {
    timers.forEach(clearTimeout);
    sub?.unsubscribe();
  };
  timers.push(
    setTimeout(() => {
      toast.info(navigator.onLine ? m.sync_saved_sending() : m.sync_saved_offline(), { page });
    }, ANSWER_WAIT_MS),
    setTimeout(done, WATCH_MS),
  );
  // Per part: its counts once accepted (null: accepted, counts not seen), or 'failed'.
  const settled = new Map<number, Record<string, number> | null | 'failed'>();
  let answer = '';
  sub = liveQuery(() => localDb.outbox.bulkGet(all)).subscribe({
    next: (entries) => {
      entries.forEach((e, i) => {
        const seq = all[i]!;
        // Gone means settled (accepted and synced back); a discarded entry had failed first.
        if (!e) {
          if (!settled.has(seq)) settled.set(seq, null);
        } else if (e.state === 'acked') {
          settled.set(seq, e.counts ?? null);
          answer = e.answer || answer;
        } else if (e.state === 'failed') settled.set(seq, 'failed');
      });
      if (settled.size < all.length) return;
      const accepted = [...settled.values()].filter((c) => c !== 'failed');
      // Nothing accepted: the engine's notice tells the refusal.
      if (accepted.length) {
        const counts = accepted.filter((c) => c !== null);
        const text = summary && counts.length === accepted.length ? summary(counts) : null;
        toast.success(text ?? (answer || fallback), { page });
      }
      done();
    },
    error: done,
  });
}

/**
 * Runs an outbox write (one entry, or the seqs of its parts), then tells its outcome: every
 * feature's actions record their writes through this. `okMessage` stands in when the server's
 * answer carries no msg, and `summary` words what the server answered it did.
 */
export async function record(
  write: () => Promise<number | readonly number[]>,
  okMessage: string,
  summary?: Summary,
): Promise<boolean> {
  try {
    tellOutcome(await write(), okMessage, summary);
    return true;
  } catch (e) {
    // Before the first pull the worker does not know who is signed in yet (no local session).
    toast.error(e instanceof NotSignedIn ? m.catalog_not_ready() : m.catalog_save_failed());
    return false;
  }
}
