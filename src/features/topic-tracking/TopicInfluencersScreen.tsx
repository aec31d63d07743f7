/**
 * /topicInfluencer?id=: the authors of one topic's videos (POST /challenge/video.blogger.lists),
 * a server-paged grid with the synced bottom scrollbar. Status and tags come from the creator
 * database when the author is already in it.
 */
import { useCallback, useMemo } from 'react';
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { m } from '../../paraglide/messages.js';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import { authorColumns } from './author-columns.tsx';
import { topicInfluencers } from './topic-tracking-api.ts';
import { TopicIdGuard } from './TopicIdGuard.tsx';
import { usePagedList } from './usePagedList.ts';
import './topic-tracking.css';

export function TopicInfluencersScreen({ id }: { id: string }) {
  return <TopicIdGuard id={id}>{(topicId) => <InfluencerGrid topicId={topicId} />}</TopicIdGuard>;
}

function InfluencerGrid({ topicId }: { topicId: number }) {
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) =>
      topicInfluencers({ challengeId: topicId, page, limit }, signal),
    [topicId],
  );
  const list = usePagedList(load, String(topicId));
  // the server pages this list in its own order: no header sorting here
  const columns = useMemo(() => authorColumns<TopicAuthorRow>(false), []);
  return (
    <div className="screen-panel tt-panel">
      <DataGrid
        aria-label={m.app_title_topic_influencer()}
        storageKey="topicInfluencer"
        columns={columns}
        rows={list.rows}
        total={list.total}
        getRowKey={(r) => r.id}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onRefresh={list.reload}
        stickyFirstColumn
        emptyText={list.loaded ? m.influencer_empty() : undefined}
      />
    </div>
  );
}
