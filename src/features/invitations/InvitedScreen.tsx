/**
 * /invited: the country's invitations from the local mirror, filtered (name, tag, status, sub
 * status, added range), sorted and paged locally in the DataGrid; add, bulk delete, export, and
 * the record dialog (view/edit + history).
 */
import { useMemo, useState } from 'react';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridColumn, SortState } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { toUnixRange } from '../../ui/date-rules.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { invitationTone, subStatusTone, Tag } from '../../ui/StatusTag.tsx';
import { ExportButton } from '../blacklist/ExportButton.tsx';
import { contains, inRange, pageOf, sortRows, tagTone } from '../catalog/catalog-rules.ts';
import { filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { profileUrl } from '../topic-tracking/topic-tracking-api.ts';
import { AddInvitationDialog } from './AddInvitationDialog.tsx';
import { deleteInvitations } from './invitation-actions.ts';
import { COOPERATING, statusLabel, subStatusLabel } from './invitation-rules.ts';
import { InvitationDialog } from './InvitationDialog.tsx';
import { useInvitations, type InvitationView } from './invitations-data.ts';
import { InvitedFilters, type InvitedChoice } from './InvitedFilters.tsx';
import '../catalog/catalog.css';
import './invited.css';

export function InvitedScreen() {
  const filters = useCatalogFilters();
  const { country, title, range } = filters;
  const rows = useInvitations(country);
  const tags = useLocalRows(localDb, 'tags', country);
  const selection = useSelection('invited');
  const [choice, setChoice] = useState<InvitedChoice>({ tagId: 0, status: 0, sub: 0 });
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [sort, setSort] = useState<SortState>({ field: 'add_time', order: 'desc' });
  const key = filterKey(country, title, range, choice, sort);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, key });
  const page = paging.key === key ? paging.page : 1;

  const sorted = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    const shown = (rows ?? []).filter(
      (r) =>
        (contains(r.unique_id, title) || contains(r.daren_name, title)) &&
        (!choice.tagId || r.tags.some((t) => t.tag_id === choice.tagId)) &&
        (!choice.status || r.status === choice.status) &&
        (choice.status !== COOPERATING || !choice.sub || r.sub_status === choice.sub) &&
        inRange(r, within),
    );
    return sortRows(shown, sort.field, sort.order === 'asc' ? 'ascending' : 'descending');
  }, [rows, title, range, choice, sort]);

  const columns = useMemo<GridColumn<InvitationView>[]>(
    () => [
      {
        id: 'unique_id',
        header: m.invited_col_unique_id(),
        width: 180,
        alwaysVisible: true,
        render: (r) => (
          <a href={profileUrl(r.unique_id)} target="_blank" rel="noreferrer">
            {r.unique_id}
          </a>
        ),
      },
      { id: 'daren_name', header: m.invited_name(), width: 160 },
      {
        id: 'status',
        header: m.invited_status(),
        width: 200,
        sortable: true,
        render: (r) => (
          <>
            <Tag tone={invitationTone(r.status)}>{statusLabel(r.status)}</Tag>
            {r.status === COOPERATING && r.sub_status != null && (
              <Tag tone={subStatusTone(r.sub_status)}>{subStatusLabel(r.sub_status)}</Tag>
            )}
          </>
        ),
      },
      {
        id: 'tags',
        header: m.invited_col_tags(),
        width: 200,
        render: (r) =>
          r.tags.map((t) => (
            <Tag key={t.tag_id} tone={tagTone(t.tag_title)}>
              {t.tag_title}
            </Tag>
          )),
      },
      { id: 'daren_email', header: m.invited_col_email(), width: 200 },
      { id: 'product_id', header: m.invited_col_product(), width: 160 },
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
      {
        id: 'actions',
        header: m.catalog_col_actions(),
        width: 110,
        alwaysVisible: true,
        render: (r) => (
          <Button
            size="sm"
            variant="link"
            aria-label={m.invited_view({ name: r.unique_id })}
            onPress={() => setOpenId(r.id)}
          >
            {m.invited_open()}
          </Button>
        ),
      },
    ],
    [],
  );

  const open = openId == null ? undefined : rows?.find((r) => r.id === openId);
  const remove = async () => {
    if (await deleteInvitations([...selection.keys].map(Number))) selection.clear();
  };

  return (
    <div className="screen-panel catalog">
      <InvitedFilters
        filters={filters}
        choice={choice}
        onChoice={setChoice}
        tags={tags}
        onAdd={() => setAdding(true)}
      />
      <DataGrid
        aria-label={m.app_title_invited()}
        storageKey="invited"
        columns={columns}
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
              {m.invited_delete_selected()}
            </Button>
            <ExportButton type="invitation" country={country} label={m.invited_download()} />
          </>
        }
      />
      {adding && <AddInvitationDialog country={country} onClose={() => setAdding(false)} />}
      {open && <InvitationDialog key={open.id} row={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
