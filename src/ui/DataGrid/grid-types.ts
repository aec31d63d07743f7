/** Shapes shared by the grid's pieces (column definitions, sort state, row keys). */
import type { CSSProperties, ReactNode } from 'react';

export type RowKey = string | number;
export type SortOrder = 'asc' | 'desc';

export interface SortState {
  /** The column id (screens use it as the `field` search parameter). */
  field: string;
  order: SortOrder;
}

export type CellAlign = 'start' | 'center' | 'end';

export interface GridColumn<Row> {
  /** Stable id: the sort field, the persisted chooser key, and the default cell value (row[id]). */
  id: string;
  /** Header content; when it is not a string give `label` for the chooser and screen readers. */
  header: ReactNode;
  label?: string;
  /** Pixel width (default 140); never narrower than minWidth. */
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** First order when a header is clicked the first time (default 'asc'). */
  firstOrder?: SortOrder;
  align?: CellAlign;
  /** Cell renderer; keep it cheap (it runs for every visible cell on scroll). */
  render?: (row: Row, rowIndex: number) => ReactNode;
  /** Hidden until the user ticks it in the column chooser. */
  hiddenByDefault?: boolean;
  /** Never offered in the chooser (always shown). */
  alwaysVisible?: boolean;
}

/** A column after width resolution, as the renderer uses it. */
export interface LaidColumn<Row> extends GridColumn<Row> {
  px: number;
  /** Index among all shown columns, the checkbox column included (aria-colindex - 1). */
  logical: number;
  /** Offset for `position: sticky; left` of pinned columns. */
  stickyLeft?: number;
  /**
   * The cell's class and inline style, made once per layout: every row's cells share the same
   * string and object, so a re-rendered row leaves its cells' class and style untouched.
   */
  cellClassName: string;
  cellStyle: CSSProperties;
}

/** What one render of the grid shows horizontally; shared by the header and every row. */
export interface GridLayout<Row> {
  selectable: boolean;
  /** Sticky-left columns (the first column when stickyFirstColumn). */
  pinned: readonly LaidColumn<Row>[];
  /** The horizontally visible window of the other columns. */
  mid: readonly LaidColumn<Row>[];
  /** Width of the columns scrolled out on the left of `mid`. */
  leftSpacer: number;
  /** Full content width. */
  width: number;
  /** Shown columns, the checkbox column included (aria-colcount). */
  colCount: number;
}

export const DEFAULT_COLUMN_WIDTH = 140;
export const SELECT_COLUMN_WIDTH = 40;

export const columnLabel = <Row>(c: GridColumn<Row>): string =>
  c.label ?? (typeof c.header === 'string' ? c.header : c.id);

export const columnWidth = <Row>(c: GridColumn<Row>): number =>
  Math.max(c.minWidth ?? 40, c.width ?? DEFAULT_COLUMN_WIDTH);

/**
 * The compact layout of a list on a narrow screen (DataGridProps.card): one card per row in the
 * same virtual list, a checkbox cell and one card cell, instead of columns that need a sideways
 * scroll. `render` is a plain function, like a column's: a card is no component of its own.
 */
export interface GridCard<Row> {
  /** The card column's header: what a screen reader says the card cell is. */
  label: string;
  /** The card's height in px at zoom 1 (every card is the same height: the list is virtual). */
  height: number;
  render: (row: Row, rowIndex: number) => ReactNode;
  /** Cards show while the grid itself is narrower than this (px); default CARD_BREAKPOINT. */
  below?: number;
}

/**
 * Below this grid width the lists turn to cards (docs/decisions/pwa.md, "Lists on a phone"): a
 * phone (360–430 px) or a narrow split window; a tablet in portrait keeps its columns.
 */
export const CARD_BREAKPOINT = 640;
/** The id of the one column a card layout has. */
export const CARD_COLUMN_ID = '__card';
