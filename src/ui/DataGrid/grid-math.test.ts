import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  blocksFor,
  cappedRange,
  MAX_DOM_ROWS,
  MAX_ZOOM,
  MIN_ZOOM,
  MAX_SCROLL_PX,
  maxScrollRows,
  moveFocus,
  nextSort,
  pageCheckState,
  rowHeightFor,
  stepZoom,
  ZOOM_LEVELS,
} from './grid-math.ts';

describe('sort cycling', () => {
  it('starts a new column at its first order and toggles the same column', () => {
    const a = nextSort(null, 'follower_count');
    expect(a).toEqual({ field: 'follower_count', order: 'asc' });
    const b = nextSort(a, 'follower_count');
    expect(b).toEqual({ field: 'follower_count', order: 'desc' });
    expect(nextSort(b, 'follower_count')).toEqual({ field: 'follower_count', order: 'asc' });
    expect(nextSort(b, 'gmv_t30', 'desc')).toEqual({ field: 'gmv_t30', order: 'desc' });
  });
  it('reports aria-sort only for the sorted column', () => {
    expect(ariaSortOf({ field: 'id', order: 'desc' }, 'id')).toBe('descending');
    expect(ariaSortOf({ field: 'id', order: 'asc' }, 'id')).toBe('ascending');
    expect(ariaSortOf({ field: 'id', order: 'asc' }, 'name')).toBe('none');
    expect(ariaSortOf(null, 'id')).toBe('none');
  });
});

describe('zoom', () => {
  it('steps through the levels and stops at both ends', () => {
    expect(stepZoom(1, 1)).toBe(1.15);
    expect(stepZoom(1, -1)).toBe(0.85);
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM);
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
    expect([...ZOOM_LEVELS].sort()).toEqual([...ZOOM_LEVELS]);
    expect([ZOOM_LEVELS[0], ZOOM_LEVELS[ZOOM_LEVELS.length - 1]]).toEqual([MIN_ZOOM, MAX_ZOOM]);
    expect(stepZoom(7, 1)).toBe(1.15); // unknown stored value behaves as 100 %
  });
  it('grows rows with the zoom', () => {
    expect(rowHeightFor(1)).toBe(32);
    expect(rowHeightFor(1.3)).toBeGreaterThan(rowHeightFor(1));
  });
});

describe('DOM row cap', () => {
  it('keeps visible ± overscan when it fits', () => {
    expect(cappedRange({ startIndex: 10, endIndex: 20, overscan: 5, count: 1000 })).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 5),
    );
  });
  it('never returns more than the cap, even for a huge viewport over 100,000 rows', () => {
    for (const start of [0, 5000, 99_900]) {
      const r = cappedRange({ startIndex: start, endIndex: start + 5000, overscan: 10, count: 100_000 });
      expect(r.length).toBeLessThanOrEqual(MAX_DOM_ROWS);
      expect(r.length).toBeLessThan(150);
      expect(r[r.length - 1]).toBeLessThan(100_000);
    }
  });
  it('handles an empty grid', () => {
    expect(cappedRange({ startIndex: 0, endIndex: 0, overscan: 5, count: 0 })).toEqual([]);
  });
});

describe('window blocks', () => {
  it('covers the half-open range with whole blocks', () => {
    expect(blocksFor(0, 100, 100)).toEqual([0]);
    expect(blocksFor(95, 205, 100)).toEqual([0, 1, 2]);
    expect(blocksFor(50, 50, 100)).toEqual([]);
  });
});

describe('keyboard moves', () => {
  const dims = { rows: 101, cols: 10, pageRows: 20 };
  it('moves by arrows and clamps at the edges', () => {
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowUp', dims)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowDown', dims)).toEqual({ row: 1, col: 0 });
    expect(moveFocus({ row: 5, col: 9 }, 'ArrowRight', dims)).toEqual({ row: 5, col: 9 });
    expect(moveFocus({ row: 5, col: 3 }, 'ArrowLeft', dims)).toEqual({ row: 5, col: 2 });
  });
  it('Home/End go along the row, with Ctrl to the corners', () => {
    expect(moveFocus({ row: 5, col: 3 }, 'Home', dims)).toEqual({ row: 5, col: 0 });
    expect(moveFocus({ row: 5, col: 3 }, 'End', dims)).toEqual({ row: 5, col: 9 });
    expect(moveFocus({ row: 5, col: 3 }, 'Home', dims, true)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 5, col: 3 }, 'End', dims, true)).toEqual({ row: 100, col: 9 });
  });
  it('pages by the visible row count, stopping at the first data row before the header', () => {
    expect(moveFocus({ row: 1, col: 2 }, 'PageDown', dims)).toEqual({ row: 21, col: 2 });
    expect(moveFocus({ row: 95, col: 2 }, 'PageDown', dims)).toEqual({ row: 100, col: 2 });
    expect(moveFocus({ row: 15, col: 2 }, 'PageUp', dims)).toEqual({ row: 1, col: 2 });
    expect(moveFocus({ row: 1, col: 2 }, 'PageUp', dims)).toEqual({ row: 0, col: 2 });
  });
  it('ignores other keys', () => {
    expect(moveFocus({ row: 1, col: 1 }, 'a', dims)).toBeNull();
  });
});

describe('header checkbox state', () => {
  const sel = new Set<string | number>([1, 3]);
  const has = (k: string | number) => sel.has(k);
  it('is none, some or all of the shown keys', () => {
    expect(pageCheckState([5, 6], has)).toBe('none');
    expect(pageCheckState([1, 2], has)).toBe('some');
    expect(pageCheckState([1, 3], has)).toBe('all');
    expect(pageCheckState([], has)).toBe('none');
  });
});

describe('scroll height ceiling', () => {
  it('keeps 100,000 rows whole at every zoom and stops the canvas under the browser cap', () => {
    for (const h of [27, 32, 37, 42]) {
      expect(maxScrollRows(h)).toBeGreaterThan(100_000);
      expect(maxScrollRows(h) * h).toBeLessThanOrEqual(MAX_SCROLL_PX);
    }
    expect(MAX_SCROLL_PX).toBeLessThan(17_800_000);
  });
});
