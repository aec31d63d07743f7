/**
 * The home grid's data: one page of the query worker's answer for the current filters and sort.
 * The worker follows IndexedDB (sync blocks, outbox effects) on its own and says when its rows
 * changed (`subscribe`). `showEdit` lets an action show its effect on the page at once, and keeps
 * it there until the worker has read the outbox (pending-edits.ts).
 *
 * Rows never jump while a sync lands: a change the user did not ask for (a pulled page,
 * another tab's edit) refreshes the values of the rows on screen in place, in the same order, and
 * only says that the page would now hold other rows (`stale`); the new order shows when the user
 * acts (filter, sort, page, refresh, `reload`). An empty page (the first sync's first rows) fills
 * at once.
 */
import * as Comlink from 'comlink';
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CreatorFilter, SortField } from '../../workers/query-types.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { keepSameRows } from '../../ui/DataGrid/same-rows.ts';
import type { HomeRow } from './creator-columns.tsx';
import { PendingEdits } from './pending-edits.ts';
import { QueryTurns } from './query-turns.ts';

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
  const [stale, setStale] = useState(false);
  /** The user's last query failed (the query worker could not start): the grid says so, not "no match". */
  const [failed, setFailed] = useState(false);
  const shown = useRef<HomeRow[]>([]);
  const turns = useRef(new QueryTurns());
  const pending = useRef(new PendingEdits<HomeRow>());
  const key = JSON.stringify(q);

  // `loading` only changes until the first answer: afterwards the grid keeps showing the previous
  // rows while the next query runs (a few ms), so flipping it per query would only cost renders.
  const loadedRef = useRef(false);
  /**
   * `hold`: a change the user did not ask for; keep the shown rows where they are, unless an answer
   * the user asked for has not shown yet (QueryTurns).
   */
  const ask = useCallback(
    async (hold: boolean): Promise<void> => {
      const mine = turns.current.begin(!hold);
      const { country, filter, field, sort, page, pageSize } = JSON.parse(key) as CreatorPageQuery;
      if (!loadedRef.current) setLoading(true);
      const worker = queryWorker();
      try {
        const res = await worker.query(country, {
          ...filter,
          field,
          sort,
          offset: (page - 1) * pageSize,
          limit: pageSize,
        });
        let next = res.rows as unknown as HomeRow[];
        const background = turns.current.holds(hold);
        const held = background && shown.current.length > 0;
        if (held) {
          const ids = shown.current.map((r) => r.id);
          next = (await worker.rows(country, ids)) as unknown as HomeRow[];
        }
        if (!turns.current.finish(mine)) return;
        loadedRef.current = true;
        // Unchanged rows keep their objects: a synced page re-renders only the rows it changed.
        const rowsNow = keepSameRows(shown.current, pending.current.apply(next, mine));
        shown.current = rowsNow;
        const show = () => {
          setRows(rowsNow);
          setTotal(res.total);
          setStale(held && !sameIds(res.rows, next));
          setLoaded(true);
          setLoading(false);
          setFailed(false);
        };
        // The user's answer: one render, in this task rather than a scheduler task after it. A synced
        // page nobody asked for: a transition, which React renders in slices that let a key or a click
        // in between; the first rows of a first sync on a slow phone were one task of 130-270 ms.
        if (background) startTransition(show);
        else flushSync(show);
      } catch {
        if (mine !== turns.current.latest) return;
        setLoading(false);
        // Rows of another filter would answer this one: none, and the grid says why.
        if (!hold) {
          shown.current = [];
          setRows([]);
          setTotal(0);
          setFailed(true);
        }
      }
    },
    [key],
  );
  const run = useCallback(() => ask(false), [ask]);

  // Worker change events ask again, at most one query in flight (a burst of blocks during the
  // first sync becomes one follow-up query, not one per block).
  // A layout effect: the query leaves in the task of the keystroke or click that changed it, not
  // after the browser has painted the input (the worker answers a 100k-row query in ~1 ms, so the
  // answer can be on screen a frame sooner).
  const latest = useRef(ask);
  useLayoutEffect(() => {
    latest.current = ask;
    void run();
  }, [ask, run]);

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
      void latest.current(true).finally(() => {
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
    sub.catch(() => undefined); // a worker that could not start: the query above says so
    return () => {
      live = false;
      void sub.then((id) => worker.unsubscribe(id)).catch(() => undefined);
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
      shown.current = edits.show(shown.current, edit);
      setRows(shown.current);
      return {
        settle: async () => {
          await queryWorker()
            .applyOutbox(country)
            .catch(() => undefined);
          edits.settle(edit, turns.current.latest);
        },
        discard: () => edits.discard(edit),
      };
    },
    [country],
  );

  return { rows, total, loading, loaded, stale, failed, reload: run, showEdit };
}

const sameIds = (a: readonly { id: number }[], b: readonly { id: number }[]): boolean =>
  a.length === b.length && a.every((r, i) => r.id === b[i]!.id);
