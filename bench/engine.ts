/**
 * The local-first engine's figures: the query engine in Node, sync pulls from a real server, and
 * in headless Chromium the first sync into IndexedDB, the query engine in a worker at 100k and 1M
 * rows, and the same first pages from the server and from the worker.
 * `BENCH_ONLY=engine npm run bench` runs only this part.
 */
import { startServer } from '../tests/helpers/server-process.ts';
import { benchQueries } from './query-node.ts';
import { apiPoster, seedCreators } from './seed-server.ts';
import { buildBenchPage, withBenchPage } from './browser-bench.ts';
import { percentile, queryMix } from './gen.ts';
import type { Row } from './report.ts';

type Say = (title: string, rows: Row[], note?: string) => void;

export const ENGINE_FIRST = 'Query engine in Node';
export const ENGINE_LAST = 'Same first page: server vs local';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BIG = Number(process.env.BENCH_BIG ?? 1_000_000);
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

export async function benchEngine(say: Say, load: () => string): Promise<void> {
  // 1. Query engine in Node.
  const nodeRows: Row[] = [];
  for (const n of [ROWS, BIG]) {
    const f = benchQueries(n, 300);
    nodeRows.push({
      rows: n.toLocaleString('en-US'),
      'index build': ms(f.buildMs),
      'one sort order': ms(f.coldSortMs),
      'all 18 sort orders': ms(f.warmMs),
      'query p50': ms(f.p50),
      'query p95': ms(f.p95),
      'query max': ms(f.max),
      'CPU p50': ms(f.cpuP50),
      'CPU p95': ms(f.cpuP95),
      load: load(),
    });
  }
  say(
    'Query engine in Node (filter + sort + first page, sort orders precomputed)',
    nodeRows,
    'Wall times include waiting for a CPU on a shared machine; CPU columns are the process CPU time per query.',
  );

  // 2. Server.
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    let t = performance.now();
    const who = await seedCreators(server.dataDir, ROWS);
    const seedMs = performance.now() - t;
    const api = `${server.url}/api/v0.1`;
    const post = apiPoster(server.url, who.token);
    const pullRows: Row[] = [];
    for (const limit of [5000, 10000, 20000]) {
      t = performance.now();
      let cursor = '';
      let pages = 0;
      let rows = 0;
      for (;;) {
        const r = await post('/sync/pull', { cursor, limit });
        pages++;
        rows += r.data.changes.creators.rows.length;
        cursor = r.data.cursor;
        if (!r.data.has_more) break;
      }
      const total = performance.now() - t;
      pullRows.push({
        'page limit': limit,
        pages,
        rows,
        time: ms(total),
        'rows/s': Math.round(rows / (total / 1000)),
        load: load(),
      });
    }
    say(
      `Sync pull from Node over HTTP (${ROWS.toLocaleString('en-US')} creators, SQLite; seeded in ${ms(seedMs)})`,
      pullRows,
    );

    if (process.env.BENCH_SKIP_BROWSER !== '1') {
      const outDir = await buildBenchPage();
      await withBenchPage(server.url, outDir, async (page) => {
        const syncRows: Row[] = [];
        for (const limit of [5000, 10000]) {
          const r = await page.evaluate(([a, tk, l]) => (window as any).bench.worker.firstSync(a, tk, l), [
            api,
            who.token,
            limit,
          ] as const);
          syncRows.push({
            'page limit': limit,
            requests: r.pages,
            'sync into IndexedDB': ms(r.syncMs),
            'load blocks (query worker)': ms(r.loadMs),
            'first query': ms(r.firstQueryMs),
            'ready to query': ms(r.syncMs + r.loadMs + r.firstQueryMs),
            rows: r.rows,
            target: '< 5000 ms',
            load: load(),
          });
        }
        say('First sync in Chromium (sync worker engine → IndexedDB → query source)', syncRows);

        const qRows: Row[] = [];
        const target: Record<number, string> = { [ROWS]: '< 16 ms', [BIG]: 'p95 ≤ 50 ms' };
        for (const n of [ROWS, BIG]) {
          const g = await page
            .evaluate((k) => (window as any).bench.worker.generate(k), n)
            .catch((e: unknown) => ({ error: String(e).slice(0, 120) }));
          if ('error' in g) {
            qRows.push({
              rows: n.toLocaleString('en-US'),
              'index build': `failed: ${g.error}`,
              load: load(),
            });
            continue;
          }
          const times: number[] = await page.evaluate(() => (window as any).bench.worker.queries(300));
          const trips: number[] = await page.evaluate(() => (window as any).bench.roundTrips(100));
          qRows.push({
            rows: n.toLocaleString('en-US'),
            'index build': ms(g.buildMs),
            'all sort orders': ms(g.warmMs),
            'query p50': ms(percentile(times, 50)),
            'query p95': ms(percentile(times, 95)),
            'round trip p95': ms(percentile(trips, 95)),
            target: target[n] ?? '',
            load: load(),
          });
        }
        say(
          'Query engine in a Chromium worker (generated rows in memory; filter + sort + first page)',
          qRows,
        );

        // The same first pages from the server and locally (the server holds ROWS creators).
        await page.evaluate((k) => (window as any).bench.worker.generate(k), ROWS);
        const cmp: Row[] = [];
        const qs = queryMix(40, 9).map((q) => ({ ...q, offset: 0 }));
        const pairs = qs.map((q) => {
          const body: Record<string, string | number> = {
            language: 'en-us',
            country: 'US',
            page: 1,
            limit: 20,
          };
          if (q.field) body.field = q.field;
          if (q.sort) body.sort = q.sort;
          if (q.name) body.name = q.name;
          if (q.isChat !== undefined) body.isChat = q.isChat;
          if (q.isInvitation !== undefined) body.isInvitation = q.isInvitation;
          if (q.isBlack !== undefined) body.isBlack = q.isBlack;
          if (q.tagIds) body['tagsId[0]'] = q.tagIds[0]!;
          if (q.startTime) body.startTime = q.startTime;
          if (q.endTime) body.endTime = q.endTime;
          const text = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
          return { q, body: text };
        });
        // Twice: the first pass warms the server's statements and the worker's sort orders.
        await page.evaluate(([p, token]) => (window as any).bench.compare(p, token), [
          pairs,
          who.token,
        ] as const);
        const {
          remote,
          local,
          ok: listsOk,
        } = (await page.evaluate(([p, token]) => (window as any).bench.compare(p, token), [
          pairs,
          who.token,
        ] as const)) as { remote: number[]; local: number[]; ok: boolean };
        cmp.push({
          'POST /blogger/lists p50': listsOk ? ms(percentile(remote, 50)) : 'not available',
          'p95 ': listsOk ? ms(percentile(remote, 95)) : '',
          'local (worker round trip with the rows) p50': ms(percentile(local, 50)),
          'p95  ': ms(percentile(local, 95)),
          'ratio p50': listsOk ? `${(percentile(remote, 50) / percentile(local, 50)).toFixed(1)}×` : '',
          'ratio p95': listsOk ? `${(percentile(remote, 95) / percentile(local, 95)).toFixed(1)}×` : '',
          target: 'ratio ≥ 10×',
          load: load(),
        });
        say(
          `Same first page: server vs local (${ROWS.toLocaleString('en-US')} creators)`,
          cmp,
          'Both timed in the page (performance.now()): the server as the page fetches it (HTTP on loopback, JSON parsed), the local page as the app gets it from its query worker (postMessage both ways, the 20 rows cloned). 40 queries of the grid mix at offset 0, after one warm-up pass of the same 40.',
        );
      });
    }
  } finally {
    await server.stop();
  }
}
