/**
 * The creator page's header: picture (or initial), name, handle linking to the TikTok
 * profile, country, followers, category, 30-day GMV / units / engagement in the locale's format,
 * and the chatted / invited flags and tags, editable in place through the same outbox calls as
 * Home (PUT /blogger/edit, PUT /blogger/set.tags), and the blacklist flag: adding asks for an
 * optional reason (POST /blogger/black.add), removing asks first (DELETE /blogger/black.del).
 */
import { useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { CreatorRow, CreatorTag } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { formatGmv, formatNumber, formatPercent } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { blacklistTone, flagTone, Tag, tagTone } from '../../ui/StatusTag.tsx';
import { unblacklistCreator } from '../blacklist/blacklist-actions.ts';
import { profileUrl } from '../creators/home-rules.ts';
import { BlacklistCreatorDialog } from './BlacklistCreatorDialog.tsx';
import { CreatorAvatar } from './CreatorAvatar.tsx';
import { flipCreatorFlag, tagCreator } from './workbench-actions.ts';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

export function CreatorHeader({ creator: c }: { creator: CreatorRow }) {
  const tagRows = useLocalRows(localDb, 'tags', c.country);
  const [pick, setPick] = useState<number | null>(null);
  const [blacklisting, setBlacklisting] = useState(false);
  const have = new Set(c.tags.map((t) => t.tag_id));
  const choices = (tagRows ?? []).filter((t) => t.id > 0 && !have.has(t.id));
  const num = (k: string): number => Number((c as Record<string, unknown>)[k] ?? 0);

  const flip = (key: 'is_chat' | 'is_invitation') => void flipCreatorFlag(c, key);
  const tags = (op: 'add' | 'del', t: CreatorTag) => void tagCreator(c, op, t);

  const facts: [string, string][] = [
    [m.workbench_country(), c.country],
    [m.home_col_followers(), formatNumber(num('follower_count'))],
    [m.workbench_category(), String((c as Record<string, unknown>).categorys || '-')],
    [m.home_col_gmv(), formatGmv(num('gmv_t30'), COUNTRY_CURRENCY[c.country as Country])],
    [m.home_col_units(), formatNumber(num('units_sold_t30'))],
    [m.home_col_engagement(), formatPercent(num('video_engagement_t30'))],
  ];

  return (
    <header className="workbench-header">
      <CreatorAvatar creator={c} />
      <div className="workbench-header__main">
        {/* elementtiming: the browser reports when the name is first painted (npm run bench times page opens by it) */}
        <p className="workbench-name" {...{ elementtiming: 'creator-name' }}>
          {c.daren_name || c.nick_name || c.unique_id}
        </p>
        <p className="workbench-handle">
          <NewTabLink href={profileUrl(c.unique_id)}>@{c.unique_id}</NewTabLink>
          {c.nick_name ? <span className="workbench-meta"> · {c.nick_name}</span> : null}
        </p>
        <dl className="workbench-facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <div className="workbench-flags">
          <Button size="sm" onPress={() => flip('is_chat')} aria-pressed={c.is_chat > 0}>
            <Tag tone={flagTone(c.is_chat)}>
              {c.is_chat > 0 ? m.home_status_chatted() : m.home_status_not_chatted()}
            </Tag>
          </Button>
          <Button size="sm" onPress={() => flip('is_invitation')} aria-pressed={c.is_invitation > 0}>
            <Tag tone={flagTone(c.is_invitation)}>
              {c.is_invitation > 0 ? m.home_status_invited() : m.home_status_not_invited()}
            </Tag>
          </Button>
          <Button
            size="sm"
            onPress={() => (c.is_black > 0 ? void unblacklistCreator(c.country, c) : setBlacklisting(true))}
            aria-pressed={c.is_black > 0}
          >
            <Tag tone={blacklistTone(c.is_black)}>
              {c.is_black > 0 ? m.home_black_yes() : m.home_black_no()}
            </Tag>
          </Button>
          {blacklisting && <BlacklistCreatorDialog creator={c} onClose={() => setBlacklisting(false)} />}
        </div>
        <div className="workbench-tags">
          {c.tags.map((t) => (
            <span key={t.tag_id} className="workbench-tag">
              <Tag tone={tagTone(t.tag_title)}>{t.tag_title}</Tag>
              <Button
                size="sm"
                variant="text"
                onPress={() => tags('del', t)}
                aria-label={m.workbench_tag_remove({ tag: t.tag_title })}
              >
                ×
              </Button>
            </span>
          ))}
          <Select<number>
            size="sm"
            aria-label={m.workbench_tag_pick()}
            placeholder={m.workbench_tag_pick()}
            items={choices.map((t) => ({ id: t.id, label: t.title }))}
            value={pick}
            onChange={setPick}
            isDisabled={choices.length === 0}
          />
          <Button
            size="sm"
            isDisabled={pick === null}
            onPress={() => {
              const t = choices.find((x) => x.id === pick);
              if (t) tags('add', { tag_id: t.id, tag_title: t.title });
              setPick(null);
            }}
          >
            {m.workbench_tag_add()}
          </Button>
        </div>
      </div>
    </header>
  );
}
