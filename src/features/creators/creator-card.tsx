/**
 * Home's creator as a card, for a narrow grid (DataGridProps.card): name and handle, the chat /
 * invited / blacklist flags, followers, 30-day GMV and tags on four one-line rows. A plain render
 * function over elements made once per locale (like creator-columns.tsx), so a card costs the
 * same few elements a row's cells do and React skips the flags that did not change.
 */
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridCard } from '../../ui/DataGrid/grid-types.ts';
import { blacklistTone, flagTone, Tag, TagChips } from '../../ui/StatusTag.tsx';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { profileLink, type HomeRow } from './creator-columns.tsx';

/** Four lines of text and tags, with the card's padding. */
export const CREATOR_CARD_HEIGHT = 104;

export function creatorCard(): GridCard<HomeRow> {
  const chat = [
    <Tag tone={flagTone(0)}>{m.home_status_not_chatted()}</Tag>,
    <Tag tone={flagTone(1)}>{m.home_status_chatted()}</Tag>,
  ];
  const invited = [
    <Tag tone={flagTone(0)}>{m.home_status_not_invited()}</Tag>,
    <Tag tone={flagTone(1)}>{m.home_status_invited()}</Tag>,
  ];
  const black = [
    <Tag tone={blacklistTone(0)}>{m.home_black_no()}</Tag>,
    <Tag tone={blacklistTone(1)}>{m.home_black_yes()}</Tag>,
  ];
  const followers = <span className="cd-grid__card-label">{m.home_col_followers()}</span>;
  const gmv = <span className="cd-grid__card-label">{m.home_col_gmv()}</span>;
  return {
    label: m.home_card_header(),
    height: CREATOR_CARD_HEIGHT,
    render: (r) => (
      <>
        <span className="cd-grid__card-line">
          <CreatorNameLink id={r.id} name={r.daren_name ?? ''} handle={r.unique_id} row={r} />
          {profileLink(r.unique_id)}
        </span>
        <span className="cd-grid__card-line">
          {chat[r.is_chat > 0 ? 1 : 0]}
          {invited[r.is_invitation > 0 ? 1 : 0]}
          {black[r.is_black > 0 ? 1 : 0]}
        </span>
        <span className="cd-grid__card-line">
          {followers}
          <span>{formatNumber(r.follower_count)}</span>
          {gmv}
          <span>{formatGmv(r.gmv_t30, COUNTRY_CURRENCY[r.country as Country])}</span>
        </span>
        <span className="cd-grid__card-line">
          <TagChips titles={r.tags.map((t) => t.tag_title)} />
        </span>
      </>
    ),
  };
}
