import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COUNTRIES } from './constants.ts';
import {
  addDays,
  daysBetween,
  daysOverdue,
  overdueBefore,
  postByDay,
  shopDay,
  shopDayStart,
  SHOP_TIME_ZONES,
} from './shop-time.ts';

const DAY = 86_400;
// 2020-01-01 … 2035-12-31, every second.
const instant = fc.integer({ min: 1_577_836_800, max: 2_082_758_399 });
const country = fc.constantFrom(...COUNTRIES);
const within = fc.integer({ min: 0, max: 365 });

describe('post-by dates in the shop time zone', () => {
  it('a sample shipped late evening in Los Angeles counts that Pacific day, not the UTC one', () => {
    // 2026-01-31 23:30 PST is 2026-02-01 07:30 UTC.
    const t = Date.parse('2026-02-01T07:30:00Z') / 1000;
    expect(shopDay(t, 'US')).toBe('2026-01-31');
    expect(postByDay(t, 14, 'US')).toBe('2026-02-14');
    // The same instant in Jakarta is already 1 February.
    expect(postByDay(t, 14, 'ID')).toBe('2026-02-15');
  });

  it('crosses month ends, leap days and year ends by calendar days', () => {
    expect(addDays('2028-02-20', 14)).toBe('2028-03-05');
    expect(addDays('2027-02-20', 14)).toBe('2027-03-06');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
  });

  it('property: the post-by day is the shipping day in the shop zone plus N, whatever the month', () => {
    fc.assert(
      fc.property(instant, within, country, (t, n, c) => {
        const shipped = shopDay(t, c);
        const by = postByDay(t, n, c);
        expect(daysBetween(shipped, by)).toBe(n);
        expect(by).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
        // The day the shop's own clock reads, checked against an independent reading of the zone.
        const parts = new Intl.DateTimeFormat('en-US', {
          timeZone: SHOP_TIME_ZONES[c],
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
        }).formatToParts(new Date(t * 1000));
        const get = (k: string) => Number(parts.find((p) => p.type === k)!.value);
        const y = get('year');
        const m = get('month');
        const d = get('day');
        const day = new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
        expect(by).toBe(day);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: not overdue through the post-by day, overdue by whole shop days after it', () => {
    fc.assert(
      fc.property(instant, within, country, fc.integer({ min: 0, max: 400 * DAY }), (t, n, c, later) => {
        const by = postByDay(t, n, c);
        const now = t + later;
        const overdue = daysOverdue(by, now, c);
        const today = shopDay(now, c);
        if (today <= by) expect(overdue).toBe(0);
        else expect(overdue).toBe(daysBetween(by, today));
        expect(overdue).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the cut-off the server filters overdue samples with', () => {
  it('property: a sample is before the cut-off exactly when it is overdue', () => {
    fc.assert(
      fc.property(instant, within, country, fc.integer({ min: 0, max: 400 * DAY }), (t, n, c, later) => {
        const now = t + later;
        const overdue = daysOverdue(postByDay(t, n, c), now, c) > 0;
        expect(t < overdueBefore(now, n, c)).toBe(overdue);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: a shop day starts at the local midnight of that day', () => {
    fc.assert(
      fc.property(instant, country, (t, c) => {
        const day = shopDay(t, c);
        const start = shopDayStart(day, c);
        expect(shopDay(start, c)).toBe(day);
        expect(shopDay(start - 1, c)).toBe(addDays(day, -1));
        expect(start).toBeLessThanOrEqual(t);
      }),
      { numRuns: 2000 },
    );
  });
});
