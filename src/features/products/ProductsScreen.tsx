/**
 * /product: products per country from the local mirror, filtered by product id, title,
 * category and added-date range; add/edit/delete through the outbox.
 */
import { useMemo, useState } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { useLocalRows } from '../../db/queries.ts';
import { localDb } from '../../db/local.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Input } from '../../ui/Input.tsx';
import { toUnixRange } from '../../ui/date-rules.ts';
import { contains, inRange, withoutArrivedTwins } from '../catalog/catalog-rules.ts';
import { isPending } from '../../db/temp-id.ts';
import { CatalogTable, type CatalogColumn } from '../catalog/CatalogTable.tsx';
import { CatalogToolbar, filterKey, useCatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { RowActions } from '../catalog/RowActions.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { deleteProduct } from './product-actions.ts';
import '../catalog/catalog.css';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function ProductsScreen() {
  const filters = useCatalogFilters();
  const [productId, setProductId] = useState('');
  const [category, setCategory] = useState('');
  const rows = useLocalRows(localDb, 'products', filters.country);
  const [editing, setEditing] = useState<RowOf<'products'> | 'new' | null>(null);
  const { range, title } = filters;
  const shown = useMemo(() => {
    const within = range ? toUnixRange(range) : null;
    return (rows && withoutArrivedTwins(rows, 'product_id'))?.filter(
      (r) =>
        contains(r.product_title, title) &&
        contains(r.product_id, productId) &&
        contains(r.category, category) &&
        inRange(r, within),
    );
  }, [rows, title, productId, category, range]);

  const columns: CatalogColumn<RowOf<'products'>>[] = [
    {
      id: 'product_img',
      name: m.products_col_image(),
      render: (r) =>
        str(r.product_img) ? (
          <img
            className="catalog-thumb"
            src={str(r.product_img)}
            alt={m.products_image_of({ name: str(r.product_title) })}
          />
        ) : (
          <span className="catalog-thumb catalog-thumb--empty" aria-hidden="true" />
        ),
    },
    { id: 'product_id', name: m.products_col_id(), sortable: true, render: (r) => str(r.product_id) },
    {
      id: 'product_title',
      name: m.products_col_title(),
      isRowHeader: true,
      sortable: true,
      render: (r) => <div className="catalog-clip">{str(r.product_title)}</div>,
    },
    { id: 'category', name: m.products_col_category(), sortable: true, render: (r) => str(r.category) },
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
          name={str(r.product_id)}
          pending={isPending(r)}
          onEdit={() => setEditing(r)}
          onDelete={() => void deleteProduct(r, str(r.product_title))}
        />
      ),
    },
  ];

  return (
    <div className="screen-panel catalog">
      <CatalogToolbar
        filters={filters}
        titleLabel={m.products_col_title()}
        withRange
        addLabel={m.products_add()}
        onAdd={() => setEditing('new')}
      >
        <Input
          label={m.products_col_id()}
          type="search"
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
        />
        <Input
          label={m.products_col_category()}
          type="search"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        />
      </CatalogToolbar>
      <CatalogTable
        label={m.app_title_product()}
        columns={columns}
        rows={shown}
        resetKey={filterKey(filters.country, title, productId, category, range)}
      />
      {editing && (
        <ProductDialog
          country={filters.country}
          row={editing === 'new' ? null : editing}
          rows={rows}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
