/**
 * Affiliate orders read into order lines: the settled commission replaces the estimate, statuses
 * take the file's words, full refunds are void, and what does not fit is refused, not guessed.
 */
import { describe, expect, it } from 'vitest';
import { AffiliateOrder, orderLines } from './affiliate-orders.ts';

const money = (amount: string) => ({ amount, currency: 'usd' });
const sku = (over: Record<string, unknown> = {}) => ({
  product_id: '1729000000000000001',
  quantity: 2,
  price: money('19.99'),
  creator_username: '@glowwithjane',
  content_id: '7400000000000000001',
  estimated_paid_commission: money('4.00'),
  estimated_paid_shop_ads_commission: money('0.50'),
  estimated_cofunded_creator_bonus_amount: money('0.25'),
  actual_paid_commission: money('2.00'),
  actual_paid_shop_ads_commission: money('0.00'),
  actual_cofunded_creator_bonus_amount: money('0.10'),
  refunded_quantity: 0,
  returned_quantity: 0,
  ...over,
});
const order = (status: string, skus = [sku()]) =>
  AffiliateOrder.parse({ id: '576653688135258178', create_time: 1718305585, status, skus });

describe('affiliate orders into order lines', () => {
  it('counts the estimate while pending and the actual amounts once settled', () => {
    expect(orderLines(order('PROCESSING'))[0]).toEqual({
      order_id: '576653688135258178',
      product_id: '1729000000000000001',
      content_id: '7400000000000000001',
      creator: 'glowwithjane',
      quantity: 2,
      gmv: 39.98,
      commission: 4.75,
      currency: 'USD',
      status: 'Pending',
      void: 0,
      created_time: 1718305585,
    });
    expect(orderLines(order('COMPLETED'))[0]).toMatchObject({ status: 'Settled', commission: 2.1, void: 0 });
    expect(orderLines(order('FROZEN'))[0]).toMatchObject({ status: 'Frozen', commission: 4.75, void: 0 });
    expect(orderLines(order('CANCELLED'))[0]).toMatchObject({ status: 'Ineligible', void: 1 });
    expect(orderLines(order('DEDUCTED'))[0]).toMatchObject({ status: 'Ineligible', void: 1 });
    expect(orderLines(order('NEW_STATUS'))[0]).toMatchObject({ status: 'NEW_STATUS', void: 0 });
  });

  it('a line returned or refunded in full is void; in part, it still counts', () => {
    expect(orderLines(order('COMPLETED', [sku({ returned_quantity: 2 })]))[0]!.void).toBe(1);
    expect(orderLines(order('COMPLETED', [sku({ refunded_quantity: 1 })]))[0]!.void).toBe(0);
  });

  it('refuses ids sent as numbers, amounts beyond cents and sums beyond the column, naming the field', () => {
    const bad = (o: unknown) => AffiliateOrder.safeParse(o);
    const base = { id: '576653688135258178', create_time: 1718305585, status: 'COMPLETED', skus: [sku()] };
    expect(bad({ ...base, id: 576653688135258 }).success).toBe(false);
    const cents = bad({ ...base, skus: [sku({ price: money('19.999') })] });
    expect(cents.success).toBe(false);
    expect(JSON.stringify(cents.error?.issues)).toContain('price');
    expect(bad({ ...base, skus: [sku({ price: money('999999999.99'), quantity: 1000 })] }).success).toBe(
      false,
    );
    expect(bad({ ...base, skus: [sku({ content_id: 'abc' })] }).success).toBe(false);
  });
});
