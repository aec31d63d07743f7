/**
 * /topicInfluencer?id=: the authors of one topic's videos (POST /challenge/video.blogger.lists),
 * a server-paged grid with the synced bottom scrollbar. Status and tags come from the creator
 * database when the author is already in it. A narrow grid (a phone) shows each author as a card.
 */
import { useMemo } from 'react';
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { m } from '../../paraglide/messages.js';
import { authorCard } from './author-card.tsx';
import { authorColumns } from './author-columns.tsx';
import { InfluencerNote } from './CollectionNote.tsx';
import { topicInfluencers } from './topic-tracking-api.ts';
import { TopicPagedGrid } from './TopicPagedGrid.tsx';
import { useTopicRow } from './useTopicTitle.ts';

export function TopicInfluencersScreen({ id }: { id: string }) {
  // An ended topic is not collected any more: its empty grid must not promise "after the next check".
  const endTime = Number(useTopicRow(id)?.end_time) || 0;
  const ended = endTime > 0 && endTime <= Date.now() / 1000;
  // the server pages this list in its own order: no header sorting here
  const columns = useMemo(() => authorColumns<TopicAuthorRow>(false), []);
  const card = useMemo(() => authorCard<TopicAuthorRow>(), []);
  return (
    <TopicPagedGrid
      id={id}
      query={topicInfluencers}
      columns={columns}
      card={card}
      aria-label={m.app_title_topic_influencer()}
      storageKey="topicInfluencer"
      emptyText={ended ? m.influencer_empty_ended() : m.influencer_empty()}
      above={({ topicId, total }) => <InfluencerNote topicId={topicId} authors={total} />}
    />
  );
}
