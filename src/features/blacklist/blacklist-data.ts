/**
 * The blacklist screen's live data. The mirror's blacklist rows hold only the name and reason;
 * email, bio link and followers come from the creator mirror by unique_id. A black.add call
 * names many creators but an outbox effect carries one row, so the names of unsent black.add
 * calls are read from the outbox here and shown as pending rows (negative ids) until the
 * server's rows arrive by sync.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CreatorRow, SyncRow } from '../../../contract/sync.ts';
import { splitNames } from '../../../contract/schemas/creator.ts';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { isLive } from '../../db/outbox.ts';
import { useLocalRows } from '../../db/queries.ts';

export interface BlackRow extends SyncRow {
  unique_id: string;
  reason: string;
  email: string;
  bio_link: string;
  follower_count: number | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/**
 * Names of this user's unsent calls of `path` for the country (black.add, invitation.add), with
 * the call's body and time; also used by the invited screen.
 */
export async function pendingAdds(path: string, country: string) {
  const session = await getMeta<LocalSession>(localDb, META.session);
  if (!session) return [];
  const entries = await localDb.outbox
    .where('[userId+workspaceId]')
    .equals([session.userId, session.workspaceId])
    .sortBy('seq');
  return entries
    .filter((e) => e.path === path && e.body.country === country && isLive(e))
    .map((e) => ({
      names: splitNames(list(e.body.bloggers)),
      body: e.body,
      at: Math.floor(e.createdAt / 1000),
    }));
}

/** Mirror rows + pending adds, joined to the creators of the country. */
export function useBlacklist(country: string): BlackRow[] | undefined {
  const rows = useLocalRows(localDb, 'blacklist', country);
  const pending = useLiveQuery(() => pendingAdds('/blogger/black.add', country), [country]);
  const creators = useLiveQuery(async () => {
    const byName = new Map<string, CreatorRow>();
    for (const c of await loadCountry(localDb, country)) byName.set(c.unique_id, c);
    return byName;
  }, [country]);
  if (!rows || !pending) return undefined;
  const have = new Set(rows.map((r) => str(r.unique_id)));
  let temp = -1;
  const extra: SyncRow[] = [];
  for (const p of pending)
    for (const name of p.names)
      if (!have.has(name)) {
        have.add(name);
        extra.push({
          id: temp--,
          version: 0,
          country,
          unique_id: name,
          reason: str(p.body.reason),
          add_time: p.at,
          update_time: p.at,
        });
      }
  return [...rows, ...extra].map((r) => {
    const c = creators?.get(str(r.unique_id)) as Record<string, unknown> | undefined;
    return {
      ...r,
      unique_id: str(r.unique_id),
      reason: str(r.reason),
      email: str(c?.email) || str(c?.daren_email),
      bio_link: str(c?.bio_link),
      follower_count: typeof c?.follower_count === 'number' ? c.follower_count : null,
    };
  });
}
