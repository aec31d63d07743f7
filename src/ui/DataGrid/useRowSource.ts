/**
 * Where the grid's rows come from: the current page (`rows`), or, in all-rows mode, windows of the
 * whole result fetched block by block from `getWindow` (window-cache.ts). In all-rows mode the
 * scrollable row count stops under the browser's element-height cap (maxScrollRows).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { maxScrollRows } from './grid-math.ts';
import { WindowCache, type WindowProvider } from './window-cache.ts';

export interface RowSourceOptions<Row> {
  rows: readonly Row[] | undefined;
  getWindow: WindowProvider<Row> | undefined;
  windowKey: string | number | undefined;
  total: number;
  rowHeight: number;
}

export function useRowSource<Row>({ rows, getWindow, windowKey, total, rowHeight }: RowSourceOptions<Row>) {
  // bumps when a block arrives, so memoised values that read the cache recompute
  const [version, loaded] = useReducer((n: number) => n + 1, 0);
  const cache = useRef<WindowCache<Row> | null>(null);
  cache.current ??= new WindowCache<Row>(getWindow ?? (() => []), loaded);

  useEffect(() => {
    if (!getWindow) return;
    cache.current?.reset(getWindow);
    loaded();
  }, [getWindow, windowKey]);

  const windowMode = !!getWindow;
  const rowCount = windowMode ? Math.min(Math.max(0, total), maxScrollRows(rowHeight)) : (rows?.length ?? 0);

  const rowAt = useCallback(
    (i: number): Row | undefined => (windowMode ? cache.current?.get(i) : rows?.[i]),
    // version: the same index may hold a row now that its block arrived
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [windowMode, rows, version],
  );
  const ensure = useCallback(
    (start: number, end: number) => {
      if (windowMode) cache.current?.ensure(start, end, rowCount);
    },
    [windowMode, rowCount],
  );

  return { windowMode, rowCount, rowAt, ensure };
}
