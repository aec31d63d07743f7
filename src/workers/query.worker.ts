/** The query worker: exposes CreatorSource/CreatorIndex over comlink. Logic: query-source.ts. */
import * as Comlink from 'comlink';
import { LocalDB } from '../db/db.ts';
import type { CreatorQuery, QueryResult, SortField } from './query-engine.ts';
import { CreatorSource } from './query-source.ts';

const source = new CreatorSource(new LocalDB());

const api = {
  /** Loads the country's rows (a no-op when already loaded). */
  setCountry: (country: string) => source.setCountry(country),
  async query(country: string, q: CreatorQuery): Promise<QueryResult & { ms: number }> {
    await source.setCountry(country);
    const t0 = performance.now();
    const res = source.index.query(q);
    return { ...res, ms: performance.now() - t0 };
  },
  /** Precomputes sort orders so later sort changes are cheap. */
  async warm(country: string, fields: SortField[]): Promise<void> {
    await source.setCountry(country);
    for (const f of fields) source.index.permutation(f);
  },
  size: () => source.index.size,
};
export type QueryWorkerApi = typeof api;
Comlink.expose(api);
