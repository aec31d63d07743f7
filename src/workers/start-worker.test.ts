/**
 * A worker behind guardWorker: a started one answers and keeps answering after an uncaught error;
 * one that fails before it is ready rejects the call already waiting and every later one, is ended,
 * and tells its owner once. The "worker" is a MessageChannel's port with the Worker's error event and
 * terminate(); the other port runs the real exposeWorker.
 */
import { afterEach, expect, it } from 'vitest';
import { exposeWorker, guardWorker, WorkerStartError } from './start-worker.ts';

class PortWorker extends EventTarget {
  terminated = 0;
  constructor(private readonly port: MessagePort) {
    super();
    port.addEventListener('message', (e) =>
      this.dispatchEvent(new MessageEvent('message', { data: e.data })),
    );
    port.start();
  }
  postMessage(data: unknown, transfer: Transferable[] = []) {
    this.port.postMessage(data, transfer);
  }
  terminate() {
    this.terminated++;
    this.port.close();
  }
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

const api = { add: (a: number, b: number) => a + b, fail: () => Promise.reject(new Error('no such row')) };
type Api = typeof api;

function pair() {
  const ch = new MessageChannel();
  channels.push(ch);
  return { worker: new PortWorker(ch.port1), inside: ch.port2 };
}

it('a worker that said it is ready answers, and an uncaught error inside it later fails nothing', async () => {
  const { worker, inside } = pair();
  let dead = 0;
  const remote = guardWorker<Api>(worker as unknown as Worker, 'test', () => dead++);
  exposeWorker(api, inside as unknown as Parameters<typeof exposeWorker>[1]);
  expect(await remote.add(2, 3)).toBe(5);
  worker.dispatchEvent(new Event('error'));
  expect(await remote.add(4, 5)).toBe(9);
  // a call's own error reaches its caller as it is
  await expect(remote.fail()).rejects.toThrow('no such row');
  expect(dead).toBe(0);
  expect(worker.terminated).toBe(0);
});

it('a worker that fails before it is ready rejects the waiting call and every later one, and is ended once', async () => {
  const { worker } = pair();
  let dead = 0;
  const remote = guardWorker<Api>(worker as unknown as Worker, 'query', () => dead++);
  const waiting = remote.add(1, 1);
  // what a browser fires when the worker's script (or a module it imports) could not be fetched
  worker.dispatchEvent(new Event('error'));
  await expect(waiting).rejects.toBeInstanceOf(WorkerStartError);
  await expect(remote.add(2, 2)).rejects.toThrow('The query worker could not start');
  worker.dispatchEvent(new Event('error'));
  expect(dead).toBe(1);
  expect(worker.terminated).toBe(1);
});

it('the handle is not taken for a promise', async () => {
  const { worker, inside } = pair();
  const remote = guardWorker<Api>(worker as unknown as Worker, 'test');
  exposeWorker(api, inside as unknown as Parameters<typeof exposeWorker>[1]);
  const same = await Promise.resolve(remote);
  expect(same).toBe(remote);
  expect(await same.add(20, 22)).toBe(42);
});
