/** Invitation writes through the outbox (src/db/actions.ts) with the catalogue screens' toasts. */
import { API } from '../../../contract/routes.ts';
import { deleteRowsById, editRow, enqueue } from '../../db/actions.ts';
import { call, type Input } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { confirmDelete } from '../catalog/catalog-actions.ts';
import { record } from '../sync/outcome.ts';

/** One invitation.add for many names; the rows arrive by sync (the server creates or merges them). */
export function addInvitations(country: string, names: string[], productIds: string[], invited: 0 | 1) {
  return record(
    () =>
      enqueue(
        localDb,
        call(API.invitationAdd, { country, bloggers: names, productIds, isInvitation: invited }),
      ),
    m.catalog_added(),
  );
}

/** PUT /blogger/invitation.edit with only the changed fields (`body`); `patch` is shown at once. */
export function editInvitation(
  id: number,
  body: Omit<Input<typeof API.invitationEdit>, 'id'>,
  patch: Record<string, unknown>,
  about: string,
) {
  const update_time = Math.floor(Date.now() / 1000);
  return record(
    () =>
      editRow(localDb, 'invitations', call(API.invitationEdit, { id, ...body }, about), {
        id,
        ...patch,
        update_time,
      }),
    m.catalog_updated(),
  );
}

export async function deleteInvitations(ids: number[]): Promise<boolean> {
  const saved = ids.filter((id) => id > 0);
  const message = m.invited_delete_message({ count: saved.length });
  if (!(await confirmDelete(saved.length, m.invited_delete_title(), message))) return false;
  return record(
    () => deleteRowsById(localDb, 'invitations', API.invitationDel, saved, (ids) => ({ ids })),
    m.catalog_deleted(),
  );
}
