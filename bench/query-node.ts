/** The query engine in Node (same code the query worker runs): build, warm, filter+sort+page. */
import { CreatorIndex } from '../src/workers/query-engine.ts';
import { SORT_FIELDS } from '../src/workers/query-types.ts';
import { makeCreators, percentile, queryMix } from './gen.ts';

export interface QueryFigures {
  rows: number;
  buildMs: number;
  warmMs: number;
  p50: number;
  p95: number;
  /** CPU time of this process per query: what the query costs when the machine is shared. */
  cpuP50: number;
  cpuP95: number;
  max: number;
  coldSortMs: number;
}

export function benchQueries(n: number, runs = 200): QueryFigures {
  const rows = makeCreators(n);
  let t = performance.now();
  const index = new CreatorIndex(rows);
  const buildMs = performance.now() - t;
  t = performance.now();
  index.permutation('follower_count');
  const coldSortMs = performance.now() - t;
  t = performance.now();
  for (const f of SORT_FIELDS) index.permutation(f);
  const warmMs = performance.now() - t + coldSortMs;
  const times: number[] = [];
  const cpu: number[] = [];
  for (const q of queryMix(runs)) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    index.query(q);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return {
    rows: n,
    buildMs,
    warmMs,
    coldSortMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}
