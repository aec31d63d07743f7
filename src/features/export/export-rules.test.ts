import { afterEach, describe, expect, it } from 'vitest';
import { setAppLocale } from '../../i18n/locale.ts';
import { countStatement } from './export-rules.ts';

describe('an export states its limit before it starts', () => {
  afterEach(() => setAppLocale('en-us'));

  it('counts the rows and says how many the free plan writes', () => {
    setAppLocale('en-us');
    expect(countStatement(12345, 500)).toEqual({
      count: 'This export has 12,345 rows.',
      cap: 'Free plan: the first 500 of 12,345 rows; VIP exports all.',
      cut: true,
    });
    expect(countStatement(1, 500)).toMatchObject({ count: 'This export has 1 row.', cut: false });
    expect(countStatement(12345, null)).toEqual({
      count: 'This export has 12,345 rows.',
      cap: null,
      cut: false,
    });
    expect(countStatement(800, 500, true).cap).toBe(
      'Free plan: the first 500 of 800 rows of this view; VIP exports all.',
    );
    setAppLocale('zh-cn');
    expect(countStatement(12345, 500).cap).toBe('免费版：导出 12,345 行中的前 500 行；VIP 可导出全部。');
  });
});
