import { describe, expect, it } from 'vitest';
import { rawFeatures } from '../../../contract/fit/lookalike-index.ts';
import { FEATURES } from '../../../contract/fit/types.ts';
import { MarketplaceCreatorData } from './marketplace-creator.ts';

const read = (creator: Record<string, unknown>) => MarketplaceCreatorData.parse({ creator }).creator;

describe("a marketplace creator's GPM", () => {
  it('reads a money object, a decimal as text or a number; anything else is absent, and the rest still counts', () => {
    expect(read({ gpm: { amount: '12.34', currency: 'USD' } }).gpm).toBe(12.34);
    expect(read({ gpm: '7.5' }).gpm).toBe(7.5);
    expect(read({ gpm: 3 }).gpm).toBe(3);
    for (const bad of [{ amount: '1e3' }, '-2', -2, 'n/a', '', null, undefined, { currency: 'USD' }, [1]])
      expect(read({ gpm: bad }).gpm, JSON.stringify(bad)).toBeUndefined();
    expect(read({ gpm: 'n/a', follower_count: 120, gmv: { amount: '10.00' } })).toMatchObject({
      follower_count: 120,
      gmv: 10,
    });
  });

  it("is the creator's GPM feature when known; else GMV per 1,000 views as before", () => {
    const gpm = FEATURES.indexOf('gpm');
    const row = { id: 1, gmv_t30: 500, video_view_t30: 100_000 };
    expect(rawFeatures(row)[gpm]).toBe(5);
    expect(rawFeatures({ ...row, gpm_t30: 12.5 })[gpm]).toBe(12.5);
    expect(rawFeatures({ ...row, gpm_t30: 0 })[gpm]).toBe(5);
    expect(rawFeatures({ id: 2, gpm_t30: 4 })[gpm]).toBe(4);
    expect(rawFeatures({ id: 3 })[gpm]).toBeNaN();
  });
});
