import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOT,
  formatAmount,
  formatTime,
  parseAmount,
  parseCount,
  parseTime,
  type NumberLayout,
  type TimeFormat,
} from './orders-format.ts';

const COMMA: NumberLayout = { decimal: ',' };
const utc = (iso: string) => Date.parse(iso) / 1000;
const cents = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });

describe('the number and time formats of order downloads', () => {
  it('reads back every amount the layout writes, to the cent (property, both separators)', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(DOT, COMMA), (c, layout) => {
        expect(parseAmount(formatAmount(c, layout), layout)).toEqual({ cents: c, currency: '' });
      }),
      { numRuns: 3000 },
    );
  });

  it("never reads the other separator's amount as a number (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (c) => {
        fc.pre(c % 100 !== 0);
        expect(parseAmount(formatAmount(c, COMMA), DOT)).toBeNull();
        expect(parseAmount(formatAmount(c, DOT), COMMA)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every time the format writes (property, both formats)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800, max: 4_102_444_799 }),
        fc.constantFrom<TimeFormat>('dmy24', 'mdy12'),
        (t, format) => {
          expect(parseTime(formatTime(t, format), format)).toBe(t);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('strips only the row currency’s own code or symbol, and nothing that is not an amount', () => {
    expect(parseAmount('£1.95', DOT, 'GBP')).toEqual({ cents: 195, currency: '' });
    expect(parseAmount('1.95£', DOT, 'GBP')).toEqual({ cents: 195, currency: '' });
    expect(parseAmount('GBP 39.99', DOT, 'GBP')).toEqual({ cents: 3999, currency: 'GBP' });
    expect(parseAmount('GBP 39.99', DOT)).toEqual({ cents: 3999, currency: 'GBP' });
    for (const [raw, cur] of [
      ['$1.95', 'GBP'],
      ['USD 1.95', 'GBP'],
      ['£1.95', ''],
      ['60,75', 'GBP'],
      ['1,049.50', 'GBP'],
      ['1.999', 'GBP'],
      ['1e3', 'USD'],
      ['', 'USD'],
      [' . ', 'USD'],
      ['12345678901', 'USD'],
      ['NaN', 'USD'],
    ] as const)
      expect(parseAmount(raw, DOT, cur), `${raw} in ${cur}`).toBeNull();
    expect(parseAmount('60,75', COMMA)).toEqual({ cents: 6075, currency: '' });
    expect(parseCount('2')).toBe(2);
    for (const raw of ['2.5', '-1', 'two', '1,000']) expect(parseCount(raw)).toBeNull();
  });

  it('reads times only in their own format', () => {
    expect(parseTime('02/03/2026 14:05:11', 'dmy24')).toBe(utc('2026-03-02T14:05:11Z'));
    expect(parseTime('03/02/2026 2:05:11 PM', 'mdy12')).toBe(utc('2026-03-02T14:05:11Z'));
    expect(parseTime('12/31/2026 12:00:00 AM', 'mdy12')).toBe(utc('2026-12-31T00:00:00Z'));
    for (const raw of [
      '10/13/2026 10:00:00',
      '31/02/2026 10:00:00',
      '2026-03-02',
      '2026-03-02 14:05:11',
      '2026-03-02T14:05:11.000Z',
      '02/03/2026',
      '2/3/2026 14:05',
      '02/03/2026 24:00:00',
      '02/03/1970 10:00:00',
    ])
      expect(parseTime(raw, 'dmy24'), raw).toBeNull();
    expect(parseTime('03/02/2026 14:05:11', 'mdy12')).toBeNull();
    expect(parseTime('02/03/2026 2:05:11 PM', 'dmy24')).toBeNull();
    expect(parseTime('2026-03-02T14:05:11.000Z', 'dmy24', true)).toBe(utc('2026-03-02T14:05:11Z'));
  });
});
