import { describe, expect, it } from 'vitest';
import type { LedgerLine } from '../../../contract/schemas/ledger.ts';
import { gmvPerVideo, gmvPerWeek, ledgerFileName, ledgerTable, weekOf } from './ledger-rules.ts';

const line = (over: Partial<LedgerLine>): LedgerLine => ({
  key: '0.2.1',
  kind: 'sale',
  time: 0,
  day: '2026-03-10',
  creator_id: 7,
  video_id: '',
  ref: '',
  gmv_cents: 0,
  cost_cents: 0,
  run_gmv_cents: 0,
  run_cost_cents: 0,
  run_net_cents: 0,
  ...over,
});

describe('ledger rules', () => {
  it('weeks start on Monday, only weeks with sales are listed, and only sales count', () => {
    expect(weekOf('2026-03-10')).toBe(Date.parse('2026-03-09T00:00:00Z') / 1000);
    expect(weekOf('2026-03-09')).toBe(Date.parse('2026-03-09T00:00:00Z') / 1000);
    expect(weekOf('2026-03-15')).toBe(Date.parse('2026-03-09T00:00:00Z') / 1000);
    const weeks = gmvPerWeek([
      line({ day: '2026-03-10', gmv_cents: 10_010 }),
      line({ day: '2026-03-15', gmv_cents: 90 }),
      line({ kind: 'fee', day: '2026-03-18', cost_cents: 5000 }),
      line({ day: '2026-03-24', gmv_cents: 500 }),
    ]);
    expect(weeks.map((w) => [new Date(w.week * 1000).toISOString().slice(0, 10), w.gmv])).toEqual([
      ['2026-03-09', 101],
      ['2026-03-23', 5],
    ]);
  });

  it('sums GMV per attributed video, highest first, leaving unattributed sales out', () => {
    expect(
      gmvPerVideo([
        line({ video_id: '71', gmv_cents: 100 }),
        line({ video_id: '72', gmv_cents: 300 }),
        line({ video_id: '71', gmv_cents: 250 }),
        line({ gmv_cents: 999 }),
        line({ kind: 'ad', video_id: '73', cost_cents: 400 }),
      ]),
    ).toEqual([
      { video: '71', gmv: 3.5 },
      { video: '72', gmv: 3 },
    ]);
  });

  it('writes one row per line in the currency units, and a file name that says what it is', () => {
    const table = ledgerTable(
      {
        plan_id: 1,
        creator_id: 7,
        currency: 'USD',
        country: 'US',
        plans: [],
        total: { gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0, net: 0, roi: null },
        weeks: [],
        videos: [],
        lines: [
          line({
            gmv_cents: 10_010,
            cost_cents: 1001,
            run_gmv_cents: 10_010,
            run_cost_cents: 1001,
            run_net_cents: 9009,
            ref: '9001',
          }),
        ],
        offset: 0,
        lines_total: 1,
        next: null,
      },
      new Map([[7, '@sunny']]),
      '@sunny',
    );
    expect(table.rowCount).toBe(1);
    expect(table.header).toHaveLength(10);
    expect(table.row(0)).toEqual([
      '2026-03-10',
      expect.any(String),
      '@sunny',
      '',
      '9001',
      100.1,
      10.01,
      100.1,
      10.01,
      90.09,
    ]);
    const at = new Date('2026-03-10T12:00:00Z');
    expect(ledgerFileName('Lamps: spring', '@sunny', at)).toBe('ledger-sunny-Lamps_spring-20260310.xlsx');
    expect(ledgerFileName('Lamps', undefined, at)).toBe('ledger-plan-Lamps-20260310.xlsx');
  });
});
