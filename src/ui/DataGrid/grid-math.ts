/**
 * The grid's pure arithmetic: sort cycling, zoom steps and row heights, the DOM row cap, keyboard
 * moves over the full (virtual) grid, window blocks and the header checkbox state. No React here,
 * so all of it is unit-tested in Node.
 */
import type { RowKey, SortOrder, SortState } from './grid-types.ts';

// ---------- Sorting ----------
/** Click on a header: another column starts at its first order; the same column toggles. */
export function nextSort(
  current: SortState | null | undefined,
  field: string,
  first: SortOrder = 'asc',
): SortState {
  if (!current || current.field !== field) return { field, order: first };
  return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
}

export const ariaSortOf = (
  current: SortState | null | undefined,
  field: string,
): 'ascending' | 'descending' | 'none' =>
  current?.field === field ? (current.order === 'asc' ? 'ascending' : 'descending') : 'none';

// ---------- Zoom (density and font scale) ----------
export const ZOOM_LEVELS = [0.85, 1, 1.15, 1.3] as const;
export const MIN_ZOOM = 0.85;
export const MAX_ZOOM = 1.3;
export const DEFAULT_ZOOM = 1;
const BASE_ROW_PX = 32;
const BASE_FONT_PX = 13;

export const isZoom = (z: unknown): z is number =>
  typeof z === 'number' && (ZOOM_LEVELS as readonly number[]).includes(z);

/** One step in or out; stays put at either end. */
export function stepZoom(zoom: number, dir: 1 | -1): number {
  const i = (ZOOM_LEVELS as readonly number[]).indexOf(zoom);
  const from = i < 0 ? ZOOM_LEVELS.indexOf(DEFAULT_ZOOM) : i;
  return ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, from + dir))] ?? DEFAULT_ZOOM;
}

export const rowHeightFor = (zoom: number): number => Math.round(BASE_ROW_PX * zoom);
export const fontSizeFor = (zoom: number): number => Math.round(BASE_FONT_PX * zoom * 10) / 10;

// ---------- Virtual window ----------
/** Hard ceiling on rendered body rows, whatever the viewport height or overscan. */
export const MAX_DOM_ROWS = 140;

export interface VirtualRange {
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

/** tanstack's default range (visible ± overscan), cut to at most `max` indexes from the top. */
export function cappedRange(r: VirtualRange, max = MAX_DOM_ROWS): number[] {
  if (r.count <= 0) return [];
  const start = Math.max(0, r.startIndex - r.overscan);
  const end = Math.min(r.count - 1, r.endIndex + r.overscan, start + max - 1);
  const out: number[] = [];
  for (let i = start; i <= end; i++) out.push(i);
  return out;
}

/** Block indexes covering rows [start, end) for the window provider's cache. */
export function blocksFor(start: number, end: number, blockSize: number): number[] {
  if (end <= start) return [];
  const out: number[] = [];
  for (let b = Math.floor(start / blockSize); b <= Math.floor((end - 1) / blockSize); b++) out.push(b);
  return out;
}

// ---------- Keyboard ----------
/** A cell of the whole grid: row 0 is the header, rows 1..n are data rows; cols are 0-based. */
export interface CellPos {
  row: number;
  col: number;
}

export interface GridDims {
  /** Header + data rows. */
  rows: number;
  cols: number;
  /** Rows one PageUp/PageDown moves. */
  pageRows: number;
}

/** Where a key moves the focused cell, or null when the key is not a grid move. */
export function moveFocus(pos: CellPos, key: string, dims: GridDims, ctrl = false): CellPos | null {
  const lastRow = Math.max(0, dims.rows - 1);
  const lastCol = Math.max(0, dims.cols - 1);
  const at = (row: number, col: number): CellPos => ({
    row: Math.min(lastRow, Math.max(0, row)),
    col: Math.min(lastCol, Math.max(0, col)),
  });
  switch (key) {
    case 'ArrowUp':
      return at(pos.row - 1, pos.col);
    case 'ArrowDown':
      return at(pos.row + 1, pos.col);
    case 'ArrowLeft':
      return at(pos.row, pos.col - 1);
    case 'ArrowRight':
      return at(pos.row, pos.col + 1);
    case 'Home':
      return ctrl ? at(0, 0) : at(pos.row, 0);
    case 'End':
      return ctrl ? at(lastRow, lastCol) : at(pos.row, lastCol);
    case 'PageUp':
      // The header is not part of a page jump unless we are already at the top data row.
      return at(pos.row > 1 ? Math.max(1, pos.row - dims.pageRows) : 0, pos.col);
    case 'PageDown':
      return at(pos.row + Math.max(1, dims.pageRows), pos.col);
    default:
      return null;
  }
}

// ---------- Selection ----------
export type CheckState = 'none' | 'some' | 'all';

/** The header checkbox: all, some or none of the shown rows' keys are selected. */
export function pageCheckState(keys: readonly RowKey[], has: (k: RowKey) => boolean): CheckState {
  let n = 0;
  for (const k of keys) if (has(k)) n++;
  if (n === 0) return 'none';
  return n === keys.length ? 'all' : 'some';
}

// ---------- Scroll height ceiling ----------
/**
 * Browsers cap an element's height (Chromium ~33.5M px, Firefox ~17.9M px). The all-rows mode
 * keeps its scroll canvas under this, i.e. at most this many rows (≈468k at 100 % zoom); past it
 * the grid says so and the screen should page or filter (toolchain notes).
 */
export const MAX_SCROLL_PX = 15_000_000;
export const maxScrollRows = (rowHeight: number): number =>
  Math.floor(MAX_SCROLL_PX / Math.max(1, rowHeight));
