/**
 * What the Blacklist and Invited screens share around their DataGrid: the filtered local rows
 * sorted and paged on the device (the page goes back to 1 when the filters or the sort change),
 * the creator-id and added/updated columns, and the toolbar's bulk delete + download.
 */
import { useMemo, useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import type { GridColumn, SortState } from '../../ui/DataGrid/grid-types.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { profileUrl } from '../topic-tracking/topic-links.ts';
import { pageOf, sortRows } from './catalog-rules.ts';
import { filterKey } from './CatalogToolbar.tsx';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

/** The DataGrid's paging and sorting props for `filtered` rows; `filters` are what resets the page. */
export function useLocalGrid<R extends { id: number }>(filtered: readonly R[], filters: readonly unknown[]) {
  const [sort, setSort] = useState<SortState>({ field: 'add_time', order: 'desc' });
  const key = filterKey(...filters, sort);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, key });
  const page = paging.key === key ? paging.page : 1;
  const sorted = useMemo(
    () => sortRows(filtered, sort.field, sort.order === 'asc' ? 'ascending' : 'descending'),
    [filtered, sort],
  );
  return {
    rows: pageOf(sorted, page, paging.size),
    total: sorted.length,
    sort,
    onSortChange: setSort,
    page,
    pageSize: paging.size,
    onPageChange: (p: number, size: number) => setPaging({ page: p, size, key }),
  };
}

/** The creator id, linking to the creator's profile on the platform. */
export function creatorIdColumn<R extends { id: number; unique_id: string }>(
  header: string,
  sortable = false,
): GridColumn<R> {
  return {
    id: 'unique_id',
    header,
    width: 180,
    sortable,
    alwaysVisible: true,
    render: (r) => <NewTabLink href={profileUrl(r.unique_id)}>{r.unique_id}</NewTabLink>,
  };
}

/** Added and updated times, newest first on the first click. */
export function timeColumns<
  R extends { id: number; add_time: number; update_time: number },
>(): GridColumn<R>[] {
  const column = (id: 'add_time' | 'update_time', header: string): GridColumn<R> => ({
    id,
    header,
    width: 170,
    sortable: true,
    firstOrder: 'desc',
    render: (r) => formatDateTime(r[id]),
  });
  return [column('add_time', m.catalog_col_added()), column('update_time', m.catalog_col_updated())];
}

/** The grid toolbar's "delete selected" (needs a selection) and the screen's download. */
export function DeleteAndDownload(props: {
  deleteLabel: string;
  hasSelection: boolean;
  onDelete: () => void;
  type: 'black' | 'invitation';
  country: Country;
  downloadLabel: string;
}) {
  return (
    <>
      <Button size="sm" variant="danger" isDisabled={!props.hasSelection} onPress={props.onDelete}>
        {props.deleteLabel}
      </Button>
      <ExportButton types={[props.type]} country={props.country} label={props.downloadLabel} />
    </>
  );
}
