/** The bench page: exposes the bench worker as window.bench, and times round trips. */
import * as Comlink from 'comlink';
import type { CreatorQuery } from '../../src/workers/query-types.ts';
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

/**
 * The same first pages asked of the server (`POST /blogger/lists`, as the page would fetch it)
 * and of the query worker (a round trip with the rows), both timed here in the page.
 */
async function compare(pairs: { q: CreatorQuery; body: string }[], token: string) {
  const remote: number[] = [];
  const local: number[] = [];
  let ok = true;
  for (const { q, body } of pairs) {
    let t0 = performance.now();
    const res = await fetch('/api/v0.1/blogger/lists', {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = (await res.json()) as { code: number };
    remote.push(performance.now() - t0);
    if (json.code !== 200) ok = false;
    t0 = performance.now();
    await worker.page(q);
    local.push(performance.now() - t0);
  }
  return { remote, local, ok };
}

Object.assign(window, { bench: { worker, roundTrips, compare } });
(window as unknown as { benchReady: boolean }).benchReady = true;
