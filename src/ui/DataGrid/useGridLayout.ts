/**
 * Horizontal layout and both virtualizers. Columns: the checkbox column and (optionally) the
 * first data column are pinned (sticky left, always rendered); the rest are virtualised with
 * @tanstack/react-virtual, so a 40-field row renders only the columns in view. Rows: a vertical
 * virtualizer whose range is capped at MAX_DOM_ROWS whatever the viewport height.
 * The header is one row tall and sticky; paddingStart/scrollPaddingStart keep keyboard
 * scrolling from hiding a row under it.
 * With `card` (a narrow grid, DataGridProps.card) the columns are one card column, pinned like
 * the first column, beside the checkbox column: nothing to scroll sideways, the same roving focus.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { cappedRange } from './grid-math.ts';
import { cellClass } from './GridRow.tsx';
import { observeRectAfterLayout, scrollUnlessNew, windowRect } from './rect-after-layout.ts';
import {
  CARD_COLUMN_ID,
  columnWidth,
  SELECT_COLUMN_WIDTH,
  type GridCard,
  type GridColumn,
  type GridLayout,
  type LaidColumn,
} from './grid-types.ts';

export interface GridLayoutOptions<Row> {
  scrollRef: RefObject<HTMLDivElement | null>;
  shown: readonly GridColumn<Row>[];
  selectable: boolean;
  stickyFirstColumn: boolean;
  zoom: number;
  /** Header row height (the body rows' too, unless cards are shown). */
  headHeight: number;
  rowHeight: number;
  rowCount: number;
  /** The card layout, when the grid is narrow. */
  card: GridCard<Row> | null;
}

/** Shared by every card cell: the card fills the row (DataGrid.css, .cd-grid__cell--card). */
const CARD_CELL_STYLE = {};

export function useGridLayout<Row>(o: GridLayoutOptions<Row>) {
  const { scrollRef, shown, selectable, stickyFirstColumn, zoom, headHeight, rowHeight, rowCount, card } = o;

  const cols = useMemo(() => {
    const base = selectable ? 1 : 0;
    if (card) {
      // width 0: the canvas and rows fall back to their min-width (100 % of the scroll area)
      const one: LaidColumn<Row> = {
        id: CARD_COLUMN_ID,
        header: card.label,
        render: card.render,
        px: 0,
        logical: base,
        cellClassName: 'cd-grid__cell cd-grid__cell--card',
        cellStyle: CARD_CELL_STYLE,
      };
      return { pinned: [one], rest: [], pinnedWidth: 0, restBase: base + 1, width: 0, colCount: base + 1 };
    }
    const nPinned = stickyFirstColumn && shown.length > 1 ? 1 : 0;
    let left = selectable ? SELECT_COLUMN_WIDTH : 0;
    const laid: LaidColumn<Row>[] = shown.map((c, i) => {
      const px = Math.round(columnWidth(c) * zoom);
      if (i >= nPinned)
        return { ...c, px, logical: base + i, cellClassName: cellClass(c, false), cellStyle: { width: px } };
      const stickyLeft = left;
      left += px;
      return {
        ...c,
        px,
        logical: base + i,
        stickyLeft,
        cellClassName: cellClass(c, true, i === nPinned - 1),
        cellStyle: { width: px, left: stickyLeft },
      };
    });
    const pinned = laid.slice(0, nPinned);
    const rest = laid.slice(nPinned);
    return {
      pinned,
      rest,
      pinnedWidth: left,
      /** Logical index of rest[0]. */
      restBase: base + nPinned,
      width: left + rest.reduce((s, c) => s + c.px, 0),
      colCount: base + laid.length,
    };
  }, [shown, selectable, stickyFirstColumn, zoom, card]);

  const getScrollElement = () => scrollRef.current;
  const [initialRect] = useState(windowRect);
  // Stable while the columns are: tanstack recomputes its measurements (and hands out a new
  // virtual-items array, which would re-render every memoised row) when getItemKey changes.
  const colKey = useCallback((i: number) => `${cols.rest[i]?.id}:${cols.rest[i]?.px}`, [cols]);
  const colSize = useCallback((i: number) => cols.rest[i]?.px ?? 0, [cols]);

  const colV = useVirtualizer({
    horizontal: true,
    count: cols.rest.length,
    getScrollElement,
    observeElementRect: observeRectAfterLayout,
    initialRect,
    scrollToFn: scrollUnlessNew,
    estimateSize: colSize,
    // keys carry the width, so a zoom or chooser change re-measures
    getItemKey: colKey,
    paddingStart: cols.pinnedWidth,
    scrollPaddingStart: cols.pinnedWidth,
    overscan: 2,
  });

  const rowV = useVirtualizer({
    count: rowCount,
    getScrollElement,
    observeElementRect: observeRectAfterLayout,
    initialRect,
    scrollToFn: scrollUnlessNew,
    estimateSize: () => rowHeight,
    paddingStart: headHeight,
    scrollPaddingStart: headHeight,
    overscan: 8,
    rangeExtractor: cappedRange,
  });
  useEffect(() => rowV.measure(), [rowV, rowHeight, headHeight]);

  const colItems = colV.getVirtualItems();
  const layout = useMemo<GridLayout<Row>>(() => {
    const mid = colItems.map((it) => cols.rest[it.index]).filter((c): c is LaidColumn<Row> => !!c);
    return {
      selectable,
      pinned: cols.pinned,
      mid,
      leftSpacer: colItems[0] ? Math.max(0, colItems[0].start - cols.pinnedWidth) : 0,
      width: cols.width,
      colCount: cols.colCount,
    };
  }, [colItems, cols, selectable]);

  return { layout, rowV, colV, restBase: cols.restBase };
}
