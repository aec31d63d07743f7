import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTable } from './file-parse.ts';
import { ordersLayout, readOrders, type OrdersFile } from './orders-rules.ts';

const fixture = async (name: string): Promise<OrdersFile> => {
  const bytes = fs.readFileSync(new URL(`../../../tests/fixtures/orders/${name}`, import.meta.url));
  const t = await readTable(new Blob([bytes]), name);
  const r = readOrders(t.headers, t.rows, t.rowNumbers);
  if (r === 'not_orders') throw new Error(`${name} not read as orders`);
  return r;
};
const utc = (iso: string) => Date.parse(iso) / 1000;
const sum = (xs: number[]) => xs.reduce((a, b) => a + Math.round(b * 100), 0) / 100;

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
    expect(f.refusals).toEqual([]);
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
      'Created Time',
    ];
    const at = '02/03/2026 14:05:11';
    const r = readOrders(
      headers,
      [
        ['5769', 'Completed', '101', '1', '0', '19.99', '12.5', at],
        ['5769', 'Completed', '102', '1', '1', '12.5', '12.5', at],
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
  });

  it('reads a copy of a UK shop file with nine rows damaged by hand: eight refused and named, the rest exact', async () => {
    const good = await fixture('affiliate-uk-shop.csv');
    expect(good.refusals).toEqual([]);
    expect(good.lines).toHaveLength(16);
    const counted = good.lines.filter((l) => !l.void && l.creator !== 'nobodyhere_uk');
    expect(sum(counted.map((l) => l.gmv))).toBe(1316.95);
    expect(sum(counted.map((l) => l.commission))).toBe(147.59);

    const bad = await fixture('affiliate-uk-damaged.csv');
    expect(bad.refusedRows).toBe(8);
    expect(bad.refusals).toEqual([
      // A decimal comma, in a layout that writes a dot: refused, not read as 6075.
      { row: 3, column: 'Payment Amount', value: '60,75', expected: 'amount', format: '1234.50' },
      { row: 5, column: 'Payment Amount', value: '1,049.50', expected: 'amount', format: '1234.50' },
      // Month first in a day-first layout (there is no 13th month), an ISO day, an ISO time.
      {
        row: 6,
        column: 'Time Created',
        value: '10/13/2025 09:12:40',
        expected: 'time',
        format: 'DD/MM/YYYY HH:MM:SS',
      },
      {
        row: 7,
        column: 'Time Created',
        value: '2026-03-09',
        expected: 'time',
        format: 'DD/MM/YYYY HH:MM:SS',
      },
      {
        row: 8,
        column: 'Time Created',
        value: '2026-03-10 16:45:00',
        expected: 'time',
        format: 'DD/MM/YYYY HH:MM:SS',
      },
      // Cut short after Creator Username: 12 of the header's 31 cells.
      { row: 9, column: 'Creator Region', value: '', expected: 'cut', format: '12/31' },
      { row: 10, column: 'Quantity', value: '2.5', expected: 'count' },
      // Another currency's symbol in a GBP row.
      {
        row: 11,
        column: 'Est. Shop Ads commission payment',
        value: '$1.20',
        expected: 'amount',
        format: '1234.50',
      },
    ]);
    // The file's own currency symbol is only how a spreadsheet shows the number: £1.95 is 1.95.
    expect(bad.lines.find((l) => l.order_id === '576900000000001003')).toMatchObject({
      gmv: 9.75,
      commission: 1.95,
    });
    const kept = bad.lines.filter((l) => !l.void && l.creator !== 'nobodyhere_uk');
    expect(kept.map((l) => l.order_id.slice(-4))).toEqual(['1001', '1003', '1013', '1014', '1015']);
    expect(sum(kept.map((l) => l.gmv))).toBe(84.48);
    expect(sum(kept.map((l) => l.commission))).toBe(11.43);
    // Every line that was read is the good file's line, unchanged.
    for (const l of bad.lines) expect(good.lines).toContainEqual(l);
  });

  it('refuses a row with a missing required cell or a stray comma, and a file without required columns', () => {
    const headers = [
      'Order ID',
      'Product ID',
      'SKU ID',
      'Currency',
      'Payment Amount',
      'Quantity',
      'Fully returned or refunded',
      'Order Status',
      'Creator Username',
      'Content ID',
      'Est. standard commission payment',
      'Actual Commission Payment',
      'Time Created',
    ];
    const row = [
      '5769',
      '1729',
      '101',
      'USD',
      '10',
      '1',
      'No',
      'Pending',
      'amy',
      '7600',
      '1.5',
      '',
      '02/03/2026 14:05:11',
    ];
    const r = readOrders(
      headers,
      [
        row,
        row.map((c, i) => (i === 9 ? '' : c)),
        [...row, 'oops'],
        row.map((c, i) => (i === 0 ? '57a9' : i === 6 ? 'maybe' : c)),
        row.map((c, i) => (i === 4 ? 'GBP 10' : i === 12 ? '02/03/2026' : c)),
      ],
      [2, 3, 4, 5, 6],
    );
    expect(r).toMatchObject({
      lines: [{ order_id: '5769', gmv: 10, commission: 1.5 }],
      refusedRows: 4,
      refusals: [
        { row: 3, column: 'Content ID', value: '', expected: 'required' },
        { row: 4, column: 'Time Created', value: 'oops', expected: 'extra', format: '14/13' },
        { row: 5, column: 'Order ID', value: '57a9', expected: 'digits' },
        { row: 5, column: 'Fully returned or refunded', value: 'maybe', expected: 'yes_no' },
        { row: 6, column: 'Payment Amount', value: 'GBP 10', expected: 'amount' },
        { row: 6, column: 'Time Created', value: '02/03/2026', expected: 'time' },
      ],
    });
    expect(readOrders(headers.slice(0, 9), [row.slice(0, 9)], [2])).toMatchObject({
      lines: [],
      missing: [
        'Content ID',
        'Est. standard commission payment',
        'Actual Commission Payment',
        'Time Created',
      ],
    });
    expect(ordersLayout(['unique_id', 'name'])).toBeNull();
    expect(readOrders(['unique_id'], [['a']], [2])).toBe('not_orders');
  });

  it('holds an all-orders file to the way its first line writes money and time', () => {
    const headers = [
      'Order ID',
      'Order Status',
      'SKU ID',
      'Quantity',
      'SKU Subtotal After Discount',
      'Created Time',
    ];
    const r = readOrders(
      headers,
      [
        ['5769', 'Completed', '101', '1', 'GBP 39.99', '13/03/2026 18:20:00'],
        ['5770', 'Completed', '101', '1', 'USD 39.99', '13/03/2026 18:20:00'],
        ['5771', 'Completed', '101', '1', '39.99', '13/03/2026 18:20:00'],
        ['5772', 'Completed', '101', '1', 'GBP 1.5', '03/13/2026 6:20:00 PM'],
      ],
      [2, 3, 4, 5],
    );
    expect(r).toMatchObject({
      lines: [{ order_id: '5769', currency: 'GBP', gmv: 39.99 }],
      refusals: [
        { row: 3, column: 'SKU Subtotal After Discount', value: 'USD 39.99', format: 'GBP 1234.50' },
        { row: 4, column: 'SKU Subtotal After Discount', value: '39.99' },
        { row: 5, column: 'Created Time', format: 'DD/MM/YYYY HH:MM:SS' },
      ],
    });
  });

  it('takes the date cells of an XLSX file as the instants they are, and text dates only in the layout', () => {
    const headers = [
      'Order ID',
      'Order Status',
      'SKU ID',
      'Quantity',
      'SKU Subtotal After Discount',
      'Created Time',
    ];
    const rows = [['5769', 'Completed', '101', '1', '9.99', '2026-03-13T18:20:00.000Z']];
    expect(readOrders(headers, rows, [2], { xlsx: true })).toMatchObject({
      lines: [{ created_time: utc('2026-03-13T18:20:00Z') }],
    });
    expect(readOrders(headers, rows, [2])).toMatchObject({ lines: [], refusedRows: 1 });
  });
});
