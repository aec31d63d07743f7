/**
 * Runs in a dedicated worker in Chromium: the real sync engine into IndexedDB (first sync),
 * the real query source loading blocks, and the query engine over generated rows.
 */
import * as Comlink from 'comlink';
import { LocalDB } from '../../src/db/db.ts';
import { SyncEngine } from '../../src/workers/sync-engine.ts';
import { CreatorSource } from '../../src/workers/query-source.ts';
import { CreatorIndex } from '../../src/workers/query-engine.ts';
import { SORT_FIELDS, type CreatorQuery } from '../../src/workers/query-types.ts';
import { makeCreators, queryMix } from '../gen.ts';

let index: CreatorIndex | null = null;
let mix: CreatorQuery[] = [];

const api = {
  async firstSync(apiBase: string, token: string, pageLimit: number) {
    const db = new LocalDB(`bench-${Date.now()}`);
    let pages = 0;
    const counted: typeof fetch = (i, init) => {
      pages++;
      return fetch(i, init);
    };
    const engine = new SyncEngine({ db, fetch: counted, apiBase, pageLimit, periodMs: 1e9 });
    const t0 = performance.now();
    await engine.start({ token, language: 'en-us' });
    const syncMs = performance.now() - t0;
    engine.stop();
    const src = new CreatorSource(db);
    const t1 = performance.now();
    await src.setCountry('US');
    const loadMs = performance.now() - t1;
    const t2 = performance.now();
    const first = src.index.query({ field: 'follower_count', sort: 'desc', offset: 0, limit: 20 });
    const firstQueryMs = performance.now() - t2;
    src.close();
    index = src.index;
    db.close();
    await LocalDB.delete(db.name);
    return { syncMs, loadMs, firstQueryMs, rows: src.index.size, total: first.total, pages };
  },

  /** Builds an index over generated rows (in memory, not IndexedDB) and warms every sort. */
  generate(n: number) {
    index = null;
    const t0 = performance.now();
    const rows = makeCreators(n);
    const genMs = performance.now() - t0;
    const t1 = performance.now();
    index = new CreatorIndex(rows);
    const buildMs = performance.now() - t1;
    const t2 = performance.now();
    for (const f of SORT_FIELDS) index.permutation(f);
    const warmMs = performance.now() - t2;
    mix = queryMix(400);
    return { genMs, buildMs, warmMs };
  },

  /** Times the query mix inside the worker (filter + sort + first page). */
  queries(runs: number): number[] {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      index!.query(mix[i % mix.length]!);
      times.push(performance.now() - t0);
    }
    return times;
  },

  /** One query answered across postMessage: the window only. */
  queryAt(i: number) {
    const r = index!.query(mix[i % mix.length]!);
    return { rows: r.rows, total: r.total };
  },

  /** A page as the app's query worker answers it (the rows themselves cross postMessage). */
  page(q: CreatorQuery) {
    const r = index!.query(q);
    return { rows: r.rows, total: r.total };
  },

  /** A query as the grid sends it, for the server comparison. */
  one(q: CreatorQuery) {
    const t0 = performance.now();
    const r = index!.query(q);
    return { ms: performance.now() - t0, total: r.total, ids: r.rows.map((x) => x.id) };
  },
};

export type BenchWorker = typeof api;
Comlink.expose(api);
