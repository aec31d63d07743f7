/** The sync worker: exposes SyncEngine over comlink. All logic lives in sync-engine.ts. */
import '../zod-csp.ts';
import { API_PREFIX } from '../../contract/constants.ts';
import { apiOrigin } from '../api/base-url.ts';
import { LocalDB } from '../db/db.ts';
import { SyncEngine, type SyncAuth, type SyncState } from './sync-engine.ts';
import { LiveStream } from './live-stream.ts';
import { exposeWorker } from './start-worker.ts';

const listeners = new Set<(s: SyncState) => void>();
const apiBase = `${apiOrigin()}${API_PREFIX}`;
const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
const engine = new SyncEngine({
  db: new LocalDB(),
  fetch: (input, init) => fetch(input, init),
  apiBase,
  locks,
  onState: (s) => listeners.forEach((l) => l(s)),
  // One stream per profile: the tab holding the lock streams, the others hear its state.
  live: (d) =>
    new LiveStream({
      ...d,
      fetch: (input, init) => fetch(input, init),
      apiBase,
      locks,
      channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('creatordesk-live'),
    }),
});

// Reconnect: workers see online/offline themselves; focus is forwarded by sync-client.ts.
self.addEventListener('online', () => {
  engine.reconnect();
  void engine.syncNow();
});

const api = {
  start: (auth: SyncAuth) => engine.start(auth),
  stop: () => engine.stop(),
  syncNow: () => engine.syncNow(),
  setOnline: (online: boolean) => engine.setOnline(online),
  setLanguage: (language: string) => engine.setLanguage(language),
  state: () => engine.state,
  subscribe(cb: (s: SyncState) => void) {
    listeners.add(cb);
    cb(engine.state);
  },
};
export type SyncWorkerApi = typeof api;
exposeWorker(api);
