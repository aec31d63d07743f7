import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampPage,
  digitsOnly,
  jumpTarget,
  pageAfterSizeChange,
  pageCount,
  pageItems,
  pagerTotal,
} from './pager-rules.ts';

describe('pager rules', () => {
  it('caps the total at 10000 unless in all-mode', () => {
    expect(pagerTotal(123_456, false)).toBe(10_000);
    expect(pagerTotal(123_456, true)).toBe(123_456);
    expect(pagerTotal(42, false)).toBe(42);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(10_000, 75)).toBe(134);
  });

  it('keeps digits only in the jump box', () => {
    expect(digitsOnly('1a2-3 ')).toBe('123');
    expect(digitsOnly('abc')).toBe('');
  });

  it('sends a jump beyond the last page to the last page', () => {
    expect(jumpTarget('999', 12)).toBe(12);
    expect(jumpTarget('0', 12)).toBe(1);
    expect(jumpTarget('7', 12)).toBe(7);
    expect(jumpTarget('', 12)).toBeNull();
    expect(jumpTarget('x', 12)).toBeNull();
  });

  it('always lands inside 1..count', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 10_000 }), (text, count) => {
        const p = jumpTarget(text, count);
        return p === null || (p >= 1 && p <= count && Number.isInteger(p));
      }),
    );
    expect(clampPage(NaN, 5)).toBe(1);
  });

  it('lists page buttons with ellipses', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 'end-ellipsis', 50]);
    expect(pageItems(25, 50)).toEqual([1, 'start-ellipsis', 23, 24, 25, 26, 27, 'end-ellipsis', 50]);
    expect(pageItems(50, 50)).toEqual([1, 'start-ellipsis', 45, 46, 47, 48, 49, 50]);
  });

  it('keeps the first visible row after a page-size change', () => {
    expect(pageAfterSizeChange(3, 20, 50)).toBe(1);
    expect(pageAfterSizeChange(6, 20, 50)).toBe(3);
  });
});
