/**
 * /topicVideo?id=: the videos collected for one topic (POST /challenge/video.lists), a server-paged
 * grid with the synced bottom scrollbar. Each row shows the cover and links to the video on TikTok;
 * a narrow grid (a phone) shows each video as a card.
 */
import { useMemo } from 'react';
import type { TopicVideoRow } from '../../../contract/schemas/topic-tracking.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { profileUrl, videoUrl } from './topic-links.ts';
import { topicVideos } from './topic-tracking-api.ts';
import { CollectionNote } from './CollectionNote.tsx';
import { videoCard } from './video-card.tsx';
import { TopicPagedGrid } from './TopicPagedGrid.tsx';
import { useTopicRow } from './useTopicTitle.ts';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

const counted = (id: keyof TopicVideoRow & string, header: string): GridColumn<TopicVideoRow> => ({
  id,
  header,
  align: 'end',
  width: 110,
  render: (r) => formatNumber(r[id] as number),
});

function VideoCell({ row }: { row: TopicVideoRow }) {
  const href = videoUrl(row.unique_id, row.video_id);
  return (
    <NewTabLink className="tt-video" href={href} title={row.video_desc}>
      {row.video_cover_path ? (
        <img className="tt-cover" src={row.video_cover_path} alt="" width={30} height={40} loading="lazy" />
      ) : (
        <span className="tt-cover tt-cover--empty" aria-hidden="true" />
      )}
      <span className="tt-video__desc">{row.video_desc || row.video_id}</span>
    </NewTabLink>
  );
}

export function TopicVideosScreen({ id }: { id: string }) {
  // An ended topic is not collected any more: its empty grid must not promise "after the next check".
  const endTime = Number(useTopicRow(id)?.end_time) || 0;
  const ended = endTime > 0 && endTime <= Date.now() / 1000;
  const columns = useMemo<GridColumn<TopicVideoRow>[]>(
    () => [
      {
        id: 'video_desc',
        header: m.topicvideo_col_video(),
        width: 300,
        alwaysVisible: true,
        render: (r) => <VideoCell row={r} />,
      },
      {
        id: 'unique_id',
        header: m.topicvideo_col_author(),
        width: 170,
        render: (r) => <NewTabLink href={profileUrl(r.unique_id)}>@{r.unique_id}</NewTabLink>,
      },
      counted('play_count', m.topicvideo_col_plays()),
      counted('digg_count', m.topicvideo_col_likes()),
      counted('comment_count', m.topicvideo_col_comments()),
      counted('share_count', m.topicvideo_col_shares()),
      counted('collect_count', m.topicvideo_col_saves()),
      {
        id: 'video_create_time',
        header: m.topicvideo_col_created(),
        width: 170,
        render: (r) => formatDateTime(r.video_create_time),
      },
      { id: 'video_ratio', header: m.topicvideo_col_ratio(), width: 90, hiddenByDefault: true },
      { id: 'video_definition', header: m.topicvideo_col_definition(), width: 100, hiddenByDefault: true },
      {
        id: 'is_ad',
        header: m.topicvideo_col_ad(),
        width: 80,
        hiddenByDefault: true,
        render: (r) => (r.is_ad ? m.common_yes() : m.common_no()),
      },
      {
        id: 'add_time',
        header: m.topicvideo_col_added(),
        width: 170,
        render: (r) => formatDateTime(r.add_time),
      },
    ],
    [],
  );
  const card = useMemo(videoCard, []);
  return (
    <TopicPagedGrid
      id={id}
      query={topicVideos}
      columns={columns}
      card={card}
      aria-label={m.app_title_topic_video()}
      storageKey="topicVideo"
      emptyText={ended ? m.topicvideo_empty_ended() : m.topicvideo_empty()}
      above={({ topicId, total }) => <CollectionNote topicId={topicId} collected={total} />}
    />
  );
}
