import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { contains, inRange, pageOf, sortRows, withoutArrivedTwins } from './catalog-rules.ts';

const r = (id: number, extra: Record<string, unknown> = {}) =>
  ({ id, version: 1, add_time: 0, ...extra }) as RowOf<'tags'>;

describe('catalog rules', () => {
  it('matches titles case-insensitively; an empty search matches all', () => {
    expect(contains('Summer Sale', 'summer')).toBe(true);
    expect(contains('Summer Sale', '  ')).toBe(true);
    expect(contains('Summer Sale', 'winter')).toBe(false);
    expect(contains(undefined, 'x')).toBe(false);
  });

  it('keeps rows inside the date range, bounds included', () => {
    const range = { startTime: 100, endTime: 200 };
    expect([99, 100, 200, 201].map((t) => inRange(r(1, { add_time: t }), range))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inRange(r(1, { add_time: 5 }), null)).toBe(true);
  });

  it('sorts numbers and text both ways, missing values last, ties by id', () => {
    const rows = [r(1, { n: 2 }), r(2, { n: null }), r(3, { n: 1 }), r(4, { n: 2 })];
    expect(sortRows(rows, 'n', 'ascending').map((x) => x.id)).toEqual([3, 4, 1, 2]);
    expect(sortRows(rows, 'n', 'descending').map((x) => x.id)).toEqual([4, 1, 3, 2]);
    const named = [r(1, { t: 'b' }), r(2, { t: 'a' })];
    expect(sortRows(named, 't', 'ascending').map((x) => x.id)).toEqual([2, 1]);
  });

  it('pages from 1', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 0, 2)).toEqual([1, 2]);
  });
});

describe('arrived twins', () => {
  it('drops a temporary row only when a saved row has the same key', () => {
    const rows = [r(5, { title: 'A' }), r(-1, { title: 'A' }), r(-2, { title: 'B' })];
    expect(withoutArrivedTwins(rows, 'title').map((x) => x.id)).toEqual([5, -2]);
  });
});
