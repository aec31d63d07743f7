/**
 * Checks of a pasted creator list before an invitation or a blacklist entry is recorded,
 * answered from local data so they work offline, worded as the server words its refusals: names
 * blacklisted in the country (invitation.add refuses them), and names that would become new
 * creators but are not TikTok handles (letters, digits, '_' and '.', at most 24 characters).
 * Creators the device already knows keep whatever id they came with, as on the server.
 */
import { HANDLE_PATTERN } from '../../../contract/constants.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { readRows } from '../../db/queries.ts';
import { pendingBlacklist } from '../blacklist/blacklist-data.ts';

/** The names that are on the country's blacklist, saved or still being sent. */
export async function blacklistedAmong(country: string, names: readonly string[]): Promise<string[]> {
  const black = new Set((await readRows(localDb, 'blacklist', country)).map((r) => r.unique_id));
  const pending = await pendingBlacklist(country);
  const listed = (n: string) => {
    const last = pending.get(n)?.op;
    return last ? last === 'add' : black.has(n);
  };
  return names.filter(listed);
}

/** The names that are no TikTok handle and no creator the device knows in that country. */
export async function badHandles(country: string, names: readonly string[]): Promise<string[]> {
  const odd = names.filter((n) => !HANDLE_PATTERN.test(n));
  if (odd.length === 0) return [];
  const known = new Set((await loadCountry(localDb, country)).map((c) => c.unique_id));
  return odd.filter((n) => !known.has(n));
}
