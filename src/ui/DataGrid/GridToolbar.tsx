/**
 * The bar above the grid: the screen's own buttons on the left; total, refresh, zoom and the
 * column chooser on the right; under it the selection bar (count + clear, which toasts).
 */
import { memo, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../Button.tsx';
import { toast } from '../toast-queue.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { ColumnChoice } from './grid-columns.ts';
import { MAX_ZOOM, MIN_ZOOM, stepZoom } from './grid-math.ts';
import type { GridColumn } from './grid-types.ts';
import { GridIcon } from './GridIcons.tsx';
import type { GridSelection } from './useSelection.ts';

export interface GridToolbarProps<Row> {
  children?: ReactNode;
  total: number;
  /** Said instead of "Total {total}" (see DataGridProps.totalLabel). */
  totalLabel?: string;
  loading?: boolean;
  onRefresh?: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  columns: readonly GridColumn<Row>[];
  choice: ColumnChoice;
  onToggleColumn: (id: string, shown: boolean) => void;
  onResetColumns: () => void;
  showColumnChooser: boolean;
}

/**
 * Memoised, and the tools right of the total are a memoised part of their own: a new total (a
 * keystroke in a filter) re-renders the total's text, not the refresh, zoom and column buttons.
 */
export const GridToolbar = memo(function GridToolbar<Row>(p: GridToolbarProps<Row>) {
  // the screen's buttons (children) stay out of the tools' props: new buttons, same tools
  const { total, totalLabel, children, ...tools } = p;
  return (
    <div className="cd-grid__toolbar">
      <div className="cd-grid__toolbar-start">{children}</div>
      <div className="cd-grid__toolbar-end">
        <span className="cd-grid__total" aria-live="polite">
          {totalLabel ?? m.grid_total({ total: formatNumber(total) })}
        </span>
        <GridTools {...tools} />
      </div>
    </div>
  );
}) as <Row>(p: GridToolbarProps<Row>) => ReactNode;

const GridTools = memo(function GridTools<Row>(
  p: Omit<GridToolbarProps<Row>, 'total' | 'totalLabel' | 'children'>,
) {
  return (
    <>
      {p.onRefresh && (
        <Button
          size="sm"
          variant="text"
          aria-label={m.grid_refresh()}
          isDisabled={p.loading}
          onPress={p.onRefresh}
          icon={<GridIcon name="refresh" className={p.loading ? 'cd-grid__spin' : undefined} />}
        />
      )}
      <span
        className="cd-grid__zoom"
        role="group"
        aria-label={m.grid_zoom_level({ percent: String(Math.round(p.zoom * 100)) })}
      >
        <Button
          size="sm"
          variant="text"
          aria-label={m.grid_zoom_out()}
          isDisabled={p.zoom <= MIN_ZOOM}
          onPress={() => p.onZoom(stepZoom(p.zoom, -1))}
          icon={<GridIcon name="zoom-out" />}
        />
        <span className="cd-grid__zoom-value" aria-hidden="true">
          {Math.round(p.zoom * 100)}%
        </span>
        <Button
          size="sm"
          variant="text"
          aria-label={m.grid_zoom_in()}
          isDisabled={p.zoom >= MAX_ZOOM}
          onPress={() => p.onZoom(stepZoom(p.zoom, 1))}
          icon={<GridIcon name="zoom-in" />}
        />
      </span>
      {p.showColumnChooser && (
        <ColumnChooser
          columns={p.columns}
          choice={p.choice}
          onToggle={p.onToggleColumn}
          onReset={p.onResetColumns}
        />
      )}
    </>
  );
}) as <Row>(p: Omit<GridToolbarProps<Row>, 'total' | 'totalLabel' | 'children'>) => ReactNode;

/** Count of selected rows (on every page) with a clear button; the screen's bulk actions may sit here. */
export function SelectionBar({ selection, actions }: { selection: GridSelection; actions?: ReactNode }) {
  if (!selection.size) return null;
  return (
    <div className="cd-grid__selection" role="status">
      <span className="cd-grid__selection-count">
        {m.grid_selected({ count: formatNumber(selection.size) })}
      </span>
      <Button
        size="sm"
        variant="link"
        onPress={() => {
          selection.clear();
          toast.success(m.grid_selection_cleared());
        }}
      >
        {m.grid_selection_clear()}
      </Button>
      {actions && <span className="cd-grid__selection-actions">{actions}</span>}
    </div>
  );
}
