/**
 * The data grid every list screen uses. role="grid" with aria-rowcount/colcount and
 * aria-rowindex/colindex set by hand, because only the visible rows AND columns are in the DOM
 * (@tanstack/react-virtual both ways; react-aria's Table/Virtualizer was measured far too slow at
 * 100k rows and would own the row indexes and keyboard model we need over the full size).
 *
 * Two data modes, same props otherwise:
 * - paged: `rows` is the current page, `total` the response's count; the built-in Pager shows when
 *   `onPageChange` is given (a sort change also asks for page 1);
 * - all rows: `getWindow(start, end)` answers any slice (the query worker's window), `total` rows
 *   are scrollable; blocks are fetched as they scroll into view (window-cache.ts).
 *
 * Example (paged, server or worker):
 *   const selection = useSelection('home');
 *   const columns = useMemo<GridColumn<CreatorRow>[]>(() => [
 *     { id: 'id', header: 'ID', width: 90, sortable: true, alwaysVisible: true },
 *     { id: 'unique_id', header: m.home_col_unique_id(), width: 160,
 *       render: (r) => <NewTabLink href={profileUrl(r)}>{r.unique_id}</NewTabLink> },
 *     { id: 'follower_count', header: m.home_col_followers(), align: 'end', sortable: true, firstOrder: 'desc',
 *       render: (r) => formatCompact(r.follower_count) },
 *     { id: 'daren_email', header: m.home_col_email(), hiddenByDefault: true },
 *   ], []);
 *   <DataGrid aria-label={m.app_title_home()} storageKey="home" columns={columns}
 *     rows={data.list} total={data.count} getRowKey={(r) => r.id} loading={loading}
 *     sort={sort} onSortChange={setSort} page={data.page} pageSize={data.limit}
 *     onPageChange={(page, limit) => load({ page, limit })} onRefresh={reload}
 *     selection={selection} stickyFirstColumn toolbar={<Button …>{m.home_download()}</Button>} />
 * Narrow (a phone): with `card`, a grid narrower than `card.below` shows each row as a card (the
 * card column beside the checkbox) in the same virtual list, with the same selection, pager and
 * keyboard; the column chooser and sideways scroll are gone (docs/decisions/pwa.md).
 * All-rows mode: replace rows/page props with `getWindow={(s, e) => worker.window(q, s, e)}`
 * and `windowKey={JSON.stringify(q)}` (a new key drops cached blocks).
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { m } from '../../paraglide/messages.js';
import { formatNumber } from '../../i18n/format.ts';
import { cx } from '../cx.ts';
import { Pager } from '../Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../pager-rules.ts';
import { BottomScrollbar } from './BottomScrollbar.tsx';
import { CardSort } from './CardSort.tsx';
import { visibleColumns } from './grid-columns.ts';
import { fontSizeFor, nextSort, pageCheckState, rowHeightFor, type CellPos } from './grid-math.ts';
import {
  CARD_BREAKPOINT,
  type GridCard,
  type GridColumn,
  type LaidColumn,
  type RowKey,
  type SortState,
} from './grid-types.ts';
import { GridHeader } from './GridHeader.tsx';
import { GridRow } from './GridRow.tsx';
import { InGridCell } from './cell-scope.ts';
import { GridToolbar, SelectionBar } from './GridToolbar.tsx';
import { useCardSwitch } from './useCardSwitch.ts';
import { useDragScroll } from './useDragScroll.ts';
import { useGridKeyboard } from './useGridKeyboard.ts';
import { useGridLayout } from './useGridLayout.ts';
import { useGridPrefs } from './useGridPrefs.ts';
import { useNarrow } from './useNarrow.ts';
import { useNoticeDock } from './useNoticeDock.ts';
import type { GridSelection } from './useSelection.ts';
import { useRowSource } from './useRowSource.ts';
import type { WindowProvider } from './window-cache.ts';
import './DataGrid.css';

export interface DataGridProps<Row> {
  'aria-label': string;
  /** Per-screen key for the stored column choice and zoom (e.g. 'home', 'amateur'). */
  storageKey: string;
  columns: readonly GridColumn<Row>[];
  /** The row as a card, shown instead of the columns while the grid is narrow; keep it memoised. */
  card?: GridCard<Row>;
  getRowKey: (row: Row) => RowKey;
  /** Matching rows in total (the response's `count`). */
  total: number;
  /** Paged mode: the rows of the current page. */
  rows?: readonly Row[];
  /** All-rows mode: rows [start, end) of the result; used instead of `rows`. */
  getWindow?: WindowProvider<Row>;
  /** All-rows mode: change it when the result changes (filters, sort) to drop cached rows. */
  windowKey?: string | number;
  loading?: boolean;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  page?: number;
  pageSize?: number;
  /** Shows the kit's Pager under the grid. */
  onPageChange?: (page: number, pageSize: number) => void;
  /** Pager all-mode (default true); false caps the total at 10000. */
  allMode?: boolean;
  /** A custom footer instead of the built-in Pager. */
  pager?: ReactNode;
  onRefresh?: () => void;
  /** Enables the checkbox column and the selection bar (see useSelection). */
  selection?: GridSelection;
  /** Extra buttons in the selection bar (bulk actions). */
  selectionActions?: ReactNode;
  /** The screen's buttons, left of the grid tools. */
  toolbar?: ReactNode;
  /**
   * A short note of the screen's (e.g. Home's "new rows have arrived"), under the rows so it never
   * moves one, docked to the window's bottom while the rows fill it (useNoticeDock). An empty note
   * takes no room: keep a live region mounted and fill it when there is news.
   */
  notice?: ReactNode;
  /** Replaces "Total {total}" in the toolbar (e.g. Home's count while the first sync runs). */
  totalLabel?: string;
  /** Keeps the first shown column on screen while scrolling sideways. */
  stickyFirstColumn?: boolean;
  /** Mouse drag on the body scrolls horizontally. */
  dragScroll?: boolean;
  /** Default true. */
  columnChooser?: boolean;
  /** CSS max-height of the scroll area (default: the viewport minus the page chrome). */
  maxHeight?: string;
  emptyText?: ReactNode;
  className?: string;
}

const SKELETON_ROWS = 8;

function DataGridImpl<Row>(props: DataGridProps<Row>) {
  const { columns, getRowKey, total, rows, getWindow, windowKey, loading = false, sort, selection } = props;
  const { page = 1, pageSize = DEFAULT_PAGE_SIZE, onPageChange, onSortChange } = props;
  const prefs = useGridPrefs(props.storageKey, columns);
  const rootRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(rootRef, props.card ? (props.card.below ?? CARD_BREAKPOINT) : undefined);
  const card = narrow ? (props.card ?? null) : null;
  const headHeight = rowHeightFor(prefs.zoom);
  const rowHeight = card ? Math.round(card.height * prefs.zoom) : headHeight;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headEdge = useRef<HTMLDivElement>(null);
  const hasNotice = props.notice !== undefined;
  const docked = useNoticeDock(headEdge, hasNotice);

  const { windowMode, rowCount, rowAt, ensure } = useRowSource({
    rows,
    getWindow,
    windowKey,
    total,
    rowHeight,
  });
  const skeleton = loading && rowCount === 0;

  const shown = useMemo(() => visibleColumns(columns, prefs.choice), [columns, prefs.choice]);
  const { layout, rowV, colV, restBase } = useGridLayout({
    scrollRef,
    shown,
    selectable: !!selection,
    stickyFirstColumn: !!props.stickyFirstColumn,
    zoom: prefs.zoom,
    headHeight,
    rowHeight,
    card,
    rowCount: skeleton ? SKELETON_ROWS : rowCount,
  });
  const rowItems = rowV.getVirtualItems();

  useEffect(() => {
    const first = rowItems[0];
    const last = rowItems[rowItems.length - 1];
    if (first && last) ensure(first.index, last.index + 1);
  }, [ensure, rowItems]);

  // A new page or result starts at the top. A new grid is there already, and writing scrollTop
  // forces a layout: on the first render that was the page's first layout, inside the commit.
  const placed = useRef(false);
  useEffect(() => {
    if (!placed.current) {
      placed.current = true;
      return;
    }
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [page, windowKey]);

  // ---- selection ----
  const pageKeys = useMemo(() => {
    if (!windowMode) return (rows ?? []).map(getRowKey);
    // all-rows mode: "the page" is the rows currently rendered and loaded
    const keys: RowKey[] = [];
    for (const it of rowItems) {
      const r = rowAt(it.index);
      if (r !== undefined) keys.push(getRowKey(r));
    }
    return keys;
  }, [windowMode, rows, rowItems, rowAt, getRowKey]);
  const pageCheck = selection ? pageCheckState(pageKeys, selection.has) : 'none';
  const togglePage = useCallback(
    () => selection?.setMany(pageKeys, pageCheck !== 'all'),
    [selection, pageKeys, pageCheck],
  );
  const toggleRow = selection?.toggle;
  const noop = useCallback(() => {}, []);

  // ---- sorting: the new order always starts at page 1 ----
  const handleSort = useCallback(
    (c: LaidColumn<Row>) => {
      onSortChange?.(nextSort(sort, c.id, c.firstOrder));
      if (onPageChange && page !== 1) onPageChange(1, pageSize);
    },
    [sort, onSortChange, onPageChange, page, pageSize],
  );

  // The header gets callbacks that stay the same across renders, so (memoised) it re-renders only
  // when the sort, the page checkbox or its focus change, not with every new set of rows.
  const setSort = useCallback(
    (next: SortState) => {
      onSortChange?.(next);
      if (onPageChange && page !== 1) onPageChange(1, pageSize);
    },
    [onSortChange, onPageChange, page, pageSize],
  );
  const latest = useRef({ handleSort, togglePage, setSort });
  useLayoutEffect(() => {
    latest.current = { handleSort, togglePage, setSort };
  });
  const onHeaderSort = useCallback((c: LaidColumn<Row>) => latest.current.handleSort(c), []);
  const onHeaderToggle = useCallback(() => latest.current.togglePage(), []);

  const onCardSort = useCallback((next: SortState) => latest.current.setSort(next), []);
  const cardSort = useMemo(
    () => (card && onSortChange ? <CardSort columns={shown} sort={sort} onSort={onCardSort} /> : undefined),
    [card, onSortChange, shown, sort, onCardSort],
  );

  // ---- keyboard ----
  const scrollTo = useCallback(
    (p: CellPos) => {
      if (p.row > 0) rowV.scrollToIndex(p.row - 1);
      if (p.col >= restBase) colV.scrollToIndex(p.col - restBase);
    },
    [rowV, colV, restBase],
  );
  const activate = (p: CellPos, key: 'Enter' | ' ', cell: HTMLElement): boolean => {
    if (p.row === 0) {
      if (selection && p.col === 0) {
        if (pageKeys.length) togglePage();
      } else
        (
          cell.querySelector<HTMLButtonElement>('.cd-grid__sort-button') ??
          cell.querySelector<HTMLButtonElement>('button')
        )?.click();
      return true;
    }
    const row = rowAt(p.row - 1);
    if (key === ' ' && selection && row !== undefined) {
      selection.toggle(getRowKey(row));
      return true;
    }
    const inner = cell.querySelector<HTMLElement>('a, button, input');
    inner?.click();
    return !!inner;
  };
  const kb = useGridKeyboard({
    ref: scrollRef,
    rows: (skeleton ? 0 : rowCount) + 1,
    cols: layout.colCount,
    pageRows: () =>
      Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - headHeight) / rowHeight)),
    scrollTo,
    activate,
  });
  useCardSwitch({
    scrollRef,
    card,
    rowHeight,
    focusRow: kb.pos.row,
    measure: rowV.measure,
    refocus: kb.refocus,
  });
  const focusInDom =
    (kb.pos.row === 0 || rowItems.some((it) => it.index === kb.pos.row - 1)) &&
    (kb.pos.col < restBase || layout.mid.some((c) => c.logical === kb.pos.col));

  useDragScroll(scrollRef, !!props.dragScroll && !card);

  const styleVars = {
    '--cd-grid-row-h': `${headHeight}px`,
    '--cd-grid-card-h': `${rowHeight}px`,
    '--cd-grid-font': `${fontSizeFor(prefs.zoom)}px`,
    '--cd-grid-zoom': String(prefs.zoom),
  } as CSSProperties;
  // While no rows are shown yet (the skeleton) the pager stays as the answer will
  // leave it: disabling it then and enabling it a moment later changed a dozen controls (the
  // page-size select's hidden options each) in the commit that shows the first answer. Paging
  // before any row is there only asks again. Loading over shown rows still disables it.
  // The same Pager element while its inputs stay: React then skips it (its page-size select is
  // costly) when only the rows change, e.g. on a sort click or a keystroke in a filter.
  const pageChangeRef = useRef(onPageChange);
  useEffect(() => {
    pageChangeRef.current = onPageChange;
  });
  const pageChange = useCallback((p: number, size: number) => pageChangeRef.current?.(p, size), []);
  const hasPager = !!onPageChange && !windowMode;
  const { allMode } = props;
  const pager = useMemo(
    () =>
      hasPager ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          allMode={allMode}
          isDisabled={loading && !skeleton}
          onChange={pageChange}
        />
      ) : null,
    [hasPager, page, pageSize, total, allMode, loading, skeleton, pageChange],
  );
  const footer = props.pager ?? pager;

  return (
    <div
      ref={rootRef}
      className={cx('cd-grid', loading && 'cd-grid--loading', card && 'cd-grid--cards', props.className)}
      style={styleVars}
    >
      <GridToolbar
        total={total}
        totalLabel={props.totalLabel}
        loading={loading}
        onRefresh={props.onRefresh}
        zoom={prefs.zoom}
        onZoom={prefs.setZoom}
        columns={columns}
        choice={prefs.choice}
        onToggleColumn={prefs.setColumn}
        onResetColumns={prefs.resetColumns}
        showColumnChooser={props.columnChooser !== false && !card}
      >
        {props.toolbar}
      </GridToolbar>
      {selection && <SelectionBar selection={selection} actions={props.selectionActions} />}
      {hasNotice && <div ref={headEdge} className="cd-grid__head-edge" aria-hidden="true" />}
      <div
        ref={scrollRef}
        role="grid"
        aria-label={props['aria-label']}
        aria-rowcount={Math.max(0, total) + 1}
        aria-colcount={layout.colCount}
        aria-multiselectable={selection ? true : undefined}
        aria-busy={loading || undefined}
        tabIndex={focusInDom ? -1 : 0}
        className={cx('cd-grid__scroll', props.dragScroll && !card && 'cd-grid__scroll--draggable')}
        style={{ maxHeight: props.maxHeight }}
        onKeyDown={kb.onKeyDown}
        onFocus={kb.onFocus}
      >
        <div className="cd-grid__canvas" style={{ width: layout.width }}>
          <GridHeader
            layout={layout}
            sort={sort}
            onSort={onHeaderSort}
            pageCheck={pageCheck}
            pageEmpty={pageKeys.length === 0}
            onTogglePage={onHeaderToggle}
            focusCol={kb.pos.row === 0 ? kb.pos.col : -1}
            cardSort={cardSort}
          />
          <div
            role="rowgroup"
            className={cx('cd-grid__body', skeleton && 'cd-grid__body--skeleton')}
            style={{ height: rowV.getTotalSize() - headHeight }}
            aria-hidden={skeleton || undefined}
          >
            <InGridCell value={true}>
              {rowItems.map((it) => {
                const row = skeleton ? undefined : rowAt(it.index);
                const key = row === undefined ? undefined : getRowKey(row);
                return (
                  <GridRow<Row>
                    // By position, as the keyboard focus is: a new page, sort or filter result then
                    // patches the rows' text in place instead of re-creating ~20 rows × ~15 cells
                    // (measured: about half the time from a keystroke to the updated grid), and a
                    // row does not remount (and drop focus) when its block arrives in all-rows mode.
                    key={it.index}
                    row={row}
                    index={it.index}
                    rowKey={key}
                    ariaRowIndex={(windowMode ? 0 : (page - 1) * pageSize) + it.index + 2}
                    top={it.start - headHeight}
                    layout={layout}
                    selected={key !== undefined && !!selection?.has(key)}
                    focusCol={kb.pos.row === it.index + 1 ? kb.pos.col : -1}
                    onToggle={toggleRow ?? noop}
                  />
                );
              })}
            </InGridCell>
          </div>
        </div>
      </div>
      {!loading && rowCount === 0 && (
        <div className="cd-grid__empty" role="status">
          {props.emptyText ?? m.grid_empty()}
        </div>
      )}
      {loading && (
        <span className="cd-visually-hidden" role="status">
          {m.grid_loading()}
        </span>
      )}
      {hasNotice && (
        <div className={cx('cd-grid__notice', docked && 'cd-grid__notice--docked')}>{props.notice}</div>
      )}
      {windowMode && total > rowCount && (
        <div className="cd-grid__note" role="note">
          {m.grid_truncated({ count: formatNumber(rowCount) })}
        </div>
      )}
      <BottomScrollbar target={scrollRef} />
      {footer && <div className="cd-grid__footer">{footer}</div>}
    </div>
  );
}

/**
 * Memoised: a screen re-rendering for something else (a keystroke in a filter, before the new
 * rows come) does not re-render the grid when its props are the same.
 */
export const DataGrid = memo(DataGridImpl) as typeof DataGridImpl;
