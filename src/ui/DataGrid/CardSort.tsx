/**
 * The cards' sort control (DataGridProps.card): cards have no column headers to click, so the
 * card column's header holds one select with each sortable column's two orders, its first order
 * first. Mounted only while cards show, as a plain button until first used; the grid's Enter on the
 * header cell clicks it, which opens it.
 */
import { memo, useMemo } from 'react';
import { m } from '../../paraglide/messages.js';
import { Select } from '../Select.tsx';
import { columnLabel, type GridColumn, type SortState } from './grid-types.ts';

export interface CardSortProps<Row> {
  columns: readonly GridColumn<Row>[];
  sort: SortState | null | undefined;
  onSort: (sort: SortState) => void;
}

const keyOf = (s: SortState): string => `${s.field}:${s.order}`;

function CardSortImpl<Row>({ columns, sort, onSort }: CardSortProps<Row>) {
  const items = useMemo(
    () =>
      columns
        .filter((c) => c.sortable)
        .flatMap((c) => {
          const column = columnLabel(c);
          const desc = { id: `${c.id}:desc`, label: m.grid_sort_desc({ column }) };
          const asc = { id: `${c.id}:asc`, label: m.grid_sort_asc({ column }) };
          return c.firstOrder === 'desc' ? [desc, asc] : [asc, desc];
        }),
    [columns],
  );
  const key = sort ? keyOf(sort) : null;
  if (!items.length) return null;
  return (
    <Select
      size="sm"
      // react-aria's select sets state in a layout effect when it mounts, which would pull the whole
      // screen's first effects into the commit's task on a phone's cold start (./Select.tsx).
      mountOnUse
      className="cd-grid__card-sort"
      aria-label={m.grid_sort_by()}
      placeholder={m.grid_sort_by()}
      items={items}
      // a sort by a column not shown (chosen away on a wide screen) leaves the placeholder
      value={items.some((i) => i.id === key) ? key : null}
      onChange={(k) => {
        const at = k.lastIndexOf(':');
        onSort({ field: k.slice(0, at), order: k.slice(at + 1) === 'desc' ? 'desc' : 'asc' });
      }}
    />
  );
}

export const CardSort = memo(CardSortImpl) as typeof CardSortImpl;
