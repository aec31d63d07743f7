/**
 * The plain accessible table of the catalogue screens (react-aria Table + the kit's Pager). The
 * lists are small and local, so sorting and paging happen here on the filtered rows; the
 * DataGrid is for the large creator lists.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import { m } from '../../paraglide/messages.js';
import { Pager } from '../../ui/Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { pageOf, sortRows, type SortDir } from './catalog-rules.ts';

export interface CatalogColumn<R extends { id: number }> {
  id: string;
  name: ReactNode;
  /** Sorts by this row field (the column id when true). */
  sortable?: boolean;
  isRowHeader?: boolean;
  width?: number;
  render: (row: R) => ReactNode;
}

export interface CatalogTableProps<R extends { id: number }> {
  label: string;
  columns: readonly CatalogColumn<R>[];
  rows: readonly R[] | undefined;
  /** Initial sort; `add_time` newest first by default. */
  defaultSort?: { column: string; direction: SortDir };
  /** Changing this key (the filters) brings the pager back to page 1. */
  resetKey?: string;
}

export function CatalogTable<R extends { id: number }>({
  label,
  columns,
  rows,
  defaultSort = { column: 'add_time', direction: 'descending' },
  resetKey = '',
}: CatalogTableProps<R>) {
  const [sort, setSort] = useState<SortDescriptor>(defaultSort);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, key: resetKey });
  // A filter or sort change starts again on page 1.
  const page = paging.key === resetKey ? paging.page : 1;
  const sorted = useMemo(
    () => sortRows(rows ?? [], String(sort.column), sort.direction as SortDir),
    [rows, sort],
  );
  const shown = pageOf(sorted, page, paging.size);

  return (
    <div className="catalog-table">
      <div className="catalog-table__scroll">
        <Table
          aria-label={label}
          sortDescriptor={sort}
          onSortChange={(s) => {
            setSort(s);
            setPaging((p) => ({ ...p, page: 1, key: resetKey }));
          }}
          className="catalog-table__table"
        >
          <TableHeader columns={columns}>
            {(c) => (
              <Column
                id={c.id}
                isRowHeader={c.isRowHeader}
                allowsSorting={c.sortable}
                width={c.width}
                className="catalog-table__th"
              >
                {({ sortDirection }) => (
                  <span className="catalog-table__th-inner">
                    {c.name}
                    {sortDirection && (
                      <span aria-hidden="true">{sortDirection === 'ascending' ? ' ▲' : ' ▼'}</span>
                    )}
                  </span>
                )}
              </Column>
            )}
          </TableHeader>
          <TableBody
            items={shown}
            renderEmptyState={() => (
              <div className="catalog-table__empty">{rows ? m.grid_empty() : m.common_loading()}</div>
            )}
          >
            {(row) => (
              <Row id={row.id} columns={columns} className="catalog-table__row">
                {(c) => <Cell className="catalog-table__td">{c.render(row)}</Cell>}
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <Pager
        page={page}
        pageSize={paging.size}
        total={sorted.length}
        onChange={(p, size) => setPaging({ page: p, size, key: resetKey })}
      />
    </div>
  );
}
