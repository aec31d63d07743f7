import { describe, expect, it } from 'vitest';
import { dayOf, yearFirst } from './date-order.ts';

describe('dates day first or month first, as the member chose', () => {
  it('reads the chosen order only; year first and anything else stay as written', () => {
    expect(yearFirst('02/03/2026', 'dmy')).toBe('2026-03-02');
    expect(yearFirst('02/03/2026', 'mdy')).toBe('2026-02-03');
    expect(yearFirst('2.3.2026 14:05:09', 'dmy')).toBe('2026-03-02 14:05:09');
    expect(yearFirst('3-12-2026T08:00', 'mdy')).toBe('2026-03-12T08:00');
    expect(yearFirst(' 31/12/2026 ', 'dmy')).toBe('2026-12-31');
    // No order chosen: nothing is read day or month first.
    expect(yearFirst('02/03/2026')).toBe('02/03/2026');
    expect(yearFirst('02/03/2026', 'ymd')).toBe('02/03/2026');
    // Year first stays year first whatever the order; mixed separators, two-digit years, text stay.
    expect(yearFirst('2026-03-10 14:05', 'dmy')).toBe('2026-03-10 14:05');
    for (const cell of ['02/03-2026', '02/03/26', '002/03/2026', '02/03/20261', 'March 2, 2026', ''])
      expect(yearFirst(cell, 'dmy'), cell).toBe(cell.trim());
    // Not a real day once reordered: left for the usual reading to refuse.
    expect(yearFirst('31/02/2026', 'dmy')).toBe('2026-02-31');
    expect(yearFirst('13/01/2026', 'mdy')).toBe('2026-13-01');
  });

  it('reads the day of a year-first cell with a time, after the order is applied', () => {
    expect(dayOf(yearFirst('05/03/2026 00:00:00', 'dmy'))).toBe('2026-03-05');
    expect(dayOf(yearFirst('3/5/2026 14:05', 'mdy'))).toBe('2026-03-05');
    expect(dayOf('2026/3/9')).toBe('2026-03-09');
    expect(dayOf('03/10/2026')).toBe('03/10/2026');
  });
});
