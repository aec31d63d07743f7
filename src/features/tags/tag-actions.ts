/** Writes of /tag, through the outbox (features/catalog/catalog-actions.ts): they work offline and show at once. */
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { call } from '../../db/call.ts';
import { addCatalogRow, deleteCatalogRow, editCatalogRow } from '../catalog/catalog-actions.ts';

export const addTag = (country: string, title: string): Promise<boolean> =>
  addCatalogRow('tags', call(API.tagsAdd, { country, title }), { country, title });

export const editTag = (row: RowOf<'tags'>, title: string): Promise<boolean> =>
  editCatalogRow('tags', call(API.tagsEdit, { id: row.id, country: row.country, title }), row, { title });

/** Asks first; `name` is the tag's title as the screen shows it. */
export const deleteTag = (row: RowOf<'tags'>, name: string): Promise<boolean> =>
  deleteCatalogRow('tags', call(API.tagsDel, { id: row.id, country: row.country }, name), row, name);
