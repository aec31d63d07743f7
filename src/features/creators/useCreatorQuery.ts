/**
 * The home grid's data: one page of the query worker's answer for the current filters and sort.
 * The worker follows IndexedDB (sync blocks, outbox effects) on its own but does not tell the
 * UI, so this hook watches the same two signals (the block revision and the outbox) and asks
 * again shortly after they change: the first sync fills the grid as it lands, and an edit shows
 * up without a reload. `patchRows` lets an action show its effect on the page at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { META, getMeta } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import type { CreatorFilter, SortField } from '../../workers/query-engine.ts';
import { queryWorker } from '../../workers/query-client.ts';
import type { HomeRow } from './creator-columns.tsx';

export interface CreatorPageQuery {
  country: string;
  filter: CreatorFilter;
  field?: SortField;
  sort?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Re-asks after a change signal: the worker's own live query needs a moment to apply it. */
const FOLLOW_UP_MS = [120, 600];

export function useCreatorQuery(q: CreatorPageQuery) {
  const [rows, setRows] = useState<HomeRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const seq = useRef(0);
  const key = JSON.stringify(q);

  const run = useCallback(() => {
    const mine = ++seq.current;
    const { country, filter, field, sort, page, pageSize } = JSON.parse(key) as CreatorPageQuery;
    setLoading(true);
    queryWorker()
      .query(country, { ...filter, field, sort, offset: (page - 1) * pageSize, limit: pageSize })
      .then((res) => {
        if (mine !== seq.current) return;
        setRows(res.rows as unknown as HomeRow[]);
        setTotal(res.total);
        setLoaded(true);
      })
      .catch(() => undefined)
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [key]);

  useEffect(run, [run]);

  const signal = useLiveQuery(
    async () => `${(await getMeta<number>(localDb, META.rev)) ?? 0}:${await localDb.outbox.count()}`,
    [],
  );
  const lastSignal = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signal === undefined || signal === lastSignal.current) return;
    const first = lastSignal.current === undefined;
    lastSignal.current = signal;
    if (first) return;
    const timers = FOLLOW_UP_MS.map((ms) => setTimeout(run, ms));
    return () => timers.forEach(clearTimeout);
  }, [signal, run]);

  /** Shows a queued edit on the current page before the worker has applied it. */
  const patchRows = useCallback((ids: ReadonlySet<number>, fn: (r: HomeRow) => HomeRow) => {
    setRows((rs) => rs.map((r) => (ids.has(r.id) ? fn(r) : r)));
  }, []);

  return { rows, total, loading, loaded, reload: run, patchRows };
}
