/**
 * The frame both topic pages share: the ?id= guard, then one server-paged grid of the topic's
 * rows (`query` is one of topic-tracking-api's list calls) with the synced bottom scrollbar.
 */
import { useCallback, type ReactNode } from 'react';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridCard, GridColumn } from '../../ui/DataGrid/grid-types.ts';
import type { TopicPageQuery } from './topic-tracking-api.ts';
import { TopicIdGuard, TopicMissing } from './TopicIdGuard.tsx';
import { usePagedList, type PagedData } from './usePagedList.ts';
import './topic-tracking.css';

export interface TopicPagedGridProps<Row extends { id: number }> {
  /** The raw ?id= value. */
  id: string;
  query: (q: TopicPageQuery, signal: AbortSignal) => Promise<PagedData<Row>>;
  columns: readonly GridColumn<Row>[];
  /** The row as a card on a narrow grid (a phone). */
  card?: GridCard<Row>;
  'aria-label': string;
  storageKey: string;
  emptyText: string;
  /** A line above the grid once the first page has loaded (the videos page's collection note). */
  above?: (info: { topicId: number; total: number }) => ReactNode;
}

export function TopicPagedGrid<Row extends { id: number }>(props: TopicPagedGridProps<Row>) {
  return <TopicIdGuard id={props.id}>{(topicId) => <Grid {...props} topicId={topicId} />}</TopicIdGuard>;
}

function Grid<Row extends { id: number }>({
  topicId,
  query,
  above,
  ...props
}: TopicPagedGridProps<Row> & { topicId: number }) {
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) =>
      query({ challengeId: topicId, page, limit }, signal),
    [query, topicId],
  );
  const list = usePagedList(load, String(topicId));
  if (list.missing) return <TopicMissing />;
  return (
    <div className="screen-panel tt-panel">
      {list.loaded && above?.({ topicId, total: list.total })}
      <DataGrid
        aria-label={props['aria-label']}
        storageKey={props.storageKey}
        columns={props.columns}
        card={props.card}
        rows={list.rows}
        total={list.total}
        getRowKey={(r) => r.id}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onRefresh={list.reload}
        stickyFirstColumn
        emptyText={list.loaded ? props.emptyText : undefined}
      />
    </div>
  );
}
