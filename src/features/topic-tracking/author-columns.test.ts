import { describe, expect, it } from 'vitest';
import type { TopicAuthorRow } from '../../../contract/schemas/topic-tracking.ts';
import { authorColumns } from './author-columns.tsx';

describe('topic influencer and amateur columns', () => {
  // Followers, views and likes once read "2,799" beside "75.9K" in one column.
  it('write every count of a column in full', () => {
    const rows = [2799, 75_900, 1_234_567].map(
      (n) =>
        ({
          follower_count: n,
          video_view_t30: n,
          heart_count: n,
          video_publish_t30: n,
          video_count: n,
        }) as TopicAuthorRow,
    );
    const counts = authorColumns<TopicAuthorRow>(false).filter(
      (c) => c.align === 'end' && c.id !== 'video_engagement_t30',
    );
    expect(counts.map((c) => c.id)).toEqual([
      'follower_count',
      'video_view_t30',
      'video_publish_t30',
      'heart_count',
      'video_count',
    ]);
    for (const c of counts)
      expect(
        rows.map((r, i) => c.render!(r, i)),
        c.id,
      ).toEqual(['2,799', '75,900', '1,234,567']);
  });
});
