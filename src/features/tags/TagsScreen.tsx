/**
 * /tag: the workspace's tags per country, read live from the local mirror and changed through
 * the outbox (works offline). Each tag shows in a colour derived from its title.
 */
import { useMemo, useState } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { TAG_TITLE_MAX } from '../../../contract/limits.ts';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { UserTag } from '../../ui/StatusTag.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { contains, isDuplicate, withoutArrivedTwins } from '../catalog/catalog-rules.ts';
import { isPending } from '../../db/temp-id.ts';
import { CatalogTable, type CatalogColumn } from '../catalog/CatalogTable.tsx';
import { CatalogToolbar, filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { RowActions } from '../catalog/RowActions.tsx';
import { addTag, deleteTag, editTag } from './tag-actions.ts';
import '../catalog/catalog.css';

const title = (r: RowOf<'tags'>): string => r.title ?? '';

export function TagsScreen() {
  const filters = useCatalogFilters();
  const rows = useLocalRows(localDb, 'tags', filters.country);
  const [editing, setEditing] = useState<RowOf<'tags'> | 'new' | null>(null);
  const shown = useMemo(
    () => (rows && withoutArrivedTwins(rows, 'title'))?.filter((r) => contains(r.title, filters.title)),
    [rows, filters.title],
  );

  const columns: CatalogColumn<RowOf<'tags'>>[] = [
    {
      id: 'title',
      name: m.tags_col_title(),
      isRowHeader: true,
      sortable: true,
      render: (r) => <UserTag title={title(r)} className="catalog-tag" />,
    },
    {
      id: 'add_time',
      name: m.catalog_col_added(),
      sortable: true,
      render: (r) => formatDateTime(r.add_time as number),
    },
    {
      id: 'update_time',
      name: m.catalog_col_updated(),
      sortable: true,
      render: (r) => formatDateTime(r.update_time as number),
    },
    {
      id: 'actions',
      name: m.catalog_col_actions(),
      render: (r) => (
        <RowActions
          name={title(r)}
          pending={isPending(r)}
          onEdit={() => setEditing(r)}
          onDelete={() => void deleteTag(r, title(r))}
        />
      ),
    },
  ];

  return (
    <div className="screen-panel catalog">
      <CatalogToolbar
        filters={filters}
        titleLabel={m.tags_search_label()}
        addLabel={m.tags_add()}
        onAdd={() => setEditing('new')}
      />
      <CatalogTable
        label={m.app_title_tag()}
        columns={columns}
        rows={shown}
        resetKey={filterKey(filters.country, filters.title)}
      />
      {editing && (
        <TagDialog
          country={filters.country}
          row={editing === 'new' ? null : editing}
          rows={rows}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

interface TagDialogProps {
  country: string;
  row: RowOf<'tags'> | null;
  /** The country's tags, for the duplicate check. */
  rows: readonly RowOf<'tags'>[] | undefined;
  onClose: () => void;
}

function TagDialog({ country, row, rows, onClose }: TagDialogProps) {
  const [value, setValue] = useState(row ? title(row) : '');
  const save = async () => {
    const t = value.trim();
    if (!t) {
      toast.error(m.tags_title_required());
      return;
    }
    if (isDuplicate(rows, 'title', t, row?.id)) {
      toast.error(m.tags_duplicate());
      return;
    }
    const ok = row ? await editTag(row, t) : await addTag(country, t);
    if (ok) onClose();
  };
  return (
    <FormDialog title={row ? m.tags_edit_title() : m.tags_add_title()} onClose={onClose} onSave={save}>
      <Field
        label={m.tags_col_title()}
        value={value}
        onChange={setValue}
        maxLength={TAG_TITLE_MAX}
        placeholder={m.tags_title_required()}
        autoFocus
      />
    </FormDialog>
  );
}
