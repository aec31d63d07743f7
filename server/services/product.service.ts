/**
 * Products of a workspace, per country. A product id appears at most once among the live
 * products of one country (exact match after trimming); the list is paged, newest first.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ProductAddRequest,
  ProductDelRequest,
  ProductEditRequest,
  ProductListRequest,
  ProductRow,
} from '../../contract/schemas/product.ts';
import { assertUnique, containsCi, addedWithin, pageOf, softDelete } from '../db/catalog.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { checkBasis, guardDelete, textStamp } from './text-conflict.ts';

const COLUMNS = [
  'id',
  'country',
  'product_id',
  'product_title',
  'category',
  'product_img',
  'add_time',
  'update_time',
] as const;

function live(db: Kysely<DB>, workspaceId: number, country: string) {
  return db
    .selectFrom('products')
    .where('workspace_id', '=', workspaceId)
    .where('country', '=', country)
    .where('deleted_at', 'is', null);
}

export async function listProducts(
  db: Kysely<DB>,
  workspaceId: number,
  q: z.infer<typeof ProductListRequest>,
) {
  let base = live(db, workspaceId, q.country);
  if (q.productId) base = base.where(containsCi('product_id', q.productId));
  if (q.productTitle) base = base.where(containsCi('product_title', q.productTitle));
  if (q.productCategory) base = base.where(containsCi('category', q.productCategory));
  return pageOf(addedWithin(base, q), q, (qb) =>
    qb.select(COLUMNS).orderBy('add_time', 'desc').orderBy('id', 'desc'),
  );
}

const assertIdFree = (db: Kysely<DB>, workspaceId: number, country: string, productId: string, except = 0) =>
  assertUnique(
    db,
    'products',
    { workspaceId, country, except },
    'product_id',
    productId,
    'product_duplicate',
  );

const fieldsOf = (input: z.infer<typeof ProductAddRequest>) => ({
  product_id: input.productId,
  product_title: input.productTitle,
  category: input.productCategory ?? '',
  product_img: input.productImage,
});

export async function addProduct(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ProductAddRequest>,
): Promise<ProductRow> {
  // nextVersion first: it locks the workspace row on PostgreSQL, so the duplicate check holds.
  const version = await nextVersion(trx, workspaceId);
  await assertIdFree(trx, workspaceId, input.country, input.productId);
  const t = now();
  return trx
    .insertInto('products')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      country: input.country,
      ...fieldsOf(input),
      add_time: t,
      update_time: t,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function editProduct(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ProductEditRequest>,
  userId = 0,
): Promise<ProductRow> {
  const version = await nextVersion(trx, workspaceId);
  const scope = { workspaceId, userId, country: input.country };
  const { restore } = await checkBasis(trx, 'products', scope, input.id, input, 'edit', 'product');
  await assertIdFree(trx, workspaceId, input.country, input.productId, input.id);
  return trx
    .updateTable('products')
    .set({ ...fieldsOf(input), update_time: now(), version, ...textStamp(version, userId, restore) })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteProduct(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ProductDelRequest>,
  userId = 0,
): Promise<{ id: number }> {
  const version = await guardDelete(trx, 'products', { workspaceId, userId }, input, 'product');
  return softDelete(trx, 'products', workspaceId, input, 'product', version);
}
