/**
 * The sticky header row: sort buttons with aria-sort, and the page checkbox. As cards (a narrow
 * grid) it has the card column's header, holding the sort select DataGrid makes (`cardSort`).
 */
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { cx } from '../cx.ts';
import { ariaSortOf, type CheckState } from './grid-math.ts';
import { CARD_COLUMN_ID, type GridLayout, type LaidColumn, type SortState } from './grid-types.ts';
import { GridIcon } from './GridIcons.tsx';

export interface GridHeaderProps<Row> {
  layout: GridLayout<Row>;
  sort: SortState | null | undefined;
  onSort: (c: LaidColumn<Row>) => void;
  pageCheck: CheckState;
  /** No rows shown (empty or loading): nothing for the page checkbox to select. */
  pageEmpty: boolean;
  onTogglePage: () => void;
  /** Logical column holding focus in the header, or -1. */
  focusCol: number;
  /** The sort control in the card column's header (cards only). */
  cardSort?: ReactNode;
}

function GridHeaderImpl<Row>({
  layout,
  sort,
  onSort,
  pageCheck,
  pageEmpty,
  onTogglePage,
  focusCol,
  cardSort,
}: GridHeaderProps<Row>) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = pageCheck === 'some';
  }, [pageCheck]);

  const lastPinned = layout.pinned[layout.pinned.length - 1];
  const head = (c: LaidColumn<Row>) => {
    const aria = c.sortable ? ariaSortOf(sort, c.id) : undefined;
    return (
      <div
        key={c.id}
        role="columnheader"
        aria-colindex={c.logical + 1}
        aria-sort={aria}
        data-cell={`0:${c.logical}`}
        tabIndex={focusCol === c.logical ? 0 : -1}
        className={cx(c.cellClassName, 'cd-grid__head', c.sortable && 'cd-grid__head--sortable')}
        style={c.cellStyle}
      >
        {c.sortable ? (
          // A real button for pointer and screen-reader users; keyboard focus stays on the cell
          // (roving tabindex), where Enter/Space sort too.
          <button type="button" tabIndex={-1} className="cd-grid__sort-button" onClick={() => onSort(c)}>
            <span className="cd-grid__head-label">{c.header}</span>
            <span
              className={cx('cd-grid__sort', aria !== 'none' && `cd-grid__sort--${aria}`)}
              aria-hidden="true"
            >
              <GridIcon name="sort-up" className="cd-grid__sort-up" />
              <GridIcon name="sort-down" className="cd-grid__sort-down" />
            </span>
          </button>
        ) : (
          <span className="cd-grid__head-label">{c.header}</span>
        )}
        {c.id === CARD_COLUMN_ID && cardSort}
      </div>
    );
  };

  return (
    <div role="rowgroup" className="cd-grid__header">
      <div
        role="row"
        aria-rowindex={1}
        className="cd-grid__row cd-grid__row--head"
        style={{ width: layout.width }}
      >
        {layout.selectable && (
          <div
            role="columnheader"
            aria-colindex={1}
            data-cell="0:0"
            tabIndex={focusCol === 0 ? 0 : -1}
            className={cx(
              'cd-grid__cell cd-grid__cell--check cd-grid__cell--pinned cd-grid__head',
              !lastPinned && 'cd-grid__cell--pinned-last',
            )}
            style={{ left: 0 }}
          >
            <input
              ref={box}
              type="checkbox"
              className="cd-grid__checkbox"
              tabIndex={-1}
              checked={pageCheck === 'all'}
              disabled={pageEmpty}
              aria-label={m.grid_select_page()}
              onChange={onTogglePage}
            />
          </div>
        )}
        {layout.pinned.map(head)}
        {layout.leftSpacer > 0 && (
          <div className="cd-grid__spacer" style={{ width: layout.leftSpacer }} aria-hidden="true" />
        )}
        {layout.mid.map(head)}
      </div>
    </div>
  );
}

/** Memoised: the DataGrid hands it stable callbacks, so new rows alone do not re-render it. */
export const GridHeader = memo(GridHeaderImpl) as typeof GridHeaderImpl;
