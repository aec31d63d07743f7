/**
 * A topic influencer (or an amateur, whose row extends the same shape) as a card, for a narrow
 * grid (DataGridProps.card): the handle (the TikTok profile) and name, followers and 30-day
 * engagement, 30-day views and videos, the creator status and tags; four one-line rows in the
 * columns' own words (author-columns.tsx, docs/decisions/pwa.md "Lists on a phone").
 */
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridCard } from '../../ui/DataGrid/grid-types.ts';
import { flagTone, Tag } from '../../ui/StatusTag.tsx';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { TagList } from './author-columns.tsx';
import { profileUrl } from './topic-links.ts';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

/** Four lines of text and tags, with the card's padding (as Home's creator card). */
export const AUTHOR_CARD_HEIGHT = 104;

export function authorCard<Row extends TopicAuthorRow>(): GridCard<Row> {
  const label = (text: string) => <span className="cd-grid__card-label">{text}</span>;
  const followers = label(m.influencer_col_followers());
  const engagement = label(m.influencer_col_engagement());
  const views = label(m.influencer_col_views30());
  const videos = label(m.influencer_col_videos30());
  return {
    label: m.influencer_col_creator(),
    height: AUTHOR_CARD_HEIGHT,
    render: (r) => (
      <>
        <span className="cd-grid__card-line">
          <NewTabLink href={profileUrl(r.unique_id)} className="tt-author__id">
            @{r.unique_id}
          </NewTabLink>
          {r.creator_id ? (
            <CreatorNameLink id={r.creator_id} name={r.nick_name} handle={r.unique_id} />
          ) : (
            <span>{r.nick_name}</span>
          )}
        </span>
        <span className="cd-grid__card-line">
          {followers}
          <span>{formatNumber(r.follower_count)}</span>
          {engagement}
          <span>{r.video_engagement_t30_str}</span>
        </span>
        <span className="cd-grid__card-line">
          {views}
          <span>{formatNumber(r.video_view_t30)}</span>
          {videos}
          <span>{formatNumber(r.video_publish_t30)}</span>
        </span>
        <span className="cd-grid__card-line">
          {r.creator_id !== null && <Tag tone={flagTone(r.status)}>{r.status_str || '-'}</Tag>}
          <TagList row={r} />
        </span>
      </>
    ),
  };
}
