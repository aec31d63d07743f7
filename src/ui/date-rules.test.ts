import { describe, expect, it } from 'vitest';
import {
  clampRange,
  fromUnixRange,
  isDateDisabled,
  latestDate,
  matchingPreset,
  presetRange,
  toUnixRange,
} from './date-rules.ts';

const TODAY = '2024-02-28';

describe('date range rules', () => {
  it('disables dates before 2021-03-12 and after tomorrow', () => {
    expect(isDateDisabled('2021-03-11', TODAY)).toBe(true);
    expect(isDateDisabled('2021-03-12', TODAY)).toBe(false);
    expect(isDateDisabled('2024-02-29', TODAY)).toBe(false);
    expect(isDateDisabled('2024-03-01', TODAY)).toBe(true);
    expect(latestDate('2023-12-31')).toBe('2024-01-01');
  });

  it('builds the last-N-days presets ending today', () => {
    expect(presetRange(7, TODAY)).toEqual({ start: '2024-02-21', end: TODAY });
    expect(presetRange(90, TODAY)).toEqual({ start: '2023-11-30', end: TODAY });
    expect(presetRange(90, '2021-04-01').start).toBe('2021-03-12');
    expect(matchingPreset({ start: '2024-02-14', end: TODAY }, TODAY)).toBe(14);
    expect(matchingPreset({ start: '2024-02-15', end: TODAY }, TODAY)).toBeNull();
  });

  it('orders and clamps a range', () => {
    expect(clampRange({ start: '2030-01-01', end: '2020-01-01' }, TODAY)).toEqual({
      start: '2021-03-12',
      end: '2024-02-29',
    });
  });

  it('converts to unix day bounds and back', () => {
    const r = toUnixRange({ start: '2024-02-01', end: '2024-02-02' });
    expect(r.endTime - r.startTime).toBe(2 * 86400 - 1);
    expect(fromUnixRange(r.startTime, r.endTime)).toEqual({ start: '2024-02-01', end: '2024-02-02' });
  });
});
