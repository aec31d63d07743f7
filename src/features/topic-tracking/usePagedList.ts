/**
 * One server-paged list: fetches `load(page, limit)` whenever the page, the size or `queryKey`
 * changes (a new query key goes back to page 1), aborts a superseded call, and keeps the last
 * good page on failure (the client has already shown the error); 40004 marks the list missing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CODES } from '../../../contract/codes.ts';
import { isApiError } from '../../api/errors.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';

export interface PagedData<Row> {
  list: Row[];
  count: number;
}

export interface PagedList<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** True once the first answer (or failure) arrived. */
  loaded: boolean;
  /** The server knows no such list (40004: an unknown topic id). */
  missing: boolean;
  setPage: (page: number, pageSize: number) => void;
  reload: () => void;
}

export function usePagedList<Row>(
  load: (page: number, limit: number, signal: AbortSignal) => Promise<PagedData<Row>>,
  queryKey: string,
): PagedList<Row> {
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, key: queryKey, tick: 0 });
  const [data, setData] = useState<PagedData<Row>>({ list: [], count: 0 });
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [missing, setMissing] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  // a new query starts again at page 1
  if (paging.key !== queryKey) setPaging((p) => ({ ...p, page: 1, key: queryKey }));

  useEffect(() => {
    if (paging.key !== queryKey) return;
    const ctrl = new AbortController();
    setLoading(true);
    loadRef
      .current(paging.page, paging.size, ctrl.signal)
      .then((r) => {
        setData({ list: r.list, count: r.count });
        setMissing(false);
      })
      .catch((e: unknown) => {
        if (isApiError(e) && e.code === CODES.NOT_FOUND) setMissing(true);
      })
      .finally(() => {
        if (ctrl.signal.aborted) return;
        setLoading(false);
        setLoaded(true);
      });
    return () => ctrl.abort();
  }, [paging, queryKey]);

  const setPage = useCallback((page: number, size: number) => setPaging((p) => ({ ...p, page, size })), []);
  const reload = useCallback(() => setPaging((p) => ({ ...p, tick: p.tick + 1 })), []);

  return {
    rows: data.list,
    total: data.count,
    page: paging.page,
    pageSize: paging.size,
    loading,
    loaded,
    missing,
    setPage,
    reload,
  };
}
