/** The bench page: exposes the bench worker as window.bench, and times round trips. */
import * as Comlink from 'comlink';
import type { BenchWorker } from './bench.worker.ts';

const worker = Comlink.wrap<BenchWorker>(
  new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module' }),
);

async function roundTrips(runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await worker.queryAt(i);
    times.push(performance.now() - t0);
  }
  return times;
}

Object.assign(window, { bench: { worker, roundTrips } });
(window as unknown as { benchReady: boolean }).benchReady = true;
