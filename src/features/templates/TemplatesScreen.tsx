/**
 * /chatTmp: chat templates per country, read live from the local mirror and changed through the
 * outbox. Templates may hold {creator_name}, {product_id} and {seller_name}; the dialog previews
 * them and "copy for creator" fills them for one creator (CopyForCreatorDialog).
 */
import { useMemo, useState } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { contains } from '../catalog/catalog-rules.ts';
import { isPending } from '../../db/temp-id.ts';
import { CatalogTable, type CatalogColumn } from '../catalog/CatalogTable.tsx';
import { CatalogToolbar, filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { RowActions } from '../catalog/RowActions.tsx';
import { CopyForCreatorDialog } from './CopyForCreatorDialog.tsx';
import { TemplateDialog } from './TemplateDialog.tsx';
import { deleteTemplate } from './template-actions.ts';
import '../catalog/catalog.css';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function TemplatesScreen() {
  const filters = useCatalogFilters();
  const rows = useLocalRows(localDb, 'chat_templates', filters.country);
  const [editing, setEditing] = useState<RowOf<'chat_templates'> | 'new' | null>(null);
  const [copying, setCopying] = useState<RowOf<'chat_templates'> | null>(null);
  const shown = useMemo(() => rows?.filter((r) => contains(r.title, filters.title)), [rows, filters.title]);

  const columns: CatalogColumn<RowOf<'chat_templates'>>[] = [
    {
      id: 'title',
      name: m.templates_col_title(),
      isRowHeader: true,
      sortable: true,
      render: (r) => <div className="catalog-name">{text(r.title)}</div>,
    },
    {
      id: 'content',
      name: m.templates_col_content(),
      render: (r) => (
        <div className="catalog-clip" title={text(r.content)}>
          {text(r.content)}
        </div>
      ),
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
          name={text(r.title)}
          pending={isPending(r)}
          onEdit={() => setEditing(r)}
          onDelete={() => void deleteTemplate(r, text(r.title))}
        >
          <Button
            variant="link"
            size="sm"
            aria-label={m.templates_copy_named({ name: text(r.title) })}
            onPress={() => setCopying(r)}
          >
            {m.templates_copy()}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="screen-panel catalog">
      <CatalogToolbar
        filters={filters}
        titleLabel={m.templates_search_label()}
        addLabel={m.templates_add()}
        onAdd={() => setEditing('new')}
      />
      <CatalogTable
        label={m.app_title_chat_tmp()}
        columns={columns}
        rows={shown}
        resetKey={filterKey(filters.country, filters.title)}
      />
      {editing && (
        <TemplateDialog
          country={filters.country}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {copying && (
        <CopyForCreatorDialog
          country={filters.country}
          title={text(copying.title)}
          content={text(copying.content)}
          onClose={() => setCopying(null)}
        />
      )}
    </div>
  );
}
