/** The query worker: exposes CreatorSource/CreatorIndex over comlink. Logic: query-source.ts. */
import * as Comlink from 'comlink';
import { LocalDB } from '../db/db.ts';
import type { Language } from '../../contract/constants.ts';
import type { CreatorRow } from '../../contract/sync.ts';
import type {
  CreatorFilter,
  CreatorQuery,
  ExportFormat,
  FitAnswer,
  FitSpec,
  LookalikeAnswer,
  QueryResult,
  SortField,
  ViewFile,
} from './query-types.ts';
import { watchOverdue, type OverdueUpdate } from './overdue-source.ts';
import { CreatorSource } from './query-source.ts';
import { exposeWorker } from './start-worker.ts';

/** The ranking code, loaded with the first lookalike or fit question (rank/rank.ts says why). */
const loadRank = () => import('./rank/rank.ts');

const db = new LocalDB();
const source = new CreatorSource(db);
const subscriptions = new Map<number, () => void>();
let lastSubscription = 0;

const api = {
  /** Loads the country's rows (a no-op when already loaded). */
  setCountry: (country: string) => source.setCountry(country),
  async query(country: string, q: CreatorQuery): Promise<QueryResult & { ms: number }> {
    const loading = source.setCountry(country);
    loading.catch(() => undefined); // awaited below unless answered early
    // a first page stored by the last session over the same data, while the rows still load
    const early = await source.quickAnswer(country, q);
    if (early) return { ...early, ms: 0 };
    await loading;
    const t0 = performance.now();
    const res = source.query(q);
    return { ...res, ms: performance.now() - t0 };
  },
  /**
   * The rows with these ids as they are now, in the same order (rows gone since are left out):
   * a page held still while a sync lands refreshes its values in place (useCreatorQuery).
   */
  async rows(country: string, ids: readonly number[]): Promise<CreatorRow[]> {
    await source.setCountry(country);
    const out: CreatorRow[] = [];
    for (const id of ids) {
      const row = source.index.row(id);
      if (row) out.push(row);
    }
    return out;
  },
  /**
   * A creator from the rows already loaded (the list the user is looking at), outbox applied; null
   * when it is not among them. Never loads: the creator page shows this at once on a list click
   * while its own live read of the mirror (a whole storage block) is on its way.
   */
  loadedRow(id: number): CreatorRow | null {
    return source.index.row(id) ?? null;
  },
  /**
   * Creators like the seeds among `filter`'s matches of the country's loaded rows, with
   * reasons; `ms` is the worker's time for the ranking (features built on first use included).
   */
  async lookalikes(
    country: string,
    seedIds: readonly number[],
    filter: CreatorFilter,
    opts: { k: number; skipContacted: boolean; seedLimit?: number },
  ): Promise<LookalikeAnswer & { ms: number }> {
    await source.setCountry(country);
    const rank = await loadRank();
    const t0 = performance.now();
    const res = source.index.lookalikes(rank, seedIds, filter, opts.k, opts.skipContacted, opts.seedLimit);
    return { ...res, ms: performance.now() - t0 };
  },
  /** The creators that fit a plan best; `ms` as for lookalikes. */
  async fit(
    country: string,
    spec: FitSpec,
    filter: CreatorFilter,
    opts: { k: number; skipContacted: boolean; excludeIds: readonly number[] },
  ): Promise<FitAnswer & { ms: number }> {
    await source.setCountry(country);
    const rank = await loadRank();
    const t0 = performance.now();
    const res = source.index.fit(rank, spec, filter, opts.k, opts.skipContacted, opts.excludeIds);
    return { ...res, ms: performance.now() - t0 };
  },
  /** Precomputes sort orders so later sort changes are cheap. */
  async warm(country: string, fields: SortField[]): Promise<void> {
    await source.setCountry(country);
    for (const f of fields) source.index.permutation(f);
  },
  /** Resolves once the current outbox is applied to `country`'s rows (see CreatorSource.applyOutbox). */
  async applyOutbox(country: string): Promise<void> {
    if (country === source.country) await source.applyOutbox();
  },
  size: () => source.index.size,
  /** `fn` (a Comlink.proxy) hears `country` after each change of the loaded rows; see unsubscribe. */
  subscribe(fn: (country: string) => void): number {
    const id = ++lastSubscription;
    subscriptions.set(
      id,
      source.onChange((c) => void fn(c)),
    );
    return id;
  },
  /**
   * "Samples without content" computed here from the mirror (overdue-source.ts): `fn` (a
   * Comlink.proxy) hears the list now and after every change of the rows it reads; stop it with
   * unsubscribe.
   */
  watchOverdue(fn: (u: OverdueUpdate) => void): number {
    const id = ++lastSubscription;
    subscriptions.set(
      id,
      watchOverdue(db, (u) => void fn(u)),
    );
    return id;
  },
  unsubscribe(id: number): void {
    subscriptions.get(id)?.();
    subscriptions.delete(id);
  },
  /**
   * "Export this view": every row of the filter in the sort's order, written here; the file's
   * buffer is transferred to the page, not copied.
   */
  async exportView(
    country: string,
    q: CreatorFilter & Pick<CreatorQuery, 'field' | 'sort'>,
    format: ExportFormat,
    language: Language,
    onProgress?: (done: number, total: number) => void,
    /** The plan's row cap (free: the first 500 rows of the view); null for all. */
    cap: number | null = null,
  ): Promise<ViewFile> {
    await source.setCountry(country);
    const { rows } = source.index.query({ ...q, offset: 0, limit: cap ?? Number.MAX_SAFE_INTEGER });
    // The file writers load with the first export: most sessions never export, and the worker's
    // first load is part of every cold /home (docs/benchmarks.md).
    const { exportCreatorView } = await import('./view-export.ts');
    const file = await exportCreatorView(rows, { country, format, language, onProgress });
    return Comlink.transfer(file, [file.bytes.buffer]);
  },
};
export type QueryWorkerApi = typeof api;
exposeWorker(api);
