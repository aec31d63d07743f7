/** Writes of /chatTmp, through the outbox (features/catalog/catalog-actions.ts): they work offline and show at once. */
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { call } from '../../db/call.ts';
import { addCatalogRow, deleteCatalogRow, editCatalogRow } from '../catalog/catalog-actions.ts';

export const addTemplate = (country: string, title: string, content: string): Promise<boolean> =>
  addCatalogRow('chat_templates', call(API.chatTmpAdd, { country, title, content }), {
    country,
    title,
    content,
  });

export const editTemplate = (
  row: RowOf<'chat_templates'>,
  title: string,
  content: string,
): Promise<boolean> =>
  editCatalogRow(
    'chat_templates',
    call(API.chatTmpEdit, { id: row.id, country: row.country, title, content }),
    row,
    { title, content },
  );

/** Asks first; `name` is the template's title as the screen shows it. */
export const deleteTemplate = (row: RowOf<'chat_templates'>, name: string): Promise<boolean> =>
  deleteCatalogRow(
    'chat_templates',
    call(API.chatTmpDel, { id: row.id, country: row.country }, name),
    row,
    name,
  );
