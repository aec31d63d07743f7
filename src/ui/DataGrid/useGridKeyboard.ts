/**
 * Roving focus over the whole virtual grid (header = row 0). Only the focused cell has
 * tabIndex 0 (widgets inside cells have -1); arrows, Home/End (Ctrl for corners) and PageUp/PageDown move it, scrolling the
 * target into the rendered window first and focusing it once it is in the DOM. If the focused
 * cell has been scrolled out of the DOM, the grid element itself takes the tab stop and hands
 * focus back to the cell (scrolling it into view) when reached.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { moveFocus, type CellPos } from './grid-math.ts';

export interface GridKeyboardOptions {
  ref: RefObject<HTMLDivElement | null>;
  /** Header + data rows. */
  rows: number;
  cols: number;
  pageRows: () => number;
  scrollTo: (pos: CellPos) => void;
  /** Enter/Space on a cell; returns true when it did something. */
  activate: (pos: CellPos, key: 'Enter' | ' ', cell: HTMLElement) => boolean;
}

const TEXT_INPUT =
  'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]';
/** Links and buttons a cell renderer put inside a cell (the cell itself is not matched). */
const CELL_WIDGETS = ['a[href]', 'button', 'input', 'select', 'textarea', '[tabindex="0"]']
  .map((w) => `[data-cell] ${w}`)
  .join(', ');

export function useGridKeyboard({ ref, rows, cols, pageRows, scrollTo, activate }: GridKeyboardOptions) {
  const [raw, setPos] = useState<CellPos>({ row: 0, col: 0 });
  const pending = useRef(false);
  // rows or columns may have gone away since the cell was focused
  const pos: CellPos = {
    row: Math.min(raw.row, Math.max(0, rows - 1)),
    col: Math.min(raw.col, Math.max(0, cols - 1)),
  };

  // The grid is one tab stop (the WAI-ARIA grid pattern): a link or button inside a cell is
  // reached with the arrows and activated with Enter on its cell, never by Tab, or every row's
  // creator link would be a stop of its own. Rows are patched in place, so this runs each render.
  // A widget that reads InGridCell (./cell-scope.ts) is drawn with -1 already, and this writes nothing.
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>(CELL_WIDGETS).forEach((el) => {
      if (el.tabIndex !== -1) el.tabIndex = -1;
    });
  });

  useLayoutEffect(() => {
    if (!pending.current) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-cell="${pos.row}:${pos.col}"]`);
    if (el) {
      pending.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const go = useCallback(
    (next: CellPos) => {
      setPos(next);
      scrollTo(next);
      pending.current = true;
    },
    [scrollTo],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest(TEXT_INPUT)) return; // a cell editor keeps its arrows
    const next = moveFocus(pos, e.key, { rows, cols, pageRows: pageRows() }, e.ctrlKey || e.metaKey);
    if (next) {
      e.preventDefault();
      go(next);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      const cell = target.closest<HTMLElement>('[data-cell]');
      if (cell && cell === target && activate(pos, e.key, cell)) e.preventDefault();
    }
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget) {
      go(pos); // the grid itself got the tab stop: return to the remembered cell
      return;
    }
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    const [r = NaN, c = NaN] = (cell?.dataset.cell ?? '').split(':').map(Number);
    if (cell && Number.isInteger(r) && Number.isInteger(c) && (r !== raw.row || c !== raw.col))
      setPos({ row: r, col: c });
  };

  /** Puts focus back on the remembered cell (its element was replaced, e.g. columns became cards). */
  const refocus = () => go(pos);

  return { pos, onKeyDown, onFocus, refocus };
}
