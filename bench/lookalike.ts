/**
 * Lookalikes: the query engine's ranking (the code the query worker runs) on generated
 * workspaces of 100,000 and 1,000,000 creators (lookalike-gen.ts archetypes): top 50 for a seed of
 * one and a seed set of 12, with a filter applied (chat status, a third of the rows) and contacted
 * creators left out; features built once per workspace (their time and memory are their own rows).
 */
import type { CreatorRow } from '../contract/sync.ts';
import { workspace } from '../tests/helpers/lookalike-gen.ts';
import { CreatorIndex } from '../src/workers/query-engine.ts';
import * as rank from '../src/workers/rank/rank.ts';
import { DEFAULT_FIT_WEIGHTS } from '../src/workers/query-types.ts';
import { latency, type Row } from './report.ts';

type Say = (title: string, rows: Row[], note?: string) => void;
export const LOOKALIKE_TITLE = 'Lookalikes: top 50 in the query engine';
const ms = (x: number) => `${x.toFixed(1)} ms`;

function rowsOf(n: number): CreatorRow[] {
  const { rows } = workspace({ creators: n, seed: 28, missing: 0.05 });
  return rows.map(
    (r, i) =>
      ({
        ...r,
        version: 1,
        country: 'US',
        unique_id: `c${r.id}`,
        daren_name: '',
        nick_name: '',
        is_chat: i % 3 === 0 ? 1 : 0,
        is_invitation: i % 7 === 0 ? 1 : 0,
        is_black: i % 50 === 0 ? 1 : 0,
        add_time: 1_700_000_000 + i,
        update_time: 1_700_000_000 + i,
        tags: [],
      }) as Partial<CreatorRow> as CreatorRow,
  );
}

export async function benchLookalike(say: Say, loadavg: () => string): Promise<void> {
  const out: Row[] = [];
  const samples = Number(process.env.LOOKALIKE_SAMPLES ?? 40);
  for (const n of [100_000, 1_000_000]) {
    const rows = rowsOf(n);
    const index = new CreatorIndex(rows);
    global.gc?.();
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    let t = performance.now();
    index.lookalikes(rank, [rows[0]!.id], {}, 50, true);
    const buildMs = performance.now() - t;
    global.gc?.();
    const after = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    // Home's list query with the same filter has built its match mask already (the engine keeps it).
    index.query({ isChat: 0, offset: 0, limit: 20 });
    // Three queries first: the engine's JIT warm-up (a worker's first lookalike request takes about 25 ms more).
    for (let w = 1; w <= 3; w++) index.lookalikes(rank, [rows[w]!.id], { isChat: 0 }, 50, true);
    for (const [label, seeds] of [
      ['seed of 1', 1],
      ['seed set of 12', 12],
    ] as const) {
      const times: number[] = [];
      for (let s = 0; s < samples; s++) {
        const ids = Array.from({ length: seeds }, (_, k) => rows[(s * 7919 + k * 104_729) % n]!.id);
        // A filter (not chatted) applied, as on Home; the mask is the engine's, cached across samples.
        t = performance.now();
        const res = index.lookalikes(rank, ids, { isChat: 0 }, 50, true);
        times.push(performance.now() - t);
        if (res.results.length !== 50) throw new Error('expected 50 lookalikes');
      }
      out.push({
        rows: n.toLocaleString('en-US'),
        measure: `top 50, ${label}, filtered, contacted left out`,
        ...latency(times, ms),
        target: n === 100_000 ? 'p95 ≤ 10 ms' : 'p95 ≤ 50 ms',
        load: loadavg(),
      });
    }
    // A plan's fit: every allowed creator scored on nine parts, 5,000 creators with outcomes.
    const outcomes = {
      ids: Array.from({ length: 5_000 }, (_, k) => rows[(k * 7919) % n]!.id),
      rows: Array.from({ length: 5_000 }, (_, k) => ({
        contacted: 1 + (k % 3),
        replied: k % 2,
        shipped: k % 4 === 0 ? 1 : 0,
        posted: k % 8 === 0 ? 1 : 0,
        samples: k % 4 === 0 ? 1 : 0,
        gmv: k % 4 === 0 ? 100 + k : 0,
      })),
    };
    const spec = { weights: DEFAULT_FIT_WEIGHTS, categories: ['Pet Supplies', 'Home Supplies'], outcomes };
    const exclude = Array.from({ length: 250 }, (_, k) => rows[k * 13]!.id);
    for (let w = 0; w < 3; w++) index.fit(rank, spec, {}, 50, true, exclude);
    const fitTimes: number[] = [];
    for (let s = 0; s < Math.min(samples, 20); s++) {
      t = performance.now();
      const res = index.fit(rank, spec, {}, 50, true, exclude);
      fitTimes.push(performance.now() - t);
      if (res.results.length !== 50) throw new Error('expected 50 fits');
    }
    out.push({
      rows: n.toLocaleString('en-US'),
      measure: "a plan's best 50 fits (nine parts, 5,000 with outcomes), contacted left out",
      ...latency(fitTimes, ms),
      target: '',
      load: loadavg(),
    });
    out.push({
      rows: n.toLocaleString('en-US'),
      measure: 'features built (first request), and their memory',
      samples: 1,
      p50: ms(buildMs),
      p95: `${((after - before) / 1e6).toFixed(1)} MB`,
      target: n === 1_000_000 ? 'memory ≤ 64 MB' : '',
      load: loadavg(),
    });
  }
  say(
    `${LOOKALIKE_TITLE} (Node, the query worker's code; generated archetype workspaces)`,
    out,
    'Each sample is a new seed (or 12) scored against every row the filter keeps, blacklisted and contacted ' +
      "creators left out (the filter's match mask is built first, as Home's list query with that filter does, " +
      'and three warm-up queries run first), ' +
      'through a bounded heap of 50 and the three reasons of each result. The memory row is ' +
      'the heap and array buffers added by building the features (run with --expose-gc for a clean figure).',
  );
}
