import { describe, expect, it } from 'vitest';
import { liveValue } from './live-value.ts';

describe('liveValue', () => {
  it('tells its subscribers of a change, not of the same value written again, and not after they leave', () => {
    const total = liveValue(0);
    const seen: number[] = [];
    const leave = total.subscribe(() => seen.push(total.get()));
    total.set(12);
    total.set(12);
    total.set(7);
    leave();
    total.set(3);
    expect(seen).toEqual([12, 7]);
    expect(total.get()).toBe(3);
  });
});
