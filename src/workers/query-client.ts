/** The UI's handle on the query worker (one per tab, started lazily). */
import * as Comlink from 'comlink';
import type { QueryWorkerApi } from './query.worker.ts';

let remote: Comlink.Remote<QueryWorkerApi> | null = null;

export function queryWorker(): Comlink.Remote<QueryWorkerApi> {
  if (!remote) {
    const w = new Worker(new URL('./query.worker.ts', import.meta.url), { type: 'module', name: 'query' });
    remote = Comlink.wrap<QueryWorkerApi>(w);
  }
  return remote;
}

/** The query worker if this tab has started it already (never starts one). */
export const runningQueryWorker = (): Comlink.Remote<QueryWorkerApi> | null => remote;
