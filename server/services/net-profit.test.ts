import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netProfit, retainerMonths, type NetInput } from './net-profit.ts';

const day = fc
  .record({
    y: fc.integer({ min: 2024, max: 2027 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** A plan of up to 6 creators with lines, videos (ids shared across creators on purpose) and costs. */
const plan: fc.Arbitrary<NetInput> = fc
  .record({
    creators: fc.integer({ min: 1, max: 6 }),
    sampleCents: fc.integer({ min: 0, max: 10_000 }),
    stages: fc.array(fc.constantFrom('contacted', 'shipped', 'posted', 'selling'), {
      minLength: 6,
      maxLength: 6,
    }),
    lines: fc.array(
      fc.record({
        c: fc.nat(5),
        video: fc.constantFrom('', '71', '72', '73'),
        gmv: fc.integer({ min: 0, max: 1_000_000 }),
        commission: fc.integer({ min: 0, max: 100_000 }),
        time: fc.integer({ min: 0, max: 1_830_000_000 }),
      }),
      { maxLength: 60 },
    ),
    contents: fc.array(fc.record({ c: fc.nat(5), video: fc.constantFrom('71', '72', '73', '74') }), {
      maxLength: 8,
    }),
    costs: fc.array(
      fc.record({
        c: fc.nat(5),
        kind: fc.constantFrom('fee', 'retainer', 'ad'),
        content: fc.nat(7),
        amount: fc.integer({ min: 1, max: 10_000_000 }),
        start: day,
        months: fc.integer({ min: 0, max: 30 }),
        endDay: fc.integer({ min: 1, max: 28 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map((p) => {
    const id = (c: number) => 100 + (c % p.creators);
    // One record per (creator, video id): the workspace keeps one per video id in a country.
    const seen = new Set<string>();
    const contents = p.contents
      .map((c, i) => ({ id: i + 1, creator_id: id(c.c), video_id: c.video, link: '' }))
      .filter((c) => !seen.has(c.video_id) && !!seen.add(c.video_id));
    return {
      planId: 1,
      country: 'US' as const,
      sampleCents: p.sampleCents,
      members: Array.from({ length: p.creators }, (_, i) => ({
        creator_id: 100 + i,
        stage: p.stages[i]!,
        sample_time: p.stages[i] === 'contacted' ? 0 : 1_770_000_000,
        stage_time: 1_770_000_000,
      })),
      lines: p.lines.map((l) => ({
        creator_id: id(l.c),
        video_id: l.video,
        gmv_cents: l.gmv,
        commission_cents: l.commission,
        created_time: l.time,
      })),
      contents,
      costs: p.costs.map((c) => {
        const y = Number(c.start.slice(0, 4)) + Math.floor((Number(c.start.slice(5, 7)) - 1 + c.months) / 12);
        const m = ((Number(c.start.slice(5, 7)) - 1 + c.months) % 12) + 1;
        const end = `${y}-${String(m).padStart(2, '0')}-${String(c.endDay).padStart(2, '0')}`;
        const retainer = c.kind === 'retainer' && end >= c.start;
        const kind = c.kind === 'retainer' && !retainer ? 'fee' : c.kind;
        return {
          creator_id: id(c.c),
          kind,
          content_id: kind === 'ad' ? (contents[c.content % Math.max(1, contents.length)]?.id ?? 0) : 0,
          amount_cents: c.amount,
          start_date: c.start,
          end_date: retainer ? end : '',
        };
      }),
    };
  });

const cents = (n: number) => Math.round(n * 100);
const sum = (rows: readonly Record<string, unknown>[], k: string) =>
  rows.reduce((n, r) => n + cents(r[k] as number), 0);

describe('net profit', () => {
  it('per-creator and per-month net profit each sum to the plan’s, field by field', () => {
    fc.assert(
      fc.property(plan, (input) => {
        const out = netProfit(input);
        for (const k of ['gmv', 'commission', 'samples', 'fees', 'ads', 'net']) {
          const total = cents(out.total[k as 'net']);
          expect(sum(out.creators, k)).toBe(total);
          expect(sum(out.months, k)).toBe(total);
        }
        const spent = out.total.commission + out.total.samples + out.total.fees + out.total.ads;
        expect(out.total.net).toBeCloseTo(out.total.gmv - spent, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('never counts an order line for two videos: videos hold exactly the lines that name them', () => {
    fc.assert(
      fc.property(plan, (input) => {
        const out = netProfit(input);
        const owners = new Set(input.contents.map((c) => `${c.creator_id}|${c.video_id}`));
        const attributed = input.lines.filter((l) => owners.has(`${l.creator_id}|${l.video_id}`));
        expect(sum(out.videos, 'gmv')).toBe(attributed.reduce((n, l) => n + l.gmv_cents, 0));
        expect(sum(out.videos, 'commission')).toBe(attributed.reduce((n, l) => n + l.commission_cents, 0));
        expect(sum(out.videos, 'gmv')).toBeLessThanOrEqual(cents(out.total.gmv));
        // Every ad spend on a known video is that video's, once.
        const known = new Set(input.contents.map((c) => c.id));
        const ads = input.costs.filter((c) => c.kind === 'ad' && known.has(c.content_id));
        expect(sum(out.videos, 'ads')).toBe(ads.reduce((n, c) => n + c.amount_cents, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('a retainer counts whole months whole and part months by their days', () => {
    expect([...retainerMonths(3100, '2026-01-01', '2026-03-31')]).toEqual([
      ['2026-01', 3100],
      ['2026-02', 3100],
      ['2026-03', 3100],
    ]);
    // 16–31 January: 16 of 31 days; 1–14 February 2028 (a leap year): 14 of 29 days.
    expect([...retainerMonths(3100, '2027-01-16', '2027-01-31')]).toEqual([['2027-01', 1600]]);
    expect([...retainerMonths(2900, '2028-02-01', '2028-02-14')]).toEqual([['2028-02', 1400]]);
    expect([...retainerMonths(100_000, '2026-12-20', '2027-01-10')]).toEqual([
      ['2026-12', 38710],
      ['2027-01', 32258],
    ]);
  });
});
