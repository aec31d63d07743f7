import { expect, it } from 'vitest';
import { BUCKET_SECONDS, demoCollect } from './demo-provider.ts';

const AT = 1_790_000_000;

it('is deterministic: the same hashtag and time give the same videos and authors', () => {
  const a = demoCollect({ hashtag: 'GlowUp', country: 'US', at: AT });
  const b = demoCollect({ hashtag: 'GlowUp', country: 'US', at: AT });
  const lower = demoCollect({ hashtag: 'glowup', country: 'US', at: AT });
  expect(lower.videos.map((v) => v.video_id)).toEqual(a.videos.map((v) => v.video_id));
  expect(a.videos.length).toBeGreaterThan(0);
  expect(a.authors.length).toBeGreaterThan(0);
  expect(b).toEqual(a);
  const other = demoCollect({ hashtag: 'PetTok', country: 'US', at: AT });
  expect(other.videos.map((v) => v.video_id)).not.toEqual(a.videos.map((v) => v.video_id));
});

it('gives every video a known author and never a video from the future', () => {
  const got = demoCollect({ hashtag: 'GlowUp', country: 'US', at: AT });
  const names = new Set(got.authors.map((a) => a.unique_id));
  for (const v of got.videos) {
    expect(names.has(v.unique_id)).toBe(true);
    expect(v.video_create_time).toBeLessThanOrEqual(AT);
    expect(v.unique_id).toMatch(/^[\p{L}\p{N}_.-]+$/u);
  }
  expect(new Set(got.videos.map((v) => v.video_id)).size).toBe(got.videos.length);
});

it('grows with time: a later bucket keeps known videos with more views and may add new ones', () => {
  const now = demoCollect({ hashtag: 'GlowUp', country: 'US', at: AT });
  const later = demoCollect({ hashtag: 'GlowUp', country: 'US', at: AT + 6 * BUCKET_SECONDS });
  const byId = new Map(later.videos.map((v) => [v.video_id, v]));
  const recent = now.videos.filter((v) => v.video_create_time > AT - 40 * BUCKET_SECONDS);
  expect(recent.length).toBeGreaterThan(0);
  for (const v of recent) expect(byId.get(v.video_id)!.play_count).toBeGreaterThan(v.play_count);
  // Over many hours some buckets publish: new ids appear.
  const fresh = later.videos.filter((v) => v.video_create_time > AT);
  expect(fresh.length).toBeGreaterThan(0);
});

it('has amateurs (under 10,000 followers) and bigger creators in its author pool', () => {
  const all = ['GlowUp', 'PetTok', 'BookTok', 'CleanTok'].flatMap(
    (h) => demoCollect({ hashtag: h, country: 'US', at: AT }).authors,
  );
  expect(all.some((a) => a.follower_count! < 10_000)).toBe(true);
  expect(all.some((a) => a.follower_count! >= 10_000)).toBe(true);
});
