/**
 * The home grid's data: one page of the query worker's answer for the current filters and sort.
 * The worker follows IndexedDB (sync blocks, outbox effects) on its own and says when its rows
 * changed (`subscribe`); the page is then asked again, so the first sync fills the grid as it
 * lands and an edit shows up without a reload. `showEdit` lets an action show its effect on the
 * page at once, and keeps it there until the worker has read the outbox (pending-edits.ts).
 */
import * as Comlink from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreatorFilter, SortField } from '../../workers/query-engine.ts';
import { queryWorker } from '../../workers/query-client.ts';
import type { HomeRow } from './creator-columns.tsx';
import { PendingEdits } from './pending-edits.ts';

export interface CreatorPageQuery {
  country: string;
  filter: CreatorFilter;
  field?: SortField;
  sort?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function useCreatorQuery(q: CreatorPageQuery) {
  const [rows, setRows] = useState<HomeRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const seq = useRef(0);
  const pending = useRef(new PendingEdits<HomeRow>());
  const key = JSON.stringify(q);

  // `loading` only changes until the first answer: afterwards the grid keeps showing the previous
  // rows while the next query runs (a few ms), so flipping it per query would only cost renders.
  const loadedRef = useRef(false);
  const run = useCallback((): Promise<void> => {
    const mine = ++seq.current;
    const { country, filter, field, sort, page, pageSize } = JSON.parse(key) as CreatorPageQuery;
    if (!loadedRef.current) setLoading(true);
    return queryWorker()
      .query(country, { ...filter, field, sort, offset: (page - 1) * pageSize, limit: pageSize })
      .then(
        (res) => {
          if (mine !== seq.current) return;
          loadedRef.current = true;
          // one render: rows, total and the loading flags change together
          setRows(pending.current.apply(res.rows as unknown as HomeRow[], mine));
          setTotal(res.total);
          setLoaded(true);
          setLoading(false);
        },
        () => {
          if (mine === seq.current) setLoading(false);
        },
      );
  }, [key]);

  // Worker change events ask again, at most one query in flight (a burst of blocks during the
  // first sync becomes one follow-up query, not one per block).
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
    void run();
  }, [run]);

  const country = q.country;
  useEffect(() => {
    let inFlight = false;
    let again = false;
    let live = true;
    const refresh = () => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      void latest.current().finally(() => {
        inFlight = false;
        if (again && live) {
          again = false;
          refresh();
        }
      });
    };
    const worker = queryWorker();
    const sub = worker.subscribe(
      Comlink.proxy((c: string) => {
        if (live && c === country) refresh();
      }),
    );
    return () => {
      live = false;
      void sub.then((id) => worker.unsubscribe(id));
    };
  }, [country]);

  /**
   * Shows an edit on the current page at once and on every answer until the worker has it. After
   * the outbox write, `settle()` asks the worker to apply the outbox; if the write failed,
   * `discard()` drops the edit (then reload).
   */
  const showEdit = useCallback(
    (ids: ReadonlySet<number>, fn: (r: HomeRow) => HomeRow) => {
      const edits = pending.current;
      const edit = edits.add(ids, fn);
      setRows((rs) => edits.show(rs, edit));
      return {
        settle: async () => {
          await queryWorker()
            .applyOutbox(country)
            .catch(() => undefined);
          edits.settle(edit, seq.current);
        },
        discard: () => edits.discard(edit),
      };
    },
    [country],
  );

  return { rows, total, loading, loaded, reload: run, showEdit };
}
