/**
 * Grid columns of a topic influencer (an author of the topic's videos), shared with the amateur
 * list, whose rows extend the same shape. Ids are the row's field names, so a sortable column's
 * id is the server's `field`.
 */
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { flagTone, PlatformTag, Tag, TAG_CHIPS_WIDTH, TagChips } from '../../ui/StatusTag.tsx';
import { profileUrl } from './topic-links.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

export function AuthorCell({ row }: { row: TopicAuthorRow }) {
  return (
    <span className="tt-author">
      {row.head_img ? (
        <img className="tt-avatar" src={row.head_img} alt="" width={28} height={28} loading="lazy" />
      ) : (
        <span className="tt-avatar tt-avatar--empty" aria-hidden="true" />
      )}
      <span className="tt-author__text">
        <NewTabLink href={profileUrl(row.unique_id)} className="tt-author__id">
          @{row.unique_id}
        </NewTabLink>
        <span className="tt-author__nick">
          {/* Opens the creator page when the author is one of the workspace's creators. */}
          {row.creator_id ? (
            <CreatorNameLink id={row.creator_id} name={row.nick_name} handle={row.unique_id} />
          ) : (
            row.nick_name
          )}
        </span>
      </span>
    </span>
  );
}

export function SocializeList({ row }: { row: TopicAuthorRow }) {
  if (!row.socialize.length) return <>-</>;
  return (
    <span className="tt-chips">
      {row.socialize.map((s, i) => (
        <PlatformTag key={`${s.platform}-${i}`} platform={s.platform}>
          <span title={s.value}>{s.platform}</span>
        </PlatformTag>
      ))}
    </span>
  );
}

export function TagList({ row }: { row: TopicAuthorRow }) {
  return <TagChips titles={row.tags.map((t) => t.tag_title)} />;
}

// Counts in full, like every grid column (src/i18n/format.ts): "2,799" beside "75,900".
const count = (pick: (r: TopicAuthorRow) => number) => (r: TopicAuthorRow) => formatNumber(pick(r));

/** The columns both lists show. `sortable` marks the ones the amateur list sorts on the server. */
export function authorColumns<Row extends TopicAuthorRow>(sortable: boolean): GridColumn<Row>[] {
  const num = { align: 'end' as const, sortable, firstOrder: 'desc' as const, width: 110 };
  return [
    {
      id: 'unique_id',
      header: m.influencer_col_creator(),
      width: 230,
      alwaysVisible: true,
      render: (r) => <AuthorCell row={r} />,
    },
    {
      id: 'follower_count',
      header: m.influencer_col_followers(),
      ...num,
      render: count((r) => r.follower_count),
    },
    {
      id: 'video_engagement_t30',
      header: m.influencer_col_engagement(),
      ...num,
      render: (r) => r.video_engagement_t30_str,
    },
    {
      id: 'video_view_t30',
      header: m.influencer_col_views30(),
      ...num,
      render: count((r) => r.video_view_t30),
    },
    {
      id: 'video_publish_t30',
      header: m.influencer_col_videos30(),
      ...num,
      render: (r) => formatNumber(r.video_publish_t30),
    },
    { id: 'heart_count', header: m.influencer_col_likes(), ...num, render: count((r) => r.heart_count) },
    {
      id: 'video_count',
      header: m.influencer_col_videos(),
      ...num,
      render: (r) => formatNumber(r.video_count),
    },
    {
      id: 'status',
      header: m.influencer_col_status(),
      width: 120,
      render: (r) =>
        r.creator_id === null ? '-' : <Tag tone={flagTone(r.status)}>{r.status_str || '-'}</Tag>,
    },
    {
      id: 'tags',
      header: m.influencer_col_tags(),
      width: TAG_CHIPS_WIDTH,
      render: (r) => <TagList row={r} />,
    },
    {
      id: 'socialize',
      header: m.influencer_col_socialize(),
      width: 200,
      render: (r) => <SocializeList row={r} />,
    },
    {
      id: 'email',
      header: m.influencer_col_email(),
      width: 200,
      hiddenByDefault: true,
      render: (r) => r.email || '-',
    },
    {
      id: 'bio_link',
      header: m.influencer_col_bio_link(),
      width: 200,
      hiddenByDefault: true,
      render: (r) => (r.bio_link ? <NewTabLink href={r.bio_link}>{r.bio_link}</NewTabLink> : '-'),
    },
    {
      id: 'signature',
      header: m.influencer_col_signature(),
      width: 240,
      hiddenByDefault: true,
      render: (r) => <span title={r.signature}>{r.signature || '-'}</span>,
    },
    {
      id: 'categorys',
      header: m.influencer_col_categories(),
      width: 180,
      hiddenByDefault: true,
      render: (r) => r.categorys || '-',
    },
    {
      id: 'check_time',
      header: m.influencer_col_checked(),
      width: 170,
      sortable,
      render: (r) => formatDateTime(r.check_time),
    },
  ];
}
