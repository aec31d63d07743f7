/**
 * One message per pulled page, from the sync worker to every query worker of the profile (all
 * tabs): "the mirror's creator blocks moved on". During a pull the pages are written without
 * Dexie's change broadcast (mirror.ts `applyPage`, quiet), so the query worker learns of them
 * here and the screens, in turn, from the query worker's change callback: no live query on a
 * page's main thread wakes per page. A BroadcastChannel, like Dexie's own, so other tabs hear it.
 */
const NAME = 'creatordesk-mirror';

export interface PageApplied {
  /** The database the page went into (tests open several). */
  db: string;
  countries: string[];
}

let sender: BroadcastChannel | null = null;

export function tellPageApplied(msg: PageApplied): void {
  if (typeof BroadcastChannel === 'undefined') return;
  if (!sender) {
    sender = new BroadcastChannel(NAME);
    // Node (tests): an open channel would keep the process alive.
    (sender as BroadcastChannel & { unref?: () => void }).unref?.();
  }
  sender.postMessage(msg);
}

/** Calls `fn` for each page applied to database `db`; returns the unsubscribe. */
export function onPageApplied(db: string, fn: (msg: PageApplied) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const bc = new BroadcastChannel(NAME);
  (bc as BroadcastChannel & { unref?: () => void }).unref?.();
  bc.onmessage = (e: MessageEvent<PageApplied>) => {
    if (e.data?.db === db) fn(e.data);
  };
  return () => bc.close();
}
