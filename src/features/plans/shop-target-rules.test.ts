import { describe, expect, it } from 'vitest';
import { activeShops, callsFor, endTimeOf, endWindow, isEmail, parsePercent } from './shop-target-rules.ts';

describe('shop target rules', () => {
  it('reads percent with at most two decimals, from 1 to 80', () => {
    expect(parsePercent('15.5')).toBe(15.5);
    expect(parsePercent('15,25')).toBe(15.25);
    expect(parsePercent('80')).toBe(80);
    expect(parsePercent('1')).toBe(1);
    for (const bad of ['0.5', '80.01', '15.555', '', 'x', '-3', '1e1'])
      expect(parsePercent(bad), bad).toBeNull();
  });

  it('takes end days from three days ahead, as the last second of the day', () => {
    const now = new Date(2026, 10, 29, 10, 0, 0).getTime();
    expect(endWindow(now).min).toBe('2026-12-02');
    expect(endTimeOf('2026-12-01', now)).toBeNull();
    const end = endTimeOf('2026-12-02', now)!;
    expect(end).toBe(Math.floor(new Date(2026, 11, 2, 23, 59, 59).getTime() / 1000));
    expect(end - now / 1000).toBeGreaterThan(3 * 86_400);
    expect(endTimeOf('2028-01-01', now)).toBeNull();
    expect(endTimeOf('not a day', now)).toBeNull();
  });

  it('counts TikTok calls of 50 creators, checks emails and finds the country’s syncing shops', () => {
    expect([1, 50, 51, 100].map(callsFor)).toEqual([1, 1, 2, 2]);
    expect(isEmail('team@example.com')).toBe(true);
    expect(isEmail('team@example')).toBe(false);
    const shop = (status: string, country: string) => ({ status, country }) as never;
    const status = { shops: [shop('active', 'US'), shop('stopped', 'US'), shop('active', 'GB')] } as never;
    expect(activeShops(status, 'US')).toHaveLength(1);
    expect(activeShops(null, 'US')).toEqual([]);
  });
});
