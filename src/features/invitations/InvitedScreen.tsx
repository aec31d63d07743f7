/**
 * /invited: the country's invitations from the local mirror, filtered (name, tag, status, sub
 * status, added range), sorted and paged locally in the DataGrid; add, bulk delete, export, and
 * the record dialog (view/edit + history). A narrow grid (a phone) shows each invitation as a card.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridCard, GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { toUnixRange } from '../../ui/date-rules.ts';
import { invitationTone, subStatusTone, Tag, TAG_CHIPS_WIDTH, TagChips } from '../../ui/StatusTag.tsx';
import { contains, inRange } from '../catalog/catalog-rules.ts';
import { useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { CreatorNameLink, creatorNameColumn } from '../workbench/CreatorNameLink.tsx';
import { profileUrl } from '../creators/home-rules.ts';
import { creatorIdColumn, DeleteAndDownload, timeColumns, useLocalGrid } from '../catalog/useLocalGrid.tsx';
import { AddInvitationDialog } from './AddInvitationDialog.tsx';
import { deleteInvitations } from './invitation-actions.ts';
import { COOPERATING, statusLabel, subStatusLabel } from './invitation-rules.ts';
import { InvitationDialog } from './InvitationDialog.tsx';
import { useInvitations, type InvitationView } from './invitations-data.ts';
import { InvitedFilters, type InvitedChoice } from './InvitedFilters.tsx';
import '../catalog/catalog.css';
import './invited.css';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

/** The status, and under "cooperating" its sub status: the column's cell and the card's line. */
const statusTags = (r: InvitationView): ReactNode => (
  <>
    <Tag tone={invitationTone(r.status)}>{statusLabel(r.status)}</Tag>
    {r.status === COOPERATING && r.sub_status != null && (
      <Tag tone={subStatusTone(r.sub_status)}>{subStatusLabel(r.sub_status)}</Tag>
    )}
  </>
);

export function InvitedScreen() {
  const filters = useCatalogFilters();
  const { country, title, range } = filters;
  const rows = useInvitations(country);
  const tags = useLocalRows(localDb, 'tags', country);
  const selection = useSelection('invited');
  const [choice, setChoice] = useState<InvitedChoice>({ tagId: 0, status: 0, sub: 0 });
  const [adding, setAdding] = useState(false);
  const [searches, setSearches] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const filtered = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    return (rows ?? []).filter(
      (r) =>
        (contains(r.unique_id, title) || contains(r.daren_name, title)) &&
        (!choice.tagId || r.tags.some((t) => t.tag_id === choice.tagId)) &&
        (!choice.status || r.status === choice.status) &&
        (choice.status !== COOPERATING || !choice.sub || r.sub_status === choice.sub) &&
        inRange(r, within),
    );
  }, [rows, title, range, choice]);
  const grid = useLocalGrid(filtered, [country, title, range, choice, searches]);

  const openButton = (r: InvitationView) => (
    <Button
      size="sm"
      variant="link"
      aria-label={m.invited_view({ name: r.unique_id })}
      onPress={() => setOpenId(r.id)}
    >
      {m.invited_open()}
    </Button>
  );
  const columns = useMemo<GridColumn<InvitationView>[]>(
    () => [
      creatorIdColumn<InvitationView>(m.invited_col_unique_id()),
      creatorNameColumn<InvitationView>(m.invited_name()),
      {
        id: 'status',
        header: m.invited_status(),
        width: 200,
        sortable: true,
        render: statusTags,
      },
      {
        id: 'tags',
        header: m.invited_col_tags(),
        width: TAG_CHIPS_WIDTH,
        render: (r) => <TagChips titles={r.tags.map((t) => t.tag_title)} />,
      },
      { id: 'daren_email', header: m.invited_col_email(), width: 200 },
      { id: 'product_id', header: m.invited_col_product(), width: 160 },
      ...timeColumns<InvitationView>(),
      {
        id: 'actions',
        header: m.catalog_col_actions(),
        width: 110,
        alwaysVisible: true,
        render: (r) => openButton(r),
      },
    ],
    [],
  );
  // Three lines: who (name and handle), where the invitation stands (and its record), the tags.
  const card = useMemo<GridCard<InvitationView>>(
    () => ({
      label: m.invited_col_unique_id(),
      height: 80,
      render: (r) => (
        <>
          <span className="cd-grid__card-line">
            <CreatorNameLink id={r.creator_id} name={r.daren_name} handle={r.unique_id} />
            <NewTabLink href={profileUrl(r.unique_id)}>{r.unique_id}</NewTabLink>
          </span>
          <span className="cd-grid__card-line">
            {statusTags(r)}
            {openButton(r)}
          </span>
          <span className="cd-grid__card-line">
            <TagChips titles={r.tags.map((t) => t.tag_title)} />
          </span>
        </>
      ),
    }),
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
        onSearch={() => setSearches((n) => n + 1)}
      />
      <DataGrid
        aria-label={m.app_title_invited()}
        storageKey="invited"
        columns={columns}
        card={card}
        {...grid}
        getRowKey={(r) => r.id}
        loading={!rows}
        selection={selection}
        dragScroll
        stickyFirstColumn
        toolbar={
          <DeleteAndDownload
            deleteLabel={m.invited_delete_selected()}
            hasSelection={selection.size > 0}
            onDelete={() => void remove()}
            type="invitation"
            country={country}
            downloadLabel={m.invited_download()}
          />
        }
      />
      {adding && <AddInvitationDialog country={country} onClose={() => setAdding(false)} />}
      {open && <InvitationDialog key={open.id} row={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
