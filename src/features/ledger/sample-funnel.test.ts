import { describe, expect, it } from 'vitest';
import { sampleFunnel } from './sample-funnel.ts';

const DAY = 86_400;
const T = 1_790_000_000;
const member = (creator_id: number, stage: string, sample_time: number, stage_time = sample_time) =>
  ({ creator_id, stage, sample_time, stage_time }) as Parameters<typeof sampleFunnel>[0][number];

describe('samples that turned into content', () => {
  it('counts sent samples, the creators who posted after them and the median days to the first video', () => {
    const members = [
      member(1, 'posted', T), // a video 3 days later
      member(2, 'selling', T), // a video 9 days later
      member(3, 'posted', T), // moved by hand: posted, no dated video
      member(4, 'shipped', T), // a video 5 days later, stage not moved yet: posted
      member(5, 'shipped', T), // an older video only: not posted
      member(6, 'contacted', 0), // no sample
      member(7, 'declined', T), // sample sent, then declined: sent, not posted
    ];
    const videos = [
      { creator_id: 1, post_time: T + 3 * DAY + 100 },
      { creator_id: 1, post_time: T + 20 * DAY },
      { creator_id: 2, post_time: T + 9 * DAY },
      { creator_id: 4, post_time: T + 5 * DAY },
      { creator_id: 5, post_time: T - DAY },
      { creator_id: 0, post_time: T + DAY },
    ];
    expect(sampleFunnel(members, videos)).toEqual({ sent: 6, posted: 4, medianDays: 5 });
    // An even count: the mean of the middle two, rounded.
    expect(sampleFunnel(members.slice(0, 2), videos).medianDays).toBe(6);
    expect(sampleFunnel([], videos)).toEqual({ sent: 0, posted: 0, medianDays: null });
    expect(sampleFunnel([member(3, 'posted', T)], [])).toEqual({ sent: 1, posted: 1, medianDays: null });
  });

  it("counts each plan's sample on its own: a creator in two plans is two samples", () => {
    const two = [member(1, 'posted', T), member(1, 'shipped', T + 10 * DAY)];
    expect(sampleFunnel(two, [{ creator_id: 1, post_time: T + 2 * DAY }])).toEqual({
      sent: 2,
      posted: 1,
      medianDays: 2,
    });
  });
});
