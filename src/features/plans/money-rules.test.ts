import { describe, expect, it } from 'vitest';
import type { PlanStage } from '../../../contract/limits.ts';
import type { RowOf, SyncRow } from '../../../contract/sync.ts';
import {
  creatorMoney,
  planMoney,
  planProductIds,
  planSamples,
  planWeeks,
  roi,
  topByRoi,
} from './money-rules.ts';

const sale = (
  creator_id: number,
  product_id: string,
  gmv: number,
  extra: Partial<SyncRow> = {},
): RowOf<'creator_sales'> =>
  ({
    id: creator_id * 10 + Number(product_id.slice(-1)),
    version: 1,
    creator_id,
    product_id,
    gmv,
    orders: 1,
    units: 2,
    commission: gmv / 10,
    currency: 'USD',
    ...extra,
  }) as RowOf<'creator_sales'>;
const member = (plan_id: number, creator_id: number): RowOf<'plan_creators'> =>
  ({
    id: plan_id * 100 + creator_id,
    version: 1,
    plan_id,
    creator_id,
  }) as RowOf<'plan_creators'>;

describe('plan money', () => {
  const products = [
    { id: 1, version: 1, product_id: '1729000000000000001' },
    { id: 2, version: 1, product_id: '1729000000000000002' },
  ] as RowOf<'products'>[];
  const plan = { id: 7, version: 1, product_ids: '1' } as RowOf<'plans'>;
  const sales = [
    sale(1, '1729000000000000001', 19.99),
    sale(1, '1729000000000000002', 22),
    sale(2, '1729000000000000001', 0.02),
    sale(3, '1729000000000000001', 100),
  ];

  it("counts the sales of the plan's own products by the creators in it", () => {
    const ids = planProductIds(plan, products);
    expect([...ids]).toEqual(['1729000000000000001']);
    const m = planMoney(7, ids, [member(7, 1), member(7, 2), member(8, 3)], sales);
    // 19.99 + 0.02 without float dust; creator 3 is in another plan, product 2 is not the plan's.
    expect(m).toEqual({ gmv: 20.01, orders: 2, units: 4, commission: 2, currency: 'USD' });
    expect(planMoney(7, new Set(), [member(7, 1)], sales)).toMatchObject({ gmv: 0, orders: 0 });
  });

  it('gives each creator their own total and says when currencies mix', () => {
    const ids = new Set(['1729000000000000001', '1729000000000000002']);
    const per = creatorMoney(sales, ids);
    expect(per.get(1)).toMatchObject({ gmv: 41.99, orders: 2, currency: 'USD' });
    expect(per.has(4)).toBe(false);
    const mixed = creatorMoney(
      [sale(5, '1729000000000000001', 1), sale(5, '1729000000000000002', 1, { currency: 'GBP' })],
      ids,
    );
    expect(mixed.get(5)!.currency).toBe('');
  });

  it('costs samples for creators whose samples were recorded as sent, and gives ROI only when something was spent', () => {
    const costly = { id: 7, version: 1, sample_cost: 5, shipping_cost: 2.5 } as RowOf<'plans'>;
    const staged = (creator_id: number, stage: PlanStage, sample_time = 0) => ({
      ...member(7, creator_id),
      stage,
      sample_time,
    });
    const members = [
      staged(1, 'shipped'),
      // Shipped, then sold: the sample was sent.
      staged(2, 'selling', 1_772_000_000),
      // Moved to selling by an imported sale: no sample was ever recorded.
      staged(5, 'selling'),
      staged(6, 'posted'),
      // Out of the path after shipping: the sample still cost the plan.
      staged(7, 'dropped', 1_772_000_000),
      // Moved back before shipping, not sent yet: the server clears its time with the move.
      staged(8, 'sample_approved', 1_772_000_000),
      staged(3, 'invited'),
      { ...staged(4, 'shipped'), plan_id: 8 },
    ];
    expect(planSamples(costly, members)).toEqual({ shipped: 3, cost: 22.5 });
    // A plan mirrored before it had costs reads them as 0.
    expect(planSamples({ id: 7, version: 1 } as RowOf<'plans'>, members)).toEqual({ shipped: 3, cost: 0 });
    expect(roi(35.5, 5.33, 15)).toBeCloseTo((35.5 - 20.33) / 20.33, 10);
    expect(roi(100, 0, 0)).toBeNull();
    expect(roi(0, 1, 1)).toBe(-1);
  });

  it('sums GMV per week and ranks creators by ROI, leaving out those with nothing spent', () => {
    const w1 = Date.parse('2026-03-02T00:00:00Z') / 1000;
    const w2 = w1 + 7 * 86_400;
    const ids = new Set(['1729000000000000001']);
    const weekly = [
      sale(1, '1729000000000000001', 10, { week: w2 }),
      sale(1, '1729000000000000001', 5, { week: w1, id: 99 }),
      sale(2, '1729000000000000001', 2.5, { week: w1, id: 98 }),
      sale(2, '1729000000000000001', 100, { week: 0, id: 97 }),
    ];
    const members = [member(7, 1), member(7, 2)];
    expect(planWeeks(7, ids, members, weekly)).toEqual([
      { week: w1, gmv: 7.5 },
      { week: w2, gmv: 10 },
    ]);
    const plan = { id: 7, version: 1, sample_cost: 1, shipping_cost: 0 } as RowOf<'plans'>;
    const staged = [
      { ...member(7, 1), stage: 'shipped' },
      { ...member(7, 2), stage: 'invited' },
      { ...member(7, 3), stage: 'invited' },
    ] as RowOf<'plan_creators'>[];
    const top = topByRoi(plan, staged, weekly, ids);
    // Creator 3 had nothing spent on them: no ROI, not ranked.
    expect(top.map((t) => t.creator_id)).toEqual([2, 1]);
    expect(top[1]).toMatchObject({ gmv: 15, commission: 1.5, sample: 1 });
  });
});
