/**
 * What a page says after it recorded a change (issue 20: never "Added" before the server agreed).
 * The action itself only writes the outbox; this watches the entry: once the server accepts it,
 * its own success text (the spec's "successful mutations show the response msg") shows on the
 * page where the user acted, if they are still there. While no answer has come after a moment it
 * says the change is saved on this device and being sent (or sent once back online). A refusal is
 * not told here: the engine's notice carries it (NoticeCenter), wherever the user is by then.
 */
import { liveQuery } from 'dexie';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { toast } from '../../ui/toast-queue.ts';

/** How long an answer may take before the page says the change is still on its way. */
export const ANSWER_WAIT_MS = 2500;
/** How long the page keeps listening for a late answer. */
const WATCH_MS = 120_000;

export function tellOutcome(seq: number, fallback: string): void {
  const page = globalThis.location?.pathname ?? '*';
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
  sub = liveQuery(() => localDb.outbox.get(seq)).subscribe({
    next: (e) => {
      // Gone means settled (accepted and synced back); a discarded entry had failed first.
      if (!e || e.state === 'acked') {
        toast.success(e?.answer || fallback, { page });
        done();
      } else if (e.state === 'failed') done();
    },
    error: done,
  });
}
