import { describe, expect, it } from 'vitest';
import { fitLabel, pointsBack, valueRange, widest } from './chart-layout.ts';

/** A monospaced stand-in for a canvas: 7 px a character. */
const measure = (t: string) => Array.from(t).length * 7;

describe('chart layout', () => {
  it('starts the value axis at zero, so bar lengths compare', () => {
    // 72 % and 179 %: once drawn from 64 %, the first bar was a tenth of the second.
    const [lo, hi] = valueRange(72, 179);
    expect(lo).toBe(0);
    expect(hi).toBeGreaterThanOrEqual(179);
    expect(hi).toBeLessThan(179 * 1.3);
    expect(valueRange(3, 12, true)).toEqual([0, 15]);
    expect(valueRange(0, 0)).toEqual([0, 1]);
    expect(valueRange(null, null, true)).toEqual([0, 1]);
  });

  it('takes in negative values and zero', () => {
    const [lo, hi] = valueRange(-48.5, 179);
    expect(lo).toBeLessThanOrEqual(-48.5);
    expect(hi).toBeGreaterThanOrEqual(179);
    const [lo2, hi2] = valueRange(-80, -12);
    expect(lo2).toBeLessThanOrEqual(-80);
    expect(hi2).toBe(0);
  });

  it('keeps counts on whole numbers', () => {
    for (const max of [1, 3, 7, 12, 250, 19_999]) {
      const [lo, hi] = valueRange(0, max, true);
      expect([lo, Number.isInteger(hi), hi >= max]).toEqual([0, true, true]);
    }
  });

  it('keeps a name whole when it fits, and ends a longer one with "…" within its room', () => {
    expect(fitLabel('Sample requested', 200, measure)).toBe('Sample requested');
    const cut = fitLabel('A creator with a very long display name', 100, measure);
    expect(cut).toBe('A creator wit…');
    expect(measure(cut)).toBeLessThanOrEqual(100);
    // Characters outside the BMP (emoji) are never split in half.
    expect(fitLabel('🐱🐱🐱🐱🐱🐱', 30, measure)).toBe('🐱🐱🐱…');
    expect(widest(['ab', 'abcd', null], measure)).toBe(28);
  });

  it('names every step-th point counted back from the last', () => {
    expect(pointsBack(10, 3)).toEqual([0, 3, 6, 9]);
    expect(pointsBack(9, 3)).toEqual([2, 5, 8]);
    expect(pointsBack(1, 4)).toEqual([0]);
    expect(pointsBack(4, 1)).toEqual([0, 1, 2, 3]);
  });
});
