import { describe, expect, it } from 'vitest';
import type { CreatorRow, RowOf } from '../../../contract/sync.ts';
import { writeTable } from '../../files/table-writer.ts';
import { planFileName, planTable } from './plan-export.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('plan export', () => {
  const plan = {
    id: 3,
    version: 1,
    name: 'Spring cats / 2026',
    product_ids: '9',
    sample_cost: 5,
    shipping_cost: 2,
  } as RowOf<'plans'>;
  const members = [
    {
      id: 1,
      version: 1,
      plan_id: 3,
      creator_id: 11,
      stage: 'shipped',
      stage_time: day('2026-03-01'),
      reason: '',
      add_time: day('2026-02-01'),
    },
    {
      id: 2,
      version: 1,
      plan_id: 3,
      creator_id: 12,
      stage: 'declined',
      stage_time: day('2026-03-05'),
      reason: 'too busy',
      add_time: day('2026-02-02'),
    },
    {
      id: 3,
      version: 1,
      plan_id: 4,
      creator_id: 13,
      stage: 'selling',
      stage_time: 0,
      reason: '',
      add_time: 0,
    },
  ] as RowOf<'plan_creators'>[];
  const creators = new Map([[11, { id: 11, unique_id: 'amy', daren_name: 'Amy' } as unknown as CreatorRow]]);
  const sales = [
    {
      id: 1,
      version: 1,
      creator_id: 11,
      product_id: '1729',
      gmv: 35.5,
      orders: 2,
      units: 2,
      commission: 5.33,
      currency: 'USD',
    },
  ] as RowOf<'creator_sales'>[];
  const products: RowOf<'products'>[] = [{ id: 9, version: 1, product_id: '1729' } as RowOf<'products'>];

  it('writes one row per creator of the plan with stage, dates and money, newest arrivals first', async () => {
    const t = planTable(plan, members, creators, sales, products, day('2026-03-11'));
    expect(t.rowCount).toBe(2);
    expect(t.rows[0]).toEqual([
      '#12',
      '',
      'Declined',
      '2026-03-05',
      6,
      'too busy',
      '2026-02-02',
      0,
      0,
      0,
      0,
      0,
      '',
    ]);
    // (35.5 − 5.33 − 7) / (5.33 + 7) = 187.9 %
    expect(t.rows[1]).toEqual([
      '@amy',
      'Amy',
      'Shipped',
      '2026-03-01',
      10,
      '',
      '2026-02-01',
      35.5,
      2,
      2,
      5.33,
      7,
      187.9,
    ]);
    expect(t.header).toHaveLength(t.rows[0]!.length);
    const bytes = await writeTable('xlsx', t);
    // An XLSX is a zip: it starts with the local file header.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(planFileName(plan, new Date(Date.UTC(2026, 2, 11, 12, 0)))).toMatch(
      /^plan-Spring_cats_2026-20260311-\d{6}\.xlsx$/,
    );
  });
});
