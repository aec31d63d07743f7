/** Invitation writes through the outbox (src/db/actions.ts) with the catalogue screens' toasts. */
import { deleteRowsById, editRow, enqueue } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { confirmDelete } from '../catalog/catalog-actions.ts';
import { record } from '../sync/outcome.ts';

/** One invitation.add for many names; the rows arrive by sync (the server creates or merges them). */
export function addInvitations(country: string, names: string[], productIds: string[], invited: 0 | 1) {
  return record(
    () =>
      enqueue(localDb, {
        method: 'POST',
        path: '/blogger/invitation.add',
        body: { country, bloggers: names, productIds, isInvitation: invited },
      }),
    m.catalog_added(),
  );
}

/** PUT /blogger/invitation.edit with only the changed fields (`body`); `patch` is shown at once. */
export function editInvitation(
  id: number,
  body: Record<string, unknown>,
  patch: Record<string, unknown>,
  about: string,
) {
  const update_time = Math.floor(Date.now() / 1000);
  return record(
    () =>
      editRow(
        localDb,
        'invitations',
        { method: 'PUT', path: '/blogger/invitation.edit', body: { id, ...body }, about },
        { id, ...patch, update_time },
      ),
    m.catalog_updated(),
  );
}

export async function deleteInvitations(ids: number[]): Promise<boolean> {
  const saved = ids.filter((id) => id > 0);
  const message = m.invited_delete_message({ count: saved.length });
  if (!(await confirmDelete(saved.length, m.invited_delete_title(), message))) return false;
  return record(
    () =>
      deleteRowsById(
        localDb,
        'invitations',
        { method: 'DELETE', path: '/blogger/invitation.del' },
        saved,
        (ids) => ({ ids }),
      ),
    m.catalog_deleted(),
  );
}
