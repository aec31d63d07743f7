/**
 * Blacklist writes through the outbox (src/db/actions.ts), toasts as the catalogue screens do.
 * black.add names many creators in one call and an effect carries one row, so its effect marks the
 * known creators blacklisted (is_black) and the screen shows its names from the outbox (see
 * blacklist-data.ts); black.del hides the selected names at once, saved or still being added (the
 * creators' flag follows by sync).
 */
import { API } from '../../../contract/routes.ts';
import { NAME_LIST_MAX } from '../../../contract/constants.ts';
import { enqueue, enqueueInParts } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { m } from '../../paraglide/messages.js';
import { confirmDelete } from '../catalog/catalog-actions.ts';
import { record } from '../sync/outcome.ts';
import type { BlackRow } from './blacklist-data.ts';

export function addToBlacklist(country: string, names: readonly string[], reason: string) {
  return record(async () => {
    const wanted = new Set(names);
    const ids = (await loadCountry(localDb, country)).filter((c) => wanted.has(c.unique_id)).map((c) => c.id);
    return enqueue(
      localDb,
      call(API.blackAdd, { country, bloggers: [...names], reason }),
      ids.length > 0 ? { table: 'creators', kind: 'patch', ids, patch: { is_black: 1 } } : undefined,
    );
  }, m.catalog_added());
}

/**
 * Asks with the count, then removes the rows by name (black.del addresses creators by unique_id),
 * saved or not: a name still being added is removed after its add, in outbox order, and hides at once.
 */
export async function removeFromBlacklist(country: string, rows: readonly BlackRow[]): Promise<boolean> {
  const message = m.blacklist_delete_message({ count: rows.length });
  if (rows.length === 0 || !(await confirmDelete(rows.length, m.blacklist_delete_title(), message)))
    return false;
  return record(
    () =>
      enqueueInParts(localDb, rows, NAME_LIST_MAX, (part) => ({
        call: call(API.blackDel, { country, bloggers: part.map((r) => r.unique_id) }),
        effect: { table: 'blacklist', kind: 'delete', ids: part.filter((r) => r.id > 0).map((r) => r.id) },
      })),
    m.catalog_deleted(),
  );
}

/**
 * Takes one creator off the blacklist from its own page, after asking. The creator's
 * flag clears at once, and so does the blacklist screen's row.
 */
export async function unblacklistCreator(country: string, creator: { id: number; unique_id: string }) {
  if (!(await confirmDelete(1, m.blacklist_delete_title(), m.blacklist_delete_message({ count: 1 }))))
    return false;
  return record(
    () =>
      enqueue(localDb, call(API.blackDel, { country, bloggers: [creator.unique_id] }), {
        table: 'creators',
        kind: 'patch',
        ids: [creator.id],
        patch: { is_black: 0 },
      }),
    m.catalog_deleted(),
  );
}
