/**
 * "Samples without content" in the query worker: overdueFromMirror (src/workers/overdue-samples.ts,
 * the code the worker runs on each change of the mirror) over OVERDUE_SAMPLES (default 50,000)
 * plan creators, 90 % of them shipped, in 40 plans across every market, shipped over the last
 * 120 days, with as many creators and 200 products. Measured in Node: building the index of shipped
 * samples (once per change of the mirror), then the whole list (every plan) and one plan's from that
 * index to the sorted answer (the IndexedDB read that feeds it is not included; it runs when the
 * mirror changes, not per filter).
 */
import { COUNTRIES } from '../contract/constants.ts';
import type { OverdueMirror, OverdueCreator, OverdueSample } from '../src/workers/overdue-samples.ts';
import { indexOverdue, overdueAt, overdueFromMirror } from '../src/workers/overdue-samples.ts';
import { latency, type Row } from './report.ts';

type Say = (title: string, rows: Row[], note?: string) => void;
export const OVERDUE_TITLE = 'Samples without content: the list in the query worker';
const N = Number(process.env.OVERDUE_SAMPLES ?? 50_000);
const RUNS = Number(process.env.OVERDUE_RUNS ?? 40);
const AT = Date.parse('2026-11-29T12:00:00Z') / 1000;
const ms = (x: number) => `${x.toFixed(1)} ms`;

function mirrorOf(n: number): OverdueMirror {
  const plans = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: `Plan ${i + 1}`,
    country: COUNTRIES[i % COUNTRIES.length]!,
    product_ids: `${(i % 200) + 1},${((i * 7) % 200) + 1}`,
    sample_cost: 10 + i,
    shipping_cost: 4.5,
    post_within_days: [7, 14, 21, 30][i % 4]!,
    chat_template_id: 0,
  }));
  const samples: OverdueSample[] = [];
  const creators = new Map<number, OverdueCreator>();
  for (let i = 0; i < n; i++) {
    const id = i + 1;
    creators.set(id, {
      unique_id: `creator${id}`,
      daren_name: i % 3 ? `Name ${id}` : '',
      nick_name: `nick${id}`,
    });
    samples.push({
      id,
      plan_id: (i % 40) + 1,
      creator_id: id,
      stage: i % 10 === 0 ? 'posted' : 'shipped',
      sample_time: AT - ((i * 7919) % (120 * 86_400)),
    });
  }
  const products = new Map(
    Array.from({ length: 200 }, (_, i) => [
      i + 1,
      { product_id: String(1_729_000_000_000_000_000n + BigInt(i)), product_title: `Product ${i + 1}` },
    ]),
  );
  return { plans, samples, creators, products };
}

export async function benchOverdue(say: Say, loadavg: () => string): Promise<void> {
  const mirror = mirrorOf(N);
  const out: Row[] = [];
  // The first answer of a fresh worker: nothing compiled, no shop day remembered yet.
  const t0 = performance.now();
  const first = overdueFromMirror(mirror, AT);
  out.push({
    'plan creators': N.toLocaleString('en-US'),
    measure: 'Samples without content, every plan: first answer of a fresh worker (one run)',
    overdue: first.total.toLocaleString('en-US'),
    samples: 1,
    p50: ms(performance.now() - t0),
    p95: '',
    target: '',
    load: loadavg(),
  });
  // Once per change of the mirror: the samples that can be overdue, in flat arrays.
  const builds: number[] = [];
  let ix = indexOverdue(mirror);
  for (let s = 0; s < 10; s++) {
    const t = performance.now();
    ix = indexOverdue(mirror);
    builds.push(performance.now() - t);
  }
  out.push({
    'plan creators': N.toLocaleString('en-US'),
    measure: 'index the shipped samples (once per change of the mirror)',
    overdue: '',
    ...latency(builds, ms),
    target: '',
    load: loadavg(),
  });
  for (const [label, plan] of [
    ['every plan', undefined],
    ['one plan', 3],
  ] as const) {
    // Warm-up: the worker has answered before (the screen's first answer).
    for (let w = 0; w < 3; w++) overdueAt(ix, AT, plan);
    const times: number[] = [];
    let total = 0;
    for (let s = 0; s < RUNS; s++) {
      const t = performance.now();
      const res = overdueAt(ix, AT + s * 3600, plan);
      times.push(performance.now() - t);
      total = res.total;
      if (!res.rows.length) throw new Error('expected overdue samples');
    }
    out.push({
      'plan creators': N.toLocaleString('en-US'),
      measure: `Samples without content, ${label}: filter, value and days overdue, sorted`,
      overdue: total.toLocaleString('en-US'),
      ...latency(times, ms),
      target: 'p95 ≤ 16 ms',
      load: loadavg(),
    });
  }
  say(
    OVERDUE_TITLE,
    out,
    `Node ${process.version}, ${RUNS} runs after three warm-ups, each at a moment an hour later; the code the query worker runs (src/workers/overdue-samples.ts) on the mirror's rows in memory: the filter rows are \`overdueAt\` over the index the worker keeps (built when the mirror changes, its own row); the first answer includes the index and the calendar's first use. The answer holds the 1,000 most overdue with the total. The machine is shared: the load column is the 1-minute load average when the row ended.`,
  );
}
