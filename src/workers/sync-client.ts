/**
 * The UI's handle on the sync worker: one worker per tab, started lazily. The account code calls
 * `startSync` after sign-in (and on app start with a stored session) and `stopSync` on logout;
 * focus and visibility changes trigger a pull. `onSyncState` feeds the header's SyncStatus.
 */
import * as Comlink from 'comlink';
import type { SyncAuth, SyncState } from './sync-engine.ts';
import type { SyncWorkerApi } from './sync.worker.ts';

let remote: Comlink.Remote<SyncWorkerApi> | null = null;
let last: SyncState | null = null;
const listeners = new Set<(s: SyncState) => void>();

function worker(): Comlink.Remote<SyncWorkerApi> {
  if (remote) return remote;
  const w = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  remote = Comlink.wrap<SyncWorkerApi>(w);
  void remote.subscribe(
    Comlink.proxy((s: SyncState) => {
      last = s;
      listeners.forEach((l) => l(s));
    }),
  );
  const poke = () => {
    if (document.visibilityState === 'visible') void remote?.syncNow();
  };
  window.addEventListener('focus', poke);
  document.addEventListener('visibilitychange', poke);
  return remote;
}

export async function startSync(auth: SyncAuth): Promise<void> {
  // Ask once for durable storage so the browser does not evict the mirror and the outbox.
  void navigator.storage?.persist?.().catch(() => false);
  await worker().start(auth);
}

export async function stopSync(): Promise<void> {
  await remote?.stop();
}

export async function syncNow(): Promise<void> {
  await remote?.syncNow();
}

export function onSyncState(cb: (s: SyncState) => void): () => void {
  listeners.add(cb);
  if (last) cb(last);
  return () => listeners.delete(cb);
}
