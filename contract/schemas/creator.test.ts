import { describe, expect, it } from 'vitest';
import { creatorListRequest, nameList } from './creator.ts';
import { splitNames } from '../limits.ts';

describe('creator form pieces', () => {
  it('splits textarea lines: trims, drops blanks and a leading @, merges duplicates in order', () => {
    expect(splitNames(['b\r\n  @a \n\n b', 'c,a'])).toEqual(['b', 'a', 'c']);
    expect(splitNames([' \n\t\n'])).toEqual([]);
  });

  it('accepts a list, one string or a qs index object, and requires a name', () => {
    expect(nameList().parse('x\ny')).toEqual(['x', 'y']);
    expect(nameList().parse({ 0: 'x', 1: 'y' })).toEqual(['x', 'y']);
    expect(nameList().safeParse(['', ' ']).success).toBe(false);
    expect(nameList().safeParse('x'.repeat(10_001)).success).toBe(false);
    expect(nameList().safeParse('x'.repeat(10_000)).success).toBe(true);
  });

  it('reads a bare end date as the end of that day, and whitelists the sort field', () => {
    const day = Date.parse('2024-03-01T00:00:00Z') / 1000;
    expect(creatorListRequest.parse({ startTime: '2024-03-01', endTime: '2024-03-01' })).toMatchObject({
      startTime: day,
      endTime: day + 86_399,
    });
    expect(creatorListRequest.parse({ endTime: String(day) }).endTime).toBe(day);
    expect(creatorListRequest.safeParse({ field: 'unique_id' }).success).toBe(false);
    expect(creatorListRequest.parse({ field: '', tagsId: ['2', '3'] })).toMatchObject({
      field: undefined,
      tagsId: [2, 3],
    });
  });
});
