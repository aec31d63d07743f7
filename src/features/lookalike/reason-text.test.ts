import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text.ts';

describe('lookalike reasons in words (en-us)', () => {
  it('names shared categories, ratios to the seed and a value beside a seed of zero', () => {
    expect(reasonText({ part: 'categories', value: 3, shared: ['Pet Supplies', 'Home'] }, 1, 'USD')).toBe(
      'Same categories: Pet Supplies, Home',
    );
    expect(reasonText({ part: 'gpm', value: 2, mine: 12.5, seed: 11.4 }, 1, 'USD')).toBe(
      'GPM $12.50, 1.1× the seed',
    );
    expect(reasonText({ part: 'videos', value: 1, mine: 20, seed: 18 }, 3, 'USD')).toBe(
      "Videos in 30 days 20, 1.1× the seeds' median",
    );
    expect(reasonText({ part: 'units', value: 1, mine: 0, seed: 0 }, 1, 'USD')).toBe(
      '30-day units 0, like the seed (0)',
    );
  });
});
