/**
 * A module worker behind Comlink whose failure to start fails the calls made to it. Comlink alone
 * leaves a call pending forever when the worker never runs: its script or a chunk it imports did not
 * arrive (the connection dropped on a first visit, or a deploy replaced the files while the tab was
 * open), or its module threw while it loaded. A screen waiting on such a call stayed at "Loading…".
 *
 * The worker says it is up by posting WORKER_READY once its API is exposed (`exposeWorker`); an
 * `error` event before that means it will never answer: every call made to it, pending or later,
 * rejects with WorkerStartError, the worker is ended and `onDead` runs (the owner drops its handle,
 * so the next call starts a new worker). An `error` after that is an uncaught error inside a
 * running worker, which keeps answering; a call's own errors reach its caller through Comlink.
 */
import * as Comlink from 'comlink';

/** The message a worker posts once its API is exposed (Comlink ignores messages without an id). */
export const WORKER_READY = 'cd-worker-ready';

export class WorkerStartError extends Error {
  constructor(name: string) {
    super(`The ${name} worker could not start`);
    this.name = 'WorkerStartError';
  }
}

/** The worker's side: exposes `api` over Comlink, then says it is ready (`ep`: the worker's own scope). */
export function exposeWorker(api: object, ep: Comlink.Endpoint = self as unknown as Comlink.Endpoint): void {
  Comlink.expose(api, ep);
  ep.postMessage(WORKER_READY);
}

/** Wraps a started worker (see the file's comment). `onDead` runs once, if it never becomes ready. */
export function guardWorker<T>(
  worker: Worker,
  name: string,
  onDead: () => void = () => {},
): Comlink.Remote<T> {
  const remote = Comlink.wrap<T>(worker);
  let ready = false;
  let fail: (e: Error) => void = () => {};
  const dead = new Promise<never>((_, reject) => (fail = reject));
  dead.catch(() => undefined); // only the races below report it
  const onMessage = (ev: MessageEvent) => {
    if (ev.data !== WORKER_READY) return;
    ready = true;
    worker.removeEventListener('message', onMessage);
    worker.removeEventListener('error', onError);
  };
  const onError = (ev: Event) => {
    if (ready) return;
    ev.preventDefault?.();
    worker.removeEventListener('message', onMessage);
    worker.removeEventListener('error', onError);
    worker.terminate();
    fail(new WorkerStartError(name));
    onDead();
  };
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  return new Proxy(remote, {
    get(target, prop) {
      const member: unknown = Reflect.get(target, prop);
      // Symbols (Comlink.releaseProxy) pass through; `then` stays undefined so the handle itself is
      // not taken for a promise.
      if (typeof prop === 'symbol') return member;
      if (prop === 'then') return undefined;
      return (...args: unknown[]) =>
        Promise.race([(member as (...a: unknown[]) => Promise<unknown>)(...args), dead]);
    },
  });
}
