import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shopDay } from '../../contract/shop-time.ts';
import { inputOf, ledgerLines } from './ledger.ts';
import { netProfit, type NetInput } from './net-profit.ts';

const day = fc
  .record({ y: fc.integer({ min: 2024, max: 2027 }), m: fc.integer({ min: 1, max: 12 }), d: fc.nat(27) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`);

/** A plan of up to 5 creators with order lines, videos (ids shared on purpose) and every kind of cost. */
const plan: fc.Arbitrary<NetInput> = fc
  .record({
    creators: fc.integer({ min: 1, max: 5 }),
    sampleCents: fc.integer({ min: 0, max: 10_000 }),
    stages: fc.array(fc.constantFrom('contacted', 'shipped', 'posted', 'selling'), {
      minLength: 5,
      maxLength: 5,
    }),
    lines: fc.array(
      fc.record({
        c: fc.nat(4),
        video: fc.constantFrom('', '71', '72', '73'),
        gmv: fc.integer({ min: 0, max: 1_000_000 }),
        commission: fc.integer({ min: 0, max: 100_000 }),
        time: fc.integer({ min: 0, max: 1_830_000_000 }),
      }),
      { maxLength: 60 },
    ),
    contents: fc.array(fc.record({ c: fc.nat(4), video: fc.constantFrom('71', '72', '73', '74') }), {
      maxLength: 6,
    }),
    costs: fc.array(
      fc.record({
        c: fc.nat(4),
        kind: fc.constantFrom('fee', 'retainer', 'ad'),
        content: fc.nat(5),
        amount: fc.integer({ min: 1, max: 10_000_000 }),
        start: day,
        end: day,
      }),
      { maxLength: 10 },
    ),
  })
  .map((p) => {
    const id = (c: number) => 100 + (c % p.creators);
    const seen = new Set<string>();
    const contents = p.contents
      .map((c, i) => ({
        id: i + 1,
        creator_id: id(c.c),
        video_id: c.video,
        link: '',
        post_time: 1_770_000_000 + i,
      }))
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
      lines: p.lines.map((l, i) => ({
        creator_id: id(l.c),
        video_id: l.video,
        gmv_cents: l.gmv,
        commission_cents: l.commission,
        created_time: l.time,
        order_id: `o${i}`,
      })),
      contents,
      costs: p.costs.map((c) => {
        const retainer = c.kind === 'retainer' && c.end >= c.start;
        const kind = c.kind === 'retainer' && !retainer ? 'fee' : c.kind;
        return {
          creator_id: id(c.c),
          kind,
          content_id: kind === 'ad' ? (contents[c.content % Math.max(1, contents.length)]?.id ?? 0) : 0,
          amount_cents: c.amount,
          start_date: c.start,
          end_date: retainer ? c.end : '',
        };
      }),
    };
  });

const cents = (n: number) => Math.round(n * 100);

describe('the ledger', () => {
  it(
    "each creator's last running totals equal the plan's net profit for that creator, and the plan's ledger its total",
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(plan, (input) => {
          const money = netProfit(input);
          for (const c of money.creators) {
            const { lines, total } = ledgerLines(inputOf(input, c.creator_id));
            const last = lines.at(-1);
            const spent = c.commission + c.samples + c.fees + c.ads;
            expect(last?.run_gmv_cents ?? 0).toBe(cents(c.gmv));
            expect(last?.run_cost_cents ?? 0).toBe(cents(spent));
            expect(last?.run_net_cents ?? 0).toBe(cents(c.net));
            expect({ ...total, creator_id: c.creator_id }).toEqual(c);
            expect(cents(total.net)).toBe(cents(c.net));
            expect(lines.every((l) => l.creator_id === c.creator_id)).toBe(true);
          }
          const whole = ledgerLines(input);
          expect(whole.lines.at(-1)?.run_net_cents ?? 0).toBe(cents(money.total.net));
          expect(cents(whole.total.ads)).toBe(cents(money.total.ads));
        }),
        { numRuns: 200 },
      );
    },
  );

  it(
    'lists every counted order line exactly once, oldest first, with running totals that add up',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(plan, (input) => {
          const { lines } = ledgerLines(input);
          const sales = lines.filter((l) => l.kind === 'sale').map((l) => l.ref);
          expect(sales.sort()).toEqual(input.lines.map((l) => l.order_id).sort());
          let gmv = 0;
          let cost = 0;
          lines.forEach((l, i) => {
            if (i > 0) expect(l.time).toBeGreaterThanOrEqual(lines[i - 1]!.time);
            gmv += l.gmv_cents;
            cost += l.cost_cents;
            expect([l.run_gmv_cents, l.run_cost_cents, l.run_net_cents]).toEqual([gmv, cost, gmv - cost]);
            expect(l.day).toBe(l.time > 0 ? shopDay(l.time, 'US') : '');
          });
        }),
        { numRuns: 200 },
      );
    },
  );

  it("books a retainer per month on the month's first covered day, and a sale to the video its creator posted", () => {
    const { lines } = ledgerLines({
      planId: 1,
      country: 'US',
      sampleCents: 1500,
      members: [{ creator_id: 7, stage: 'shipped', sample_time: 1_773_144_000, stage_time: 1_773_144_000 }],
      lines: [
        {
          creator_id: 7,
          video_id: '71',
          gmv_cents: 10_010,
          commission_cents: 1001,
          created_time: 1_773_200_000,
        },
        {
          creator_id: 7,
          video_id: '99',
          gmv_cents: 5000,
          commission_cents: 500,
          created_time: 1_773_300_000,
        },
      ],
      contents: [{ id: 3, creator_id: 7, video_id: '71', link: '', post_time: 1_773_150_000 }],
      costs: [
        {
          creator_id: 7,
          kind: 'retainer',
          content_id: 0,
          amount_cents: 100_000,
          start_date: '2026-04-16',
          end_date: '2026-05-31',
        },
        {
          creator_id: 7,
          kind: 'ad',
          content_id: 3,
          amount_cents: 4000,
          start_date: '2026-03-11',
          end_date: '',
        },
      ],
    });
    expect(lines.map((l) => [l.kind, l.day, l.video_id, l.ref, l.cost_cents])).toEqual([
      ['sample', '2026-03-10', '', '', 1500],
      ['content', '2026-03-10', '71', '', 0],
      ['sale', '2026-03-10', '71', '', 1001],
      ['ad', '2026-03-11', '71', '', 4000],
      ['sale', '2026-03-12', '', '', 500],
      ['retainer', '2026-04-16', '', '2026-04', 50_000],
      ['retainer', '2026-05-01', '', '2026-05', 100_000],
    ]);
    expect(lines.at(-1)).toMatchObject({
      run_gmv_cents: 15_010,
      run_cost_cents: 157_001,
      run_net_cents: -141_991,
    });
  });
});
