import { describe, expect, it } from 'vitest';
import { dayOf } from '../../../contract/date-order.ts';
import { adRows, guessAdMapping } from './ad-spend-rules.ts';

describe('ad-spend files', () => {
  it('guesses Spark Ads and Shop Ads columns from their headers, each field once', () => {
    expect(
      guessAdMapping(['Campaign name', 'Ad name', 'Date', 'Video ID', 'Cost', 'Currency', 'Impressions']),
    ).toEqual(['campaign', null, 'date', 'video', 'amount', 'currency', null]);
    expect(guessAdMapping(['By Day', 'TikTok post link', 'Total cost (USD)', 'Clicks'])).toEqual([
      'date',
      'video',
      'amount',
      null,
    ]);
    expect(guessAdMapping(['A', 'B'])).toEqual([null, null]);
  });

  it('rewrites only year-first days; other dates are sent as written, to be refused by name', () => {
    expect(dayOf('2026/3/9')).toBe('2026-03-09');
    expect(dayOf('2026-03-10 00:00:00')).toBe('2026-03-10');
    expect(dayOf('2026-03-10T00:00:00.000Z')).toBe('2026-03-10');
    expect(dayOf('03/10/2026')).toBe('03/10/2026');
    expect(dayOf('10.03.2026')).toBe('10.03.2026');
  });

  it('sends the mapped cells of each row with its spreadsheet row number', () => {
    const rows = adRows(
      [
        ['7300000000000000001', '2026-03-10', '12.50\t', 'x'],
        ['bad', '2026/03/11', '-4', 'y'],
      ],
      [2, 4],
      ['video', 'date', 'amount', null],
    );
    expect(rows).toEqual([
      {
        row: 2,
        video: '7300000000000000001',
        date: '2026-03-10',
        amount: '12.50',
        currency: '',
        campaign: '',
      },
      { row: 4, video: 'bad', date: '2026-03-11', amount: '-4', currency: '', campaign: '' },
    ]);
  });
});
