/**
 * A 1,000,000-line shop is generated from the line index on every read: paging through all of it
 * keeps the heap flat, never repeats or skips an order, and gives the same orders for the same seed.
 * The pages go through the orders search itself (the handler's code, without HTTP, which the
 * other orders tests cover) so the walk stays within a test's time on a small machine.
 */
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { searchOrders } from './orders.ts';
import { buildWorld, shopOf } from './world.ts';

const US = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const LINES = 1_000_000;
const MB = 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const world = (seed: number) => buildWorld({ orderLines: LINES, seed, clock: () => 1_800_000_000_000 });
const opts = { maxRangeDays: null };

describe('a 1,000,000-line shop', () => {
  it('pages through every line with a flat heap, newest first, no order twice', { timeout: 300_000 }, () => {
    const before = heap();
    const w = world(7);
    const shop = shopOf(w, US);
    const built = heap();
    // The shop itself is its catalogue and samples, not its orders.
    expect(built - before).toBeLessThan(20 * MB);
    const now = w.clock.now();
    let token: string | undefined;
    let lines = 0;
    let pages = 0;
    let last: { t: number; id: string } | null = null;
    let outOfOrder = 0;
    const samples: number[] = [];
    do {
      const page = searchOrders(shop, now, {}, { size: 100, token }, opts);
      for (const o of page.orders) {
        // Strictly decreasing (create_time, id): no order repeats, none comes out of order.
        if (last && !(o.create_time < last.t || (o.create_time === last.t && o.id < last.id))) outOfOrder++;
        last = { t: o.create_time, id: o.id };
        lines += o.skus.length;
      }
      if (pages === 0) expect(page.total_count).toBe(LINES);
      token = page.next_page_token || undefined;
      pages++;
      if (pages % 1500 === 0) samples.push(heap());
    } while (token);
    expect(outOfOrder).toBe(0);
    expect(lines).toBe(LINES);
    expect(pages).toBe(Math.ceil(shop.space.orderCount / 100));
    const after = heap();
    expect(samples.length).toBeGreaterThan(2);
    for (const s of [...samples, after]) expect(s - built).toBeLessThan(16 * MB);
  });

  it('is deterministic: the same seed gives the same pages anywhere in the history, another seed does not', () => {
    const digest = (seed: number, lt?: number) => {
      const w = world(seed);
      const shop = shopOf(w, US);
      const page = searchOrders(
        shop,
        w.clock.now(),
        lt ? { create_time_lt: lt } : {},
        { size: 100, token: undefined },
        opts,
      );
      return crypto.createHash('sha256').update(JSON.stringify(page)).digest('hex');
    };
    const middle = world(7).clock.now() - 45 * 86_400;
    expect(digest(7)).toBe(digest(7));
    expect(digest(7, middle)).toBe(digest(7, middle));
    expect(digest(8, middle)).not.toBe(digest(7, middle));
  });
});
