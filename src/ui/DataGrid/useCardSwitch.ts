/**
 * Columns turning to cards (or back: a phone rotated, a window resized) replace every cell and
 * change the row height. This keeps the same row at the top and, for a keyboard user in the grid,
 * the same cell focused (its element is new, so focus would fall to the page). What to keep is
 * read while rendering, before the commit replaces the cells.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export interface CardSwitchOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Changes identity when the layout switches (the card shown, or null). */
  card: unknown;
  rowHeight: number;
  /** The keyboard's row (header = 0). */
  focusRow: number;
  /** Re-measures the rows (the virtualizer's measure). */
  measure: () => void;
  refocus: () => void;
}

export function useCardSwitch({ scrollRef, card, rowHeight, focusRow, measure, refocus }: CardSwitchOptions) {
  const last = useRef({ card, rowHeight });
  const keep = useRef<{ row: number; focus: boolean } | null>(null);
  if (last.current.card !== card) {
    const el = scrollRef.current;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    const focus = !!el && !!active && el.contains(active);
    const top = el ? Math.floor(el.scrollTop / last.current.rowHeight) : 0;
    keep.current = { row: focus ? Math.max(0, focusRow - 1) : top, focus };
  }
  last.current = { card, rowHeight };
  useLayoutEffect(() => {
    const k = keep.current;
    if (!k) return;
    keep.current = null;
    measure(); // the new row height, before scrolling by it
    if (scrollRef.current) scrollRef.current.scrollTop = k.row * rowHeight;
    if (k.focus) refocus();
  }, [card, refocus, measure, rowHeight, scrollRef]);
}
