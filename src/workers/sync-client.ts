/**
 * The UI's handle on the sync worker: one worker per tab, started lazily. The account code calls
 * `startSync` after sign-in (and on app start with a stored session) and `stopSync` on logout;
 * focus, visibility and reconnect trigger a pull. `onSyncState` feeds the header's SyncStatus.
 *
 * Cookies are shared by the tabs of a profile: when they hold another token than the one this
 * worker syncs with (the user signed out and someone signed in in another tab), the worker is
 * restarted with it on the next focus or reconnect rather than syncing with the old one.
 */
import * as Comlink from 'comlink';
import { getToken } from '../api/session.ts';
import { subscribeLocale } from '../i18n/locale.ts';
import { getLocale } from '../paraglide/runtime.js';
import type { SyncAuth, SyncState } from './sync-engine.ts';

export type { SyncState };
import type { SyncWorkerApi } from './sync.worker.ts';
import { guardWorker } from './start-worker.ts';

let remote: Comlink.Remote<SyncWorkerApi> | null = null;
/** How often the page repeats that it is online (cheap: the engine acts only on a change). */
const ONLINE_CHECK_MS = 5000;
let last: SyncState | null = null;
let syncing: string | null = null;
const listeners = new Set<(s: SyncState) => void>();

/** A call whose failure (a worker that could not start) has been told already: not an uncaught error. */
const quietly = (call: Promise<unknown> | undefined) => void call?.catch(() => undefined);
const tellOnline = () => quietly(remote?.setOnline(navigator.onLine));

/** The page's events that reach the worker, wired once per tab (a worker started again reuses them). */
let wired = false;
function wirePage(): void {
  if (wired) return;
  wired = true;
  const poke = () => {
    tellOnline();
    if (document.visibilityState === 'visible' && !adoptNewerSignIn()) quietly(remote?.syncNow());
  };
  window.addEventListener('focus', poke);
  document.addEventListener('visibilitychange', poke);
  window.addEventListener('offline', tellOnline);
  // Reconnect at once rather than at the end of the backoff: a worker is not always told (DevTools'
  // offline emulation changes its navigator.onLine but fires no online event there).
  window.addEventListener('online', () => {
    tellOnline();
    if (!adoptNewerSignIn()) quietly(remote?.syncNow());
  });
  // An online event the page never got (it happens under emulation): look again while offline.
  setInterval(() => {
    if (navigator.onLine) tellOnline();
  }, ONLINE_CHECK_MS);
  // The server words refusal reasons in the request's language: follow a switch of the app's.
  subscribeLocale(() => quietly(remote?.setLanguage(getLocale())));
}

function worker(): Comlink.Remote<SyncWorkerApi> {
  if (remote) return remote;
  const w = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  // A worker that cannot start fails its calls (startSync rejects) and the next call starts a new one.
  const mine = guardWorker<SyncWorkerApi>(w, 'sync', () => {
    if (remote === mine) remote = null;
  });
  remote = mine;
  quietly(
    remote.subscribe(
      Comlink.proxy((s: SyncState) => {
        last = s;
        listeners.forEach((l) => l(s));
      }),
    ),
  );
  // The page tells the worker whether the browser is online, before anything else and on every
  // change (the engine sends nothing while offline); a missed event is caught up by the next poke.
  tellOnline();
  wirePage();
  return remote;
}

/** Restarts the worker with the cookies' token when it differs from the one it syncs with. */
export function adoptNewerSignIn(): boolean {
  const token = getToken();
  if (syncing === null || !token || token === syncing) return false;
  void startSync({ token, language: getLocale() }).catch(() => undefined);
  return true;
}

export async function startSync(auth: SyncAuth): Promise<void> {
  syncing = auth.token;
  // Ask once for durable storage so the browser does not evict the mirror and the outbox.
  void navigator.storage?.persist?.().catch(() => false);
  await worker().start(auth);
}

export async function stopSync(): Promise<void> {
  syncing = null;
  await remote?.stop();
}

export async function syncNow(): Promise<void> {
  await remote?.setOnline(navigator.onLine);
  await remote?.syncNow();
}

export function onSyncState(cb: (s: SyncState) => void): () => void {
  listeners.add(cb);
  if (last) cb(last);
  return () => listeners.delete(cb);
}
