/**
 * Writes of Home's saved views, through the outbox (features/catalog/catalog-actions.ts): they
 * work offline and show at once. The dialogs that ask for them are SavedViewDialogs.tsx.
 */
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { deleteRows } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { addCatalogRow, editCatalogRow } from '../catalog/catalog-actions.ts';
import { record } from '../sync/outcome.ts';

export interface View extends RowOf<'saved_views'> {
  title: string;
  query: string;
  user_id: number;
  user_name: string;
}

/** Saves Home's `query` as the view `title`, shown at once as the user `me`'s. */
export const addView = (title: string, query: string, me: number | undefined): Promise<boolean> =>
  addCatalogRow('saved_views', call(API.viewAdd, { title, query }), {
    title,
    query,
    user_id: me ?? 0,
    user_name: '',
  });

/** The view now keeps Home's `query`. */
export const replaceViewQuery = (v: View, query: string): Promise<boolean> =>
  editCatalogRow('saved_views', call(API.viewEdit, { id: v.id, query }), v, { query });

/** Deletes the view (the dialog has asked first). */
export const deleteView = (v: View): Promise<boolean> =>
  record(
    () => deleteRows(localDb, 'saved_views', call(API.viewDel, { id: v.id }, v.title), [v.id]),
    m.catalog_deleted(),
  );
