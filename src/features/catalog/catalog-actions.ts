/**
 * Writes of the catalogue screens, all through the outbox (src/db/actions.ts), so they work
 * offline and show at once. The spec's "successful mutations show the response msg" is kept
 * literally: the page shows the server's msg once the server has accepted the change
 * (features/sync/outcome.ts), and says "saved on this device, sending" while it has not; a refusal
 * is told by the sync engine's notice, where the user acted or as a persistent notice.
 */
import type { SyncRow } from '../../../contract/sync.ts';
import { addRow, deleteRows, editRow, NotSignedIn } from '../../db/actions.ts';
import type { SmallTable } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import type { Call } from '../../db/outbox.ts';
import { m } from '../../paraglide/messages.js';
import { confirm } from '../../ui/confirm-store.ts';
import { toast } from '../../ui/toast-queue.ts';
import { tellOutcome, type Summary } from '../sync/outcome.ts';
import { isPending } from './catalog-rules.ts';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Records whose text the server guards against overwriting a teammate's later write (issue 25). */
const TEXT_TABLES: ReadonlySet<string> = new Set(['tags', 'chat_templates', 'products', 'creator_notes']);

/**
 * The version of the row the member started from, sent with an edit or delete of a text record:
 * the server refuses (40012) when a teammate wrote the text after it, instead of overwriting it.
 */
export function withBasis(table: string, call: Call, row: SyncRow): Call {
  const version = Number(row.version);
  if (!TEXT_TABLES.has(table) || !Number.isSafeInteger(version) || version <= 0) return call;
  return { ...call, body: { ...call.body, base_version: version } };
}

/**
 * Runs an outbox write (one entry, or the seqs of its parts), then tells its outcome (also used by
 * the blacklist and invitation screens); `okMessage` stands in when the server's answer carries no
 * msg, and `summary` words what the server answered it did (outcome.ts).
 */
export async function record(
  write: () => Promise<number | readonly number[]>,
  okMessage: string,
  summary?: Summary,
): Promise<boolean> {
  try {
    tellOutcome(await write(), okMessage, summary);
    return true;
  } catch (e) {
    // Before the first pull the worker does not know who is signed in yet (no local session).
    toast.error(e instanceof NotSignedIn ? m.catalog_not_ready() : m.catalog_save_failed());
    return false;
  }
}

/** Adds a row: the call as the spec sends it, and the row to show until the server's copy arrives. */
export function addCatalogRow(table: SmallTable, call: Call, row: Record<string, unknown>): Promise<boolean> {
  const t = nowSeconds();
  return record(
    () => addRow(localDb, table, call, { ...row, add_time: t, update_time: t }),
    m.catalog_added(),
  );
}

/**
 * Edits a row. A row added offline has no server id yet (temporary negative id) and cannot be
 * addressed by an edit call, so it waits until it is saved.
 */
export function editCatalogRow(
  table: SmallTable,
  call: Call,
  row: SyncRow,
  patch: Record<string, unknown>,
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

/** Asks first, then deletes by the spec's `{id, country}` call. */
export async function deleteCatalogRow(table: SmallTable, path: string, row: SyncRow, name: string) {
  if (
    !(await confirmDelete(
      isPending(row) ? 0 : 1,
      m.catalog_delete_title(),
      m.catalog_delete_message({ name }),
    ))
  )
    return false;
  const call: Call = { method: 'DELETE', path, body: { id: row.id, country: row.country }, about: name };
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
