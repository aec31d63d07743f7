/**
 * /topic: tracked topics (challenges) per country from the local mirror, paged and sortable on
 * the local rows (the server sorts the same whitelist for API clients). Each row opens its
 * videos and influencers in a new window; topics are added and deleted through the outbox
 * (the spec has no topic edit call).
 */
import { useMemo, useState } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { toUnixRange } from '../../ui/date-rules.ts';
import { contains, inRange, withoutArrivedTwins } from '../catalog/catalog-rules.ts';
import { isPending } from '../../db/temp-id.ts';
import { CatalogTable, type CatalogColumn } from '../catalog/CatalogTable.tsx';
import { CatalogToolbar, filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { RowActions } from '../catalog/RowActions.tsx';
import { useTier } from '../vip/tier.ts';
import { deleteTopic } from './topic-actions.ts';
import { TopicDialog } from './TopicDialog.tsx';
import { activeTopicCount, topicUsage } from './topic-rules.ts';
import '../catalog/catalog.css';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const time = (v: unknown) => formatDateTime(typeof v === 'number' ? v : null);

/** The topic pages take the topic's row id; they open in a new window. */
export const topicPageUrl = (page: 'topicVideo' | 'topicInfluencer', id: number): string =>
  `/${page}?id=${encodeURIComponent(String(id))}`;

function TopicLinks({ row }: { row: RowOf<'topics'> }) {
  if (isPending(row)) return null;
  const name = str(row.challenge_title);
  return (
    <>
      <NewTabLink
        className="cd-button cd-button--link cd-button--sm"
        href={topicPageUrl('topicVideo', row.id)}
        aria-label={m.topics_videos_named({ name })}
      >
        {m.topics_videos()}
      </NewTabLink>
      <NewTabLink
        className="cd-button cd-button--link cd-button--sm"
        href={topicPageUrl('topicInfluencer', row.id)}
        aria-label={m.topics_influencers_named({ name })}
      >
        {m.topics_influencers()}
      </NewTabLink>
    </>
  );
}

export function TopicsScreen() {
  const filters = useCatalogFilters();
  const rows = useLocalRows(localDb, 'topics', filters.country);
  const allTopics = useLocalRows(localDb, 'topics');
  const tier = useTier();
  const [adding, setAdding] = useState(false);
  const { range, title } = filters;
  const shown = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    return (rows && withoutArrivedTwins(rows, 'challenge_title'))?.filter(
      (r) => contains(r.challenge_title, title) && inRange(r, within),
    );
  }, [rows, title, range]);

  const columns: CatalogColumn<RowOf<'topics'>>[] = [
    {
      id: 'challenge_title',
      name: m.topics_col_title(),
      isRowHeader: true,
      sortable: true,
      render: (r) => `#${str(r.challenge_title)}`,
    },
    {
      id: 'video_count',
      name: m.topics_col_videos(),
      sortable: true,
      render: (r) => formatNumber(r.video_count as number),
    },
    {
      id: 'view_count',
      name: m.topics_col_views(),
      sortable: true,
      render: (r) => formatNumber(r.view_count as number),
    },
    {
      id: 'end_time',
      name: m.topics_col_end(),
      sortable: true,
      render: (r) => (r.end_time ? time(r.end_time) : m.topics_no_end()),
    },
    { id: 'check_time', name: m.topics_col_checked(), sortable: true, render: (r) => time(r.check_time) },
    { id: 'add_time', name: m.catalog_col_added(), sortable: true, render: (r) => time(r.add_time) },
    {
      id: 'actions',
      name: m.catalog_col_actions(),
      render: (r) => (
        <RowActions
          name={str(r.challenge_title)}
          pending={isPending(r)}
          onDelete={() => void deleteTopic(r, str(r.challenge_title))}
        >
          <TopicLinks row={r} />
        </RowActions>
      ),
    },
  ];

  return (
    <div className="screen-panel catalog">
      <CatalogToolbar
        filters={filters}
        titleLabel={m.topics_col_title()}
        withRange
        addLabel={m.topics_add()}
        onAdd={() => setAdding(true)}
      />
      {allTopics && (
        <p className="catalog-usage" data-testid="topic-usage">
          {topicUsage(activeTopicCount(allTopics), tier)}
        </p>
      )}
      <CatalogTable
        label={m.app_title_topic()}
        columns={columns}
        rows={shown}
        resetKey={filterKey(filters.country, title, range)}
      />
      {adding && <TopicDialog country={filters.country} onClose={() => setAdding(false)} />}
    </div>
  );
}
