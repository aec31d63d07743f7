/**
 * Blacklist writes through the outbox (src/db/actions.ts), toasts as the catalogue screens do.
 * black.add names many creators in one call and an effect carries one row, so its effect marks the
 * known creators blacklisted (is_black) and the screen shows its names from the outbox (see
 * blacklist-data.ts); black.del removes the selected rows at once (the creators' flag follows by sync).
 */
import { NAME_LIST_MAX } from '../../../contract/constants.ts';
import { enqueue, enqueueInParts } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { m } from '../../paraglide/messages.js';
import { confirmDelete, record } from '../catalog/catalog-actions.ts';
import type { BlackRow } from './blacklist-data.ts';

export function addToBlacklist(country: string, names: readonly string[], reason: string) {
  return record(async () => {
    const wanted = new Set(names);
    const ids = (await loadCountry(localDb, country)).filter((c) => wanted.has(c.unique_id)).map((c) => c.id);
    return enqueue(
      localDb,
      { method: 'POST', path: '/blogger/black.add', body: { country, bloggers: [...names], reason } },
      ids.length > 0 ? { table: 'creators', kind: 'patch', ids, patch: { is_black: 1 } } : undefined,
    );
  }, m.catalog_added());
}

/** Asks with the count, then removes the saved rows; unsent ones wait for their add to land. */
export async function removeFromBlacklist(country: string, rows: readonly BlackRow[]): Promise<boolean> {
  const saved = rows.filter((r) => r.id > 0);
  const message = m.blacklist_delete_message({ count: saved.length });
  if (!(await confirmDelete(saved.length, m.blacklist_delete_title(), message))) return false;
  return record(
    () =>
      enqueueInParts(localDb, saved, NAME_LIST_MAX, (part) => ({
        call: {
          method: 'DELETE',
          path: '/blogger/black.del',
          body: { country, bloggers: part.map((r) => r.unique_id) },
        },
        effect: { table: 'blacklist', kind: 'delete', ids: part.map((r) => r.id) },
      })),
    m.catalog_deleted(),
  );
}

/**
 * Takes one creator off the blacklist from its own page (issue 22), after asking. The creator's
 * flag clears at once; the blacklist screen's row goes with the next pull.
 */
export async function unblacklistCreator(country: string, creator: { id: number; unique_id: string }) {
  if (!(await confirmDelete(1, m.blacklist_delete_title(), m.blacklist_delete_message({ count: 1 }))))
    return false;
  return record(
    () =>
      enqueue(
        localDb,
        { method: 'DELETE', path: '/blogger/black.del', body: { country, bloggers: [creator.unique_id] } },
        { table: 'creators', kind: 'patch', ids: [creator.id], patch: { is_black: 0 } },
      ),
    m.catalog_deleted(),
  );
}
