/**
 * Grid columns of the creator row. Ids are the row's field names, so a sortable
 * column's id is the query worker's sort field (SORT_FIELDS); the long contact and text columns
 * are hidden by default (column chooser, stored under 'home').
 */
import type { CreatorRow as FullRow } from '../../../contract/schemas/creator.ts';
import type { CreatorRow as SyncCreatorRow } from '../../../contract/sync.ts';
import { DASH, formatDateTime, formatGmv, formatNumber, formatPercent } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { blacklistTone, flagTone, Tag, TAG_CHIPS_WIDTH, TagChips } from '../../ui/StatusTag.tsx';
import { SORT_FIELDS } from '../../workers/query-types.ts';
import { profileUrl } from './home-rules.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';

/** The query worker answers with mirrored rows (`SyncCreatorRow`); columns name the wire row's fields. */
export type HomeRow = FullRow & SyncCreatorRow;
type Col = GridColumn<HomeRow>;

const SORTABLE = new Set<string>(SORT_FIELDS);

/** Bio links may come without a scheme; only http(s) targets become links. */
export function bioHref(link: string | null | undefined): string | null {
  const v = (link ?? '').trim();
  if (!v) return null;
  const url = /^https?:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

const text = (id: keyof FullRow, header: string, width = 160): Col => ({
  id,
  header,
  width,
  hiddenByDefault: true,
  render: (r) => {
    const v = r[id];
    return typeof v === 'string' && v ? <span title={v}>{v}</span> : DASH;
  },
});

// Counts in full ("2,799" beside "75,900"): one way of writing for every value of a column.
const numeric = (id: keyof FullRow, header: string, fmt: (n: number) => string = formatNumber): Col => ({
  id,
  header,
  width: 120,
  align: 'end',
  sortable: SORTABLE.has(id),
  firstOrder: 'desc',
  render: (r) => fmt(r[id] as number),
});

const time = (id: keyof FullRow, header: string, hidden = false): Col => ({
  id,
  header,
  width: 170,
  sortable: SORTABLE.has(id),
  firstOrder: 'desc',
  hiddenByDefault: hidden,
  render: (r) => formatDateTime(r[id] as number | null),
});

/**
 * The label follows the number (not the synced *_str), so an optimistic edit reads right. Both
 * tags are made once (the columns are made per locale): React skips a cell whose element is the
 * one it already shows, which a sort or a keystroke does for most of these cells.
 */
const flag = (id: 'is_chat' | 'is_invitation', header: string, on: () => string, off: () => string): Col => {
  const yes = <Tag tone={flagTone(1)}>{on()}</Tag>;
  const no = <Tag tone={flagTone(0)}>{off()}</Tag>;
  return { id, header, width: 120, render: (r) => (r[id] > 0 ? yes : no) };
};

/**
 * A creator's TikTok profile as "@handle", opened in a new tab; Home's column and card draw it. Only
 * drawn in a grid's cell, where the cell takes the focus, so it is never a Tab stop of its own
 * (src/ui/DataGrid/cell-scope.ts). A plain element, not a component: one per row on every keystroke.
 */
export const profileLink = (handle: string) => (
  <a
    href={profileUrl(handle)}
    target="_blank"
    rel="noopener noreferrer"
    className="home-creator-link"
    tabIndex={-1}
    title={`@${handle}`}
  >
    @{handle}
  </a>
);

export function creatorColumns(): Col[] {
  const blackYes = <Tag tone={blacklistTone(1)}>{m.home_black_yes()}</Tag>;
  const blackNo = <Tag tone={blacklistTone(0)}>{m.home_black_no()}</Tag>;
  return [
    {
      id: 'unique_id',
      header: m.home_col_unique_id(),
      width: 200,
      alwaysVisible: true,
      render: (r) => profileLink(r.unique_id),
    },
    {
      // Opens the creator page; a creator without a name shows its handle.
      ...text('daren_name', m.home_col_name()),
      hiddenByDefault: false,
      render: (r) => <CreatorNameLink id={r.id} name={r.daren_name ?? ''} handle={r.unique_id} row={r} />,
    },
    { ...text('nick_name', m.home_col_nick()), hiddenByDefault: false },
    {
      id: 'status',
      header: m.home_col_status(),
      width: 110,
      hiddenByDefault: true,
      render: (r) => <Tag tone={flagTone(r.status)}>{r.status_str || String(r.status)}</Tag>,
    },
    {
      id: 'tags',
      header: m.home_col_tags(),
      width: TAG_CHIPS_WIDTH,
      render: (r) => <TagChips titles={r.tags.map((t) => t.tag_title)} />,
    },
    flag('is_chat', m.home_col_chat(), m.home_status_chatted, m.home_status_not_chatted),
    flag('is_invitation', m.home_col_invitation(), m.home_status_invited, m.home_status_not_invited),
    {
      id: 'is_black',
      header: m.home_col_black(),
      width: 110,
      render: (r) => (r.is_black > 0 ? blackYes : blackNo),
    },
    numeric('follower_count', m.home_col_followers()),
    {
      ...numeric('gmv_t30', m.home_col_gmv()),
      // In the creator's market currency, in full (US$123,456.78 in Chinese, $123,456.78 in English).
      width: 140,
      render: (r) => formatGmv(r.gmv_t30 as number, COUNTRY_CURRENCY[r.country as Country]),
    },
    numeric('video_engagement_t30', m.home_col_engagement(), formatPercent),
    numeric('video_view_t30', m.home_col_views()),
    numeric('video_publish_t30', m.home_col_published()),
    numeric('units_sold_t30', m.home_col_units()),
    numeric('product_count', m.home_col_products()),
    numeric('video_count', m.home_col_videos()),
    { ...numeric('digg_count', m.home_col_diggs()), hiddenByDefault: true },
    { ...numeric('following_count', m.home_col_following()), hiddenByDefault: true },
    { ...numeric('heart', m.home_col_heart()), hiddenByDefault: true },
    { ...numeric('heart_count', m.home_col_heart_count()), hiddenByDefault: true },
    {
      id: 'bio_link',
      header: m.home_col_bio_link(),
      width: 180,
      // A value that is no http(s) address (say `javascript:…` from an import) shows as text. Drawn only
      // in a grid cell, so never a Tab stop of its own (as profileLink above).
      render: (r) => {
        const href = bioHref(r.bio_link);
        if (href)
          return (
            <a href={href} target="_blank" rel="noopener noreferrer" title={r.bio_link} tabIndex={-1}>
              {r.bio_link}
            </a>
          );
        return r.bio_link?.trim() ? <span title={r.bio_link}>{r.bio_link}</span> : DASH;
      },
    },
    text('email', m.home_col_email(), 200),
    text('categorys', m.home_col_categories()),
    text('signature', m.home_col_signature(), 240),
    text('daren_sex', m.home_col_sex(), 80),
    text('daren_email', m.home_col_contact_email(), 200),
    text('daren_phone', m.home_col_phone()),
    text('daren_socialize', m.home_col_socialize(), 200),
    text('daren_addr', m.home_col_addr(), 240),
    time('video_last_time', m.home_col_last_video()),
    time('check_time', m.home_col_checked(), true),
    time('nick_update_time', m.home_col_nick_update(), true),
    time('add_time', m.home_col_added()),
    time('update_time', m.home_col_updated(), true),
  ];
}
