/** Writes of /product, through the outbox (features/catalog/catalog-actions.ts): they work offline and show at once. */
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { call } from '../../db/call.ts';
import { addCatalogRow, deleteCatalogRow, editCatalogRow } from '../catalog/catalog-actions.ts';

/** The product dialog's fields, named as the calls name them. */
export interface ProductForm {
  productId: string;
  productTitle: string;
  productCategory: string;
  productImage: string;
}

const trimmed = (f: ProductForm): ProductForm => ({
  productId: f.productId.trim(),
  productTitle: f.productTitle.trim(),
  productCategory: f.productCategory.trim(),
  productImage: f.productImage,
});

/** The same fields as the row shows them until the server's copy arrives. */
const shownRow = (f: ProductForm) => ({
  product_id: f.productId,
  product_title: f.productTitle,
  category: f.productCategory,
  product_img: f.productImage,
});

export function addProduct(country: string, form: ProductForm): Promise<boolean> {
  const f = trimmed(form);
  return addCatalogRow('products', call(API.productAdd, { country, ...f }), { country, ...shownRow(f) });
}

export function editProduct(row: RowOf<'products'>, form: ProductForm): Promise<boolean> {
  const f = trimmed(form);
  return editCatalogRow(
    'products',
    call(API.productEdit, { id: row.id, country: row.country, ...f }),
    row,
    shownRow(f),
  );
}

/** Asks first; `name` is the product's title as the screen shows it. */
export const deleteProduct = (row: RowOf<'products'>, name: string): Promise<boolean> =>
  deleteCatalogRow('products', call(API.productDel, { id: row.id, country: row.country }, name), row, name);
