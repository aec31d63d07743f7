import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTable } from './file-parse.ts';
import { money, orderTime, ordersLayout, readOrders, type OrdersFile } from './orders-rules.ts';

const fixture = async (name: string): Promise<OrdersFile> => {
  const bytes = fs.readFileSync(new URL(`../../../tests/fixtures/orders/${name}`, import.meta.url));
  const t = await readTable(new Blob([bytes]), name);
  const r = readOrders(t.headers, t.rows, t.rowNumbers);
  if (r === 'not_orders') throw new Error(`${name} not read as orders`);
  return r;
};
const utc = (iso: string) => Date.parse(iso) / 1000;

describe("Seller Center's order downloads", () => {
  it('reads the US affiliate layout: GMV is the payment amount, commission actual when paid else estimated', async () => {
    const f = await fixture('affiliate-us.csv');
    expect(f.layout).toBe('affiliate');
    expect(f.lines).toHaveLength(5);
    expect(f.lines[0]).toEqual({
      order_id: '576900000000000001',
      sku_id: '1729000000000000101',
      content_id: '7600000000000000001',
      product_id: '1729000000000000001',
      creator: 'glowwithjane',
      quantity: 1,
      gmv: 19.99,
      commission: 3,
      currency: 'USD',
      status: 'Settled',
      void: 0,
      // Day first, US shops too: 02/03 is the 2nd of March.
      created_time: utc('2026-03-02T14:05:11Z'),
    });
    // Pending: the estimate; a Shop Ads row: the Shop Ads estimate.
    expect(f.lines[1]).toMatchObject({ gmv: 22, quantity: 2, commission: 5, void: 0 });
    expect(f.lines[2]).toMatchObject({ gmv: 17.99, commission: 1.2 });
    // Ineligible and refunded: kept, never counted.
    expect(f.lines[3]).toMatchObject({ status: 'Ineligible', void: 1 });
    expect(f.voided).toBe(1);
    expect(f.bad).toEqual([]);
    expect(f.noCreator).toBe(false);
  });

  it('reads the UK affiliate layout (Creator Region, GBP) with no mapping', async () => {
    const uk = await fixture('affiliate-uk.csv');
    const us = await fixture('affiliate-us.csv');
    expect(uk.layout).toBe('affiliate');
    expect(uk.lines.map((l) => ({ ...l, currency: 'USD' }))).toEqual(us.lines);
    expect(new Set(uk.lines.map((l) => l.currency))).toEqual(new Set(['GBP']));
  });

  it('reads all-orders downloads: BOM, trailing tabs, per-line sales, US and UK times, GBP money', async () => {
    const us = await fixture('all-orders-us.csv');
    expect(us.layout).toBe('all_orders');
    expect(us.noCreator).toBe(true);
    // Order Amount (32.49) repeats per line: the lines carry their own subtotals.
    expect(us.lines.map((l) => [l.order_id, l.sku_id, l.gmv])).toEqual([
      ['576900000000000001', '1729000000000000101', 19.99],
      ['576900000000000001', '1729000000000000102', 12.5],
      ['576900000000000006', '1729000000000000103', 19.98],
    ]);
    // Month first with AM/PM in US all-orders files.
    expect(us.lines[0]!.created_time).toBe(utc('2026-03-02T14:05:11Z'));
    expect(us.lines[2]).toMatchObject({ status: 'Canceled', void: 1, quantity: 2 });
    const uk = await fixture('all-orders-uk.csv');
    // The description row under the header is not an order.
    expect(uk.lines).toHaveLength(1);
    expect(uk.lines[0]).toMatchObject({
      gmv: 39.99,
      currency: 'GBP',
      created_time: utc('2026-03-13T18:20:00Z'),
    });
  });

  it('voids only the line whose units came back, not the whole order, and unpaid affiliate lines', () => {
    const headers = [
      'Order ID',
      'Order Status',
      'SKU ID',
      'Quantity',
      'Sku Quantity of return',
      'SKU Subtotal After Discount',
      'Order Refund Amount',
    ];
    const r = readOrders(
      headers,
      [
        ['5769', 'Completed', '101', '1', '0', '19.99', '12.5'],
        ['5769', 'Completed', '102', '1', '1', '12.5', '12.5'],
      ],
      [2, 3],
    );
    expect(r).toMatchObject({
      lines: [
        { sku_id: '101', void: 0 },
        { sku_id: '102', void: 1 },
      ],
      voided: 1,
    });
    const unpaid = readOrders(
      ['Order ID', 'Creator Username', 'Payment Amount', 'Order Status'],
      [
        ['5770', 'amy', '10', 'Unpaid by customer'],
        ['5771', 'amy', '10', 'Pending'],
      ],
      [2, 3],
    );
    expect(unpaid).toMatchObject({ lines: [{ void: 1 }, { void: 0 }] });
  });

  it('names what it cannot read and refuses other files', () => {
    expect(ordersLayout(['unique_id', 'name'])).toBeNull();
    expect(readOrders(['unique_id'], [['a']], [2])).toBe('not_orders');
    const headers = ['Order ID', 'Creator Username', 'Payment Amount', 'Quantity'];
    const r = readOrders(
      headers,
      [
        ['x1', 'a', '1', '1'],
        ['5769', 'b', 'abc', '1'],
        ['5770', '@c', '2.5', '1'],
      ],
      [2, 3, 4],
    );
    expect(r).toMatchObject({ bad: [2, 3], lines: [{ order_id: '5770', creator: 'c', gmv: 2.5 }] });
    expect(money('GBP 1,234.50')).toEqual({ value: 1234.5, currency: 'GBP' });
    expect(money('')).toEqual({ value: 0, currency: '' });
    expect(Number.isNaN(money('12,5 €').value)).toBe(true);
    expect(orderTime('31/02/2026 10:00:00')).toBe(0);
    expect(orderTime('\t')).toBe(0);
    expect(orderTime('12/31/2026 12:00:00 AM')).toBe(utc('2026-12-31T00:00:00Z'));
  });
});
