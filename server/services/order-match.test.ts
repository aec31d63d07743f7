/** A file line and an API line are one line by order, product and content; two SKUs of one product pair by quantity. */
import { describe, expect, it } from 'vitest';
import { pairLines } from './order-match.ts';

const line = (product_id: string, quantity: number, content_id = 'v1', order_id = 'o1') => ({
  order_id,
  product_id,
  content_id,
  quantity,
});

describe('pairing API lines with stored ones', () => {
  it('pairs on order, product and content, each stored line once, same quantity first', () => {
    const stored = [line('p1', 1), line('p1', 3), line('p2', 1), line('p3', 1, 'v2')];
    const incoming = [line('p1', 3), line('p1', 1), line('p2', 1), line('p3', 1, 'v9'), line('p1', 5)];
    const pairs = pairLines(stored, incoming);
    expect(pairs.get(incoming[0]!)).toBe(stored[1]);
    expect(pairs.get(incoming[1]!)).toBe(stored[0]);
    expect(pairs.get(incoming[2]!)).toBe(stored[2]);
    // Another video: another line. A third SKU of p1 finds no stored line left.
    expect(pairs.has(incoming[3]!)).toBe(false);
    expect(pairs.has(incoming[4]!)).toBe(false);
  });

  it('pairs a line whose quantity changed when no other line of its key is left', () => {
    const stored = [line('p1', 2, 'v1', '9'), line('p1', 2, 'v1', '8')];
    const incoming = [line('p1', 1, 'v1', '9')];
    expect(pairLines(stored, incoming).get(incoming[0]!)).toBe(stored[0]);
  });
});
