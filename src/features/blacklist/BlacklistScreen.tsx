/**
 * /blacklist: the country's blacklist from the local mirror, filtered by name and added-date
 * range, sorted and paged locally (catalog-rules.ts) in the DataGrid with multi-select and drag
 * scrolling; add (many names), bulk delete (confirmed) and the 'black' export. A narrow grid (a
 * phone) shows each creator as a card.
 */
import { useMemo, useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { toUnixRange } from '../../ui/date-rules.ts';
import { contains, inRange } from '../catalog/catalog-rules.ts';
import { CatalogToolbar, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { creatorIdColumn, DeleteAndDownload, timeColumns, useLocalGrid } from '../catalog/useLocalGrid.tsx';
import { removeFromBlacklist } from './blacklist-actions.ts';
import { useBlacklist, type BlackRow } from './blacklist-data.ts';
import { BlacklistAddDialog } from './BlacklistAddDialog.tsx';
import { blacklistCard } from './blacklist-card.tsx';
import { creatorNameColumn } from '../workbench/CreatorNameLink.tsx';
import '../catalog/catalog.css';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

const COLUMNS: GridColumn<BlackRow>[] = [
  creatorIdColumn<BlackRow>(m.blacklist_col_unique_id(), true),
  creatorNameColumn<BlackRow>(m.invited_name()),
  { id: 'email', header: m.blacklist_col_email(), width: 200 },
  {
    id: 'bio_link',
    header: m.blacklist_col_bio_link(),
    width: 200,
    render: (r) => (r.bio_link ? <NewTabLink href={r.bio_link}>{r.bio_link}</NewTabLink> : null),
  },
  {
    id: 'follower_count',
    header: m.blacklist_col_followers(),
    width: 110,
    align: 'end',
    sortable: true,
    firstOrder: 'desc',
    render: (r) => formatNumber(r.follower_count),
  },
  { id: 'reason', header: m.blacklist_col_reason(), width: 240 },
  ...timeColumns<BlackRow>(),
];

export function BlacklistScreen() {
  const filters = useCatalogFilters();
  const { country, title, range } = filters;
  const rows = useBlacklist(country);
  const selection = useSelection('blacklist');
  const [adding, setAdding] = useState(false);
  const card = useMemo(blacklistCard, []);
  const filtered = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    return (rows ?? []).filter(
      (r) => (contains(r.unique_id, title) || contains(r.daren_name, title)) && inRange(r, within),
    );
  }, [rows, title, range]);
  const grid = useLocalGrid(filtered, [country, title, range]);

  const remove = async () => {
    const chosen = (rows ?? []).filter((r) => selection.has(r.unique_id));
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
        card={card}
        {...grid}
        getRowKey={(r) => r.unique_id}
        loading={!rows}
        selection={selection}
        dragScroll
        stickyFirstColumn
        toolbar={
          <DeleteAndDownload
            deleteLabel={m.blacklist_delete_selected()}
            hasSelection={selection.size > 0}
            onDelete={() => void remove()}
            type="black"
            country={country}
            downloadLabel={m.blacklist_download()}
          />
        }
      />
      {adding && <BlacklistAddDialog country={country} onClose={() => setAdding(false)} />}
    </div>
  );
}
