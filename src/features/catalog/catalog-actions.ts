/**
 * Writes of the catalogue screens, all through the outbox (src/db/actions.ts), so they work
 * offline and show at once. The spec's "successful mutations show the response msg" is kept
 * literally: the page shows the server's msg once the server has accepted the change
 * (features/sync/outcome.ts), and says "saved on this device, sending" while it has not; a refusal
 * is told by the sync engine's notice, where the user acted or as a persistent notice.
 * Each catalogue builds its calls from the contract in its own actions module (tags/tag-actions.ts,
 * templates/template-actions.ts, …); these helpers add the row shown meanwhile and the outcome.
 */
import type { SyncRow, SyncRows } from '../../../contract/sync.ts';
import { addRow, deleteRows, editRow, withBasis } from '../../db/actions.ts';
import type { Call } from '../../db/call.ts';
import type { SmallTable } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { isPending } from '../../db/temp-id.ts';
import { m } from '../../paraglide/messages.js';
import { confirm } from '../../ui/confirm-store.ts';
import { toast } from '../../ui/toast-queue.ts';
import { record } from '../sync/outcome.ts';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Adds a row: the call as the spec sends it, and the row to show until the server's copy arrives. */
export function addCatalogRow<T extends SmallTable>(
  table: T,
  call: Call,
  row: Omit<SyncRows[T], 'id' | 'version' | 'add_time' | 'update_time'>,
): Promise<boolean> {
  const t = nowSeconds();
  const shown = { ...row, add_time: t, update_time: t } as Omit<SyncRows[T], 'id' | 'version'>;
  return record(() => addRow(localDb, table, call, shown), m.catalog_added());
}

/**
 * Edits a row. A row added offline has no server id yet (temporary negative id) and cannot be
 * addressed by an edit call, so it waits until it is saved.
 */
export function editCatalogRow<T extends SmallTable>(
  table: T,
  call: Call,
  row: SyncRows[T],
  patch: Partial<SyncRows[T]>,
): Promise<boolean> {
  if (isPending(row)) {
    toast.info(m.catalog_still_saving());
    return Promise.resolve(false);
  }
  return record(
    () =>
      editRow(localDb, table, withBasis(table, call, row), {
        ...row,
        ...patch,
        id: row.id,
        update_time: nowSeconds(),
      }),
    m.catalog_updated(),
  );
}

/** Asks first (naming the row `name`), then sends the delete call (the spec's `{id, country}`). */
export async function deleteCatalogRow(
  table: SmallTable,
  call: Call,
  row: Pick<SyncRow, 'id' | 'version'> & { country: string },
  name: string,
) {
  if (
    !(await confirmDelete(
      isPending(row) ? 0 : 1,
      m.catalog_delete_title(),
      m.catalog_delete_message({ name }),
    ))
  )
    return false;
  return record(() => deleteRows(localDb, table, withBasis(table, call, row), [row.id]), m.catalog_deleted());
}

/**
 * Asks before a delete of `saved` rows. None saved (only rows added offline, which have no server
 * id yet) says they are still saving instead, and answers no.
 */
export async function confirmDelete(saved: number, title: string, message: string): Promise<boolean> {
  if (saved === 0) {
    toast.info(m.catalog_still_saving());
    return false;
  }
  return confirm({ title, message, confirmLabel: m.common_delete(), tone: 'danger' });
}
