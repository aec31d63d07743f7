/** The UI's handle on the query worker (one per tab, started lazily). */
import type * as Comlink from 'comlink';
import type { QueryWorkerApi } from './query.worker.ts';
import { guardWorker } from './start-worker.ts';

let remote: Comlink.Remote<QueryWorkerApi> | null = null;

export function queryWorker(): Comlink.Remote<QueryWorkerApi> {
  if (!remote) {
    const w = new Worker(new URL('./query.worker.ts', import.meta.url), { type: 'module', name: 'query' });
    // A worker that cannot start fails its calls, and the next call starts a new one (start-worker.ts).
    const mine = guardWorker<QueryWorkerApi>(w, 'query', () => {
      if (remote === mine) remote = null;
    });
    remote = mine;
  }
  return remote;
}

/** The query worker if this tab has started it already (never starts one). */
export const runningQueryWorker = (): Comlink.Remote<QueryWorkerApi> | null => remote;
