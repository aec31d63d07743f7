import { afterEach, describe, expect, it } from 'vitest';
import { setAppLocale } from './locale.ts';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatGmv,
  formatNumber,
  formatPercent,
  formatRelative,
} from './format.ts';

process.env.TZ = 'UTC';
const T = Date.UTC(2024, 4, 1, 13, 45, 0) / 1000;

describe('formatting', () => {
  afterEach(() => setAppLocale('en-us'));

  it('formats unix seconds and dashes empty times', () => {
    expect(formatDate(T)).toMatch(/^2024-05-0[12]$/);
    expect(formatDateTime(T)).toMatch(/^2024-05-0[12] \d\d:45:00$/);
    expect(formatDate(0)).toBe('-');
    expect(formatDate(null)).toBe('-');
  });

  it('formats relative times per language', () => {
    expect(formatRelative(T - 3 * 86400, T)).toBe('3 days ago');
    setAppLocale('zh-cn');
    expect(formatRelative(T - 3 * 86400, T)).toBe('3 天前');
  });

  it('formats numbers per language', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatCompact(9999)).toBe('9,999');
    expect(formatCompact(1_234_567)).toBe('1.2M');
    expect(formatGmv(1234.567, '')).toBe('1,234.57');
    expect(formatGmv(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPercent(3.2)).toBe('3.20%');
    expect(formatPercent(0)).toBe('-');
    setAppLocale('zh-cn');
    expect(formatCompact(1_234_567)).toBe('123.5万');
  });

  // One column once mixed "2,799" with "75.9K" and "$7,569.55" with "$12.02K".
  it('writes numbers side by side one way: counts in full, money in full with its currency', () => {
    expect([2799, 75_900, 1_234_567].map(formatNumber)).toEqual(['2,799', '75,900', '1,234,567']);
    expect([7569.55, 12_020, 1_234_567.8, 0].map((n) => formatGmv(n, 'USD'))).toEqual([
      '$7,569.55',
      '$12,020.00',
      '$1,234,567.80',
      '$0.00',
    ]);
    expect(formatGmv(12_020, 'GBP')).toBe('£12,020.00');
    expect(formatGmv(-3.5, 'USD')).toBe('-$3.50');
    setAppLocale('zh-cn');
    expect([2799, 75_900].map(formatNumber)).toEqual(['2,799', '75,900']);
    expect([7569.55, 12_020].map((n) => formatGmv(n, 'USD'))).toEqual(['US$7,569.55', 'US$12,020.00']);
    expect(formatGmv(12_020, 'GBP')).toBe('£12,020.00');
  });
});
