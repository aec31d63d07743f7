/** Invitation writes through the outbox (src/db/actions.ts) with the catalogue screens' toasts. */
import { deleteRows, editRow, enqueue, NotSignedIn } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { confirm } from '../../ui/confirm-store.ts';
import { toast } from '../../ui/toast-queue.ts';

async function record(write: () => Promise<unknown>, okMessage: string): Promise<boolean> {
  try {
    await write();
    toast.success(okMessage);
    return true;
  } catch (e) {
    toast.error(e instanceof NotSignedIn ? m.catalog_not_ready() : m.catalog_save_failed());
    return false;
  }
}

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
export function editInvitation(id: number, body: Record<string, unknown>, patch: Record<string, unknown>) {
  const update_time = Math.floor(Date.now() / 1000);
  return record(
    () =>
      editRow(
        localDb,
        'invitations',
        { method: 'PUT', path: '/blogger/invitation.edit', body: { id, ...body } },
        { id, ...patch, update_time },
      ),
    m.catalog_updated(),
  );
}

export async function deleteInvitations(ids: number[]): Promise<boolean> {
  const saved = ids.filter((id) => id > 0);
  if (saved.length === 0) {
    toast.info(m.catalog_still_saving());
    return false;
  }
  const ok = await confirm({
    title: m.invited_delete_title(),
    message: m.invited_delete_message({ count: saved.length }),
    confirmLabel: m.common_delete(),
    tone: 'danger',
  });
  if (!ok) return false;
  return record(
    () =>
      deleteRows(
        localDb,
        'invitations',
        { method: 'DELETE', path: '/blogger/invitation.del', body: { ids: saved } },
        saved,
      ),
    m.catalog_deleted(),
  );
}
