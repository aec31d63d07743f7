import { describe, expect, it } from 'vitest';
import { collectionState } from './collection-summary.ts';

const NOW = 1_800_000_000;

describe('a topic collection, in words the videos page can say', () => {
  it('explains an ended topic whose videos were never collected instead of an empty grid', () => {
    expect(collectionState({ video_count: 4460, end_time: NOW - 86_400, check_time: null }, 0, NOW)).toEqual({
      kind: 'ended-none',
      count: 4460,
      endedAt: NOW - 86_400,
    });
    // Checked once but nothing came back before the end: still nothing kept.
    expect(collectionState({ video_count: 12, end_time: NOW - 1, check_time: NOW - 10 }, 0, NOW).kind).toBe(
      'ended-none',
    );
  });

  it('says how many were kept when an ended topic has videos', () => {
    expect(collectionState({ video_count: 4460, end_time: NOW, check_time: NOW - 60 }, 312, NOW)).toEqual({
      kind: 'ended',
      count: 4460,
      collected: 312,
      endedAt: NOW,
    });
  });

  it('tells a live topic not yet collected from one collected', () => {
    expect(collectionState({ video_count: 0, end_time: null, check_time: null }, 0, NOW)).toEqual({
      kind: 'pending',
      count: 0,
    });
    expect(
      collectionState({ video_count: 90, end_time: NOW + 3600, check_time: NOW - 300 }, 40, NOW),
    ).toEqual({
      kind: 'live',
      count: 90,
      collected: 40,
      checkedAt: NOW - 300,
    });
  });

  it('reads missing or malformed row fields as absent, never as NaN', () => {
    expect(collectionState({ video_count: 'x', end_time: undefined }, 0, NOW)).toEqual({
      kind: 'pending',
      count: 0,
    });
  });
});
