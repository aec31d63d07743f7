/**
 * /blacklist: the country's blacklist from the local mirror, filtered by name and added-date
 * range, sorted and paged locally (catalog-rules.ts) in the DataGrid with multi-select and drag
 * scrolling; add (many names), bulk delete (confirmed) and the 'black' export.
 */
import { useMemo, useState } from 'react';
import { formatDateTime, formatFollowers } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridColumn, SortState } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { toUnixRange } from '../../ui/date-rules.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { contains, inRange, pageOf, sortRows } from '../catalog/catalog-rules.ts';
import { CatalogToolbar, filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { profileUrl } from '../topic-tracking/topic-tracking-api.ts';
import { removeFromBlacklist } from './blacklist-actions.ts';
import { useBlacklist, type BlackRow } from './blacklist-data.ts';
import { BlacklistAddDialog } from './BlacklistAddDialog.tsx';
import { ExportButton } from './ExportButton.tsx';
import '../catalog/catalog.css';

const COLUMNS: GridColumn<BlackRow>[] = [
  {
    id: 'unique_id',
    header: m.blacklist_col_unique_id(),
    width: 180,
    sortable: true,
    alwaysVisible: true,
    render: (r) => (
      <a href={profileUrl(r.unique_id)} target="_blank" rel="noreferrer">
        {r.unique_id}
      </a>
    ),
  },
  { id: 'email', header: m.blacklist_col_email(), width: 200 },
  {
    id: 'bio_link',
    header: m.blacklist_col_bio_link(),
    width: 200,
    render: (r) =>
      r.bio_link ? (
        <a href={r.bio_link} target="_blank" rel="noreferrer">
          {r.bio_link}
        </a>
      ) : null,
  },
  {
    id: 'follower_count',
    header: m.blacklist_col_followers(),
    width: 110,
    align: 'end',
    sortable: true,
    firstOrder: 'desc',
    render: (r) => formatFollowers(r.follower_count ?? NaN),
  },
  { id: 'reason', header: m.blacklist_col_reason(), width: 240 },
  {
    id: 'add_time',
    header: m.catalog_col_added(),
    width: 170,
    sortable: true,
    firstOrder: 'desc',
    render: (r) => formatDateTime(r.add_time as number),
  },
  {
    id: 'update_time',
    header: m.catalog_col_updated(),
    width: 170,
    sortable: true,
    firstOrder: 'desc',
    render: (r) => formatDateTime(r.update_time as number),
  },
];

export function BlacklistScreen() {
  const filters = useCatalogFilters();
  const { country, title, range } = filters;
  const rows = useBlacklist(country);
  const selection = useSelection('blacklist');
  const [adding, setAdding] = useState(false);
  const [sort, setSort] = useState<SortState>({ field: 'add_time', order: 'desc' });
  const key = filterKey(country, title, range, sort);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, key });
  const page = paging.key === key ? paging.page : 1;

  const sorted = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    const shown = (rows ?? []).filter((r) => contains(r.unique_id, title) && inRange(r, within));
    return sortRows(shown, sort.field, sort.order === 'asc' ? 'ascending' : 'descending');
  }, [rows, title, range, sort]);

  const remove = async () => {
    const chosen = (rows ?? []).filter((r) => selection.has(r.id));
    if (await removeFromBlacklist(country, chosen)) selection.clear();
  };

  return (
    <div className="screen-panel catalog">
      <CatalogToolbar
        filters={filters}
        titleLabel={m.blacklist_col_unique_id()}
        withRange
        addLabel={m.blacklist_add()}
        onAdd={() => setAdding(true)}
      />
      <DataGrid
        aria-label={m.app_title_blacklist()}
        storageKey="blacklist"
        columns={COLUMNS}
        rows={pageOf(sorted, page, paging.size)}
        total={sorted.length}
        getRowKey={(r) => r.id}
        loading={!rows}
        sort={sort}
        onSortChange={setSort}
        page={page}
        pageSize={paging.size}
        onPageChange={(p, size) => setPaging({ page: p, size, key })}
        selection={selection}
        dragScroll
        stickyFirstColumn
        toolbar={
          <>
            <Button
              size="sm"
              variant="danger"
              isDisabled={selection.size === 0}
              onPress={() => void remove()}
            >
              {m.blacklist_delete_selected()}
            </Button>
            <ExportButton type="black" country={country} label={m.blacklist_download()} />
          </>
        }
      />
      {adding && <BlacklistAddDialog country={country} onClose={() => setAdding(false)} />}
    </div>
  );
}
