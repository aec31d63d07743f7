/**
 * A blacklisted creator as a card, for a narrow grid (DataGridProps.card): the creator id (the
 * profile) and name, the followers and when it was added, the reason; three one-line rows in the
 * columns' own words (docs/decisions/pwa.md, "Lists on a phone").
 */
import { DASH, formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { GridCard } from '../../ui/DataGrid/grid-types.ts';
import { profileUrl } from '../topic-tracking/topic-links.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import type { BlackRow } from './blacklist-data.ts';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

export function blacklistCard(): GridCard<BlackRow> {
  const followers = <span className="cd-grid__card-label">{m.blacklist_col_followers()}</span>;
  const added = <span className="cd-grid__card-label">{m.catalog_col_added()}</span>;
  const reason = <span className="cd-grid__card-label">{m.blacklist_col_reason()}</span>;
  return {
    label: m.blacklist_col_unique_id(),
    height: 80,
    render: (r) => (
      <>
        <span className="cd-grid__card-line">
          <NewTabLink href={profileUrl(r.unique_id)}>{r.unique_id}</NewTabLink>
          {r.daren_name.trim() && (
            <CreatorNameLink id={r.creator_id} name={r.daren_name} handle={r.unique_id} />
          )}
        </span>
        <span className="cd-grid__card-line">
          {followers}
          <span>{formatNumber(r.follower_count)}</span>
          {added}
          <span>{formatDateTime(r.add_time)}</span>
        </span>
        <span className="cd-grid__card-line">
          {reason}
          <span title={r.reason}>{r.reason || DASH}</span>
        </span>
      </>
    ),
  };
}
