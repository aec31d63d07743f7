/**
 * The lines above a topic's grids. Videos: what was collected here against TikTok's count, and why
 * they differ. Influencers (the authors of those videos): only for an ended topic, which the
 * collector skips, so the page says nothing more will come instead of promising the next check.
 */
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { collectionState } from './collection-summary.ts';
import { useTopicRow } from './useTopicTitle.ts';

export function CollectionNote({ topicId, collected }: { topicId: number; collected: number }) {
  const topic = useTopicRow(String(topicId));
  if (!topic) return null;
  const s = collectionState(topic, collected, Math.floor(Date.now() / 1000));
  const count = formatNumber(s.count);
  const text =
    s.kind === 'pending'
      ? m.topicvideo_summary_pending({ count })
      : s.kind === 'live'
        ? m.topicvideo_summary_live({
            count,
            collected: formatNumber(s.collected),
            time: formatDateTime(s.checkedAt),
          })
        : s.kind === 'ended'
          ? m.topicvideo_summary_ended({
              count,
              collected: formatNumber(s.collected),
              date: formatDate(s.endedAt),
            })
          : m.topicvideo_summary_ended_none({ count, date: formatDate(s.endedAt) });
  return (
    <p className="tt-collection" data-testid="topic-collection">
      {text}
    </p>
  );
}

export function InfluencerNote({ topicId, authors }: { topicId: number; authors: number }) {
  const topic = useTopicRow(String(topicId));
  if (!topic) return null;
  const s = collectionState(topic, authors, Math.floor(Date.now() / 1000));
  if (s.kind !== 'ended' && s.kind !== 'ended-none') return null;
  const date = formatDate(s.endedAt);
  return (
    <p className="tt-collection" data-testid="topic-collection">
      {s.kind === 'ended' ? m.influencer_summary_ended({ date }) : m.influencer_summary_ended_none({ date })}
    </p>
  );
}
