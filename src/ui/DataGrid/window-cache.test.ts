import { describe, expect, it } from 'vitest';
import { WindowCache } from './window-cache.ts';

const rowsOf = (start: number, end: number) =>
  Array.from({ length: end - start }, (_, i) => ({ n: start + i }));

describe('window cache', () => {
  it('asks only for the blocks on screen and serves rows by absolute index', () => {
    const asked: [number, number][] = [];
    let loads = 0;
    const c = new WindowCache<{ n: number }>(
      (s, e) => {
        asked.push([s, e]);
        return rowsOf(s, e);
      },
      () => loads++,
      100,
    );
    c.ensure(150, 260, 100_000);
    expect(asked).toEqual([
      [100, 200],
      [200, 300],
    ]);
    expect(c.get(150)).toEqual({ n: 150 });
    expect(c.get(299)).toEqual({ n: 299 });
    expect(c.get(300)).toBeUndefined();
    c.ensure(150, 260, 100_000);
    expect(asked.length).toBe(2); // cached
    expect(loads).toBe(2);
  });

  it('cuts the last block at the total', () => {
    const asked: [number, number][] = [];
    const c = new WindowCache(
      (s, e) => (asked.push([s, e]), rowsOf(s, e)),
      () => {},
      100,
    );
    c.ensure(0, 1000, 250);
    expect(asked).toEqual([
      [0, 100],
      [100, 200],
      [200, 250],
    ]);
  });

  it('keeps at most maxBlocks blocks', () => {
    const c = new WindowCache(
      (s, e) => rowsOf(s, e),
      () => {},
      10,
      3,
    );
    for (let b = 0; b < 10; b++) c.ensure(b * 10, b * 10 + 10, 1000);
    expect(c.cachedBlocks).toBe(3);
    expect(c.get(95)).toEqual({ n: 95 });
    expect(c.get(5)).toBeUndefined();
  });

  it('drops an answer that arrives after reset (filters changed meanwhile)', async () => {
    let release: (rows: { n: number }[]) => void = () => {};
    const slow = () => new Promise<{ n: number }[]>((r) => (release = r));
    const c = new WindowCache<{ n: number }>(slow, () => {}, 100);
    c.ensure(0, 50, 1000);
    c.reset((s, e) => rowsOf(s, e).map((r) => ({ n: -r.n - 1 })));
    release(rowsOf(0, 100));
    await Promise.resolve();
    await Promise.resolve();
    expect(c.get(0)).toBeUndefined();
    c.ensure(0, 50, 1000);
    expect(c.get(0)).toEqual({ n: -1 });
  });

  it('retries a block whose request failed', async () => {
    let fail = true;
    const c = new WindowCache(
      (s, e) => (fail ? Promise.reject(new Error('worker gone')) : rowsOf(s, e)),
      () => {},
      100,
    );
    c.ensure(0, 10, 1000);
    await new Promise((r) => setTimeout(r, 0));
    fail = false;
    c.ensure(0, 10, 1000);
    expect(c.get(3)).toEqual({ n: 3 });
  });
});
