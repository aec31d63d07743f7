/**
 * A topic's video as a card, for a narrow grid (DataGridProps.card): the video (its description,
 * linking to TikTok), the author's handle and when it was created, plays, likes and comments;
 * three one-line rows in the columns' own words (docs/decisions/pwa.md "Lists on a phone").
 */
import type { TopicVideoRow } from '../../../contract/schemas/topic-tracking.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridCard } from '../../ui/DataGrid/grid-types.ts';
import { profileUrl, videoUrl } from './topic-links.ts';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

export function videoCard(): GridCard<TopicVideoRow> {
  const label = (text: string) => <span className="cd-grid__card-label">{text}</span>;
  const plays = label(m.topicvideo_col_plays());
  const likes = label(m.topicvideo_col_likes());
  const comments = label(m.topicvideo_col_comments());
  return {
    label: m.topicvideo_col_video(),
    height: 80,
    render: (r) => (
      <>
        <span className="cd-grid__card-line">
          <NewTabLink href={videoUrl(r.unique_id, r.video_id)} title={r.video_desc}>
            {r.video_desc || r.video_id}
          </NewTabLink>
        </span>
        <span className="cd-grid__card-line">
          <NewTabLink href={profileUrl(r.unique_id)}>@{r.unique_id}</NewTabLink>
          <span>{formatDateTime(r.video_create_time)}</span>
        </span>
        <span className="cd-grid__card-line">
          {plays}
          <span>{formatNumber(r.play_count)}</span>
          {likes}
          <span>{formatNumber(r.digg_count)}</span>
          {comments}
          <span>{formatNumber(r.comment_count)}</span>
        </span>
      </>
    ),
  };
}
