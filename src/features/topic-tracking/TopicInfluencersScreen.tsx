/**
 * /topicInfluencer?id=: the authors of one topic's videos (POST /challenge/video.blogger.lists),
 * a server-paged grid with the synced bottom scrollbar. Status and tags come from the creator
 * database when the author is already in it.
 */
import { useMemo } from 'react';
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { m } from '../../paraglide/messages.js';
import { authorColumns } from './author-columns.tsx';
import { topicInfluencers } from './topic-tracking-api.ts';
import { TopicPagedGrid } from './TopicPagedGrid.tsx';

export function TopicInfluencersScreen({ id }: { id: string }) {
  // the server pages this list in its own order: no header sorting here
  const columns = useMemo(() => authorColumns<TopicAuthorRow>(false), []);
  return (
    <TopicPagedGrid
      id={id}
      query={topicInfluencers}
      columns={columns}
      aria-label={m.app_title_topic_influencer()}
      storageKey="topicInfluencer"
      emptyText={m.influencer_empty()}
    />
  );
}
