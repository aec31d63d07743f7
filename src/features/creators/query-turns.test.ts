import { describe, expect, it } from 'vitest';
import { QueryTurns } from './query-turns.ts';

describe('QueryTurns', () => {
  it('shows only the latest answer', () => {
    const t = new QueryTurns();
    const a = t.begin(true);
    const b = t.begin(true);
    expect(t.finish(a)).toBe(false);
    expect(t.finish(b)).toBe(true);
    expect(t.latest).toBe(b);
  });

  it('holds the shown rows for a background answer when the user waits for nothing', () => {
    const t = new QueryTurns();
    t.finish(t.begin(true));
    const bg = t.begin(false);
    expect(t.holds(true)).toBe(true);
    expect(t.finish(bg)).toBe(true);
    // a query the user asked for never holds
    expect(t.holds(false)).toBe(false);
  });

  it('does not hold when a synced page overtakes the filter the user just typed', () => {
    const t = new QueryTurns();
    t.finish(t.begin(true)); // the unfiltered page is on screen
    const typed = t.begin(true); // the name filter's query is on its way
    const bg = t.begin(false); // a pulled page lands first and asks again
    expect(t.finish(typed)).toBe(false); // the filter's own answer is now out of date
    expect(t.holds(true)).toBe(false); // so the background answer shows the filtered rows
    expect(t.finish(bg)).toBe(true);
    // once that answer has shown, the next background change holds again
    t.begin(false);
    expect(t.holds(true)).toBe(true);
  });

  it('keeps waiting for the user while the overtaking answer is itself overtaken', () => {
    const t = new QueryTurns();
    t.finish(t.begin(true));
    t.begin(true);
    const bg1 = t.begin(false);
    const bg2 = t.begin(false);
    expect(t.finish(bg1)).toBe(false);
    expect(t.holds(true)).toBe(false);
    expect(t.finish(bg2)).toBe(true);
  });
});
