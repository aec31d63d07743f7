/**
 * One body row and its cells. Memoised: a row re-renders only when its data, selection, focus or
 * the horizontal window change, so scrolling 100k rows re-renders the ~40 rows on screen only.
 * Cells carry `data-cell="row:col"` (grid coordinates, header = row 0) for keyboard focus.
 */
import { memo, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { DASH } from '../../i18n/format.ts';
import { cx } from '../cx.ts';
import type { GridLayout, LaidColumn, RowKey } from './grid-types.ts';

export interface GridRowProps<Row> {
  row: Row | undefined;
  /** Index of the row in the whole result (0-based). */
  index: number;
  rowKey: RowKey | undefined;
  /** aria-rowindex: header is 1, so the first result row is 2. */
  ariaRowIndex: number;
  top: number;
  layout: GridLayout<Row>;
  selected: boolean;
  /** Logical column index holding focus in this row, or -1. */
  focusCol: number;
  onToggle: (key: RowKey) => void;
}

function defaultCell(row: unknown, id: string): ReactNode {
  const v = (row as Record<string, unknown> | null)?.[id];
  if (v == null || v === '') return DASH;
  return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
}

/**
 * `last`: the last pinned cell of the row, which casts the shadow (a class, not a `:has(+ …)`
 * selector: that one made every row mutation re-check its siblings' styles).
 */
export const cellClass = (c: { align?: string }, pinned: boolean, last = false): string =>
  cx(
    'cd-grid__cell',
    c.align && `cd-grid__cell--${c.align}`,
    pinned && 'cd-grid__cell--pinned',
    last && 'cd-grid__cell--pinned-last',
  );

const CHECK_CELL = 'cd-grid__cell cd-grid__cell--check cd-grid__cell--pinned';
const CHECK_CELL_LAST = `${CHECK_CELL} cd-grid__cell--pinned-last`;
const CHECK_STYLE = { left: 0 };

function GridRowImpl<Row>({
  row,
  index,
  rowKey,
  ariaRowIndex,
  top,
  layout,
  selected,
  focusCol,
  onToggle,
}: GridRowProps<Row>) {
  const r = index + 1; // grid coordinate (header is 0)
  // class and style come ready-made with the column (useGridLayout), shared by every row
  const cell = (c: LaidColumn<Row>) => (
    <div
      key={c.id}
      role="gridcell"
      aria-colindex={c.logical + 1}
      data-cell={`${r}:${c.logical}`}
      tabIndex={focusCol === c.logical ? 0 : -1}
      className={c.cellClassName}
      style={c.cellStyle}
    >
      {row === undefined ? (
        <span className="cd-grid__skeleton" />
      ) : c.render ? (
        c.render(row, index)
      ) : (
        <span className="cd-grid__text">{defaultCell(row, c.id)}</span>
      )}
    </div>
  );
  return (
    <div
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-selected={layout.selectable && row !== undefined ? selected : undefined}
      className={cx(
        'cd-grid__row',
        selected && 'cd-grid__row--selected',
        index % 2 === 1 && 'cd-grid__row--odd',
      )}
      style={{ transform: `translateY(${top}px)`, width: layout.width }}
    >
      {layout.selectable && (
        <div
          role="gridcell"
          aria-colindex={1}
          data-cell={`${r}:0`}
          tabIndex={focusCol === 0 ? 0 : -1}
          className={layout.pinned.length ? CHECK_CELL : CHECK_CELL_LAST}
          style={CHECK_STYLE}
        >
          {rowKey !== undefined && (
            <input
              type="checkbox"
              className="cd-grid__checkbox"
              tabIndex={-1}
              checked={selected}
              aria-label={m.grid_select_row({ row: String(index + 1) })}
              onChange={() => onToggle(rowKey)}
            />
          )}
        </div>
      )}
      {layout.pinned.map(cell)}
      {layout.leftSpacer > 0 && (
        <div className="cd-grid__spacer" style={{ width: layout.leftSpacer }} aria-hidden="true" />
      )}
      {layout.mid.map(cell)}
    </div>
  );
}

export const GridRow = memo(GridRowImpl) as typeof GridRowImpl;
