/**
 * Products. The list is paged like every other grid; it filters by
 * product id (exact or prefix), title and category (substring) and the added-date range.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { basedOn, country, listOf, optText, paging } from './common.ts';
import { catalogFilters, rowId, titled } from './tag.ts';
import { PRODUCT_ID_MAX, PRODUCT_TITLE_MAX, PRODUCT_CATEGORY_MAX, PRODUCT_IMAGE_MAX } from '../limits.ts';

export const ProductRow = z.object({
  id: z.number().int(),
  country: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  category: z.string(),
  product_img: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type ProductRow = z.infer<typeof ProductRow>;

const fields = {
  country: country(),
  productId: titled('product_id_required', PRODUCT_ID_MAX),
  productTitle: titled('product_title_required', PRODUCT_TITLE_MAX),
  productCategory: optText(PRODUCT_CATEGORY_MAX),
  /** An uploaded file (/files/…) or an http(s) address; nothing a browser could run. */
  productImage: titled('product_image_required', PRODUCT_IMAGE_MAX).pipe(
    z.string().regex(/^(\/files\/|https?:\/\/)\S+$/i, 'product_image_invalid'),
  ),
};

export const ProductListRequest = z.object({
  country: catalogFilters.country,
  startTime: catalogFilters.startTime,
  endTime: catalogFilters.endTime,
  productId: optText(PRODUCT_ID_MAX),
  productTitle: optText(PRODUCT_TITLE_MAX),
  productCategory: optText(PRODUCT_CATEGORY_MAX),
  ...paging,
});
export const ProductAddRequest = z.object(fields);
export const ProductEditRequest = z.object({ id: rowId(), ...fields, ...basedOn });
export const ProductDelRequest = z.object({ id: rowId(), country: country(), ...basedOn });

export const productEndpoints = {
  productList: endpoint({
    method: 'POST',
    path: '/product/lists',
    auth: true,
    request: ProductListRequest,
    response: listOf(ProductRow),
  }),
  productAdd: endpoint({
    method: 'POST',
    path: '/product/add',
    auth: true,
    request: ProductAddRequest,
    response: ProductRow,
  }),
  productEdit: endpoint({
    method: 'PUT',
    path: '/product/edit',
    auth: true,
    request: ProductEditRequest,
    response: ProductRow,
  }),
  productDel: endpoint({
    method: 'DELETE',
    path: '/product/del',
    auth: true,
    request: ProductDelRequest,
    response: z.object({ id: z.number().int() }),
  }),
};
