/**
 * The blacklist screen's live data. The mirror's blacklist rows hold only the name and reason;
 * email, bio link and followers come from the creator mirror by unique_id. black.add and black.del
 * name many creators per call, so the screen reads this user's unsettled calls of both from the
 * outbox, in order, and keeps the last word per name: a name added and not yet saved shows as a
 * pending row (negative id); a name removed, saved or not, is hidden at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../../contract/routes.ts';
import type { Route } from '../../../contract/endpoint.ts';
import type { CreatorRow, RowOf, SyncRows } from '../../../contract/sync.ts';
import { splitNames } from '../../../contract/limits.ts';
import { isCallOf } from '../../db/call.ts';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { isLive } from '../../db/outbox.ts';
import { readRows } from '../../db/queries.ts';

export interface BlackRow extends RowOf<'blacklist'> {
  unique_id: string;
  reason: string;
  email: string;
  bio_link: string;
  follower_count: number | null;
  /** The creator's id and name in the mirror, when the device knows the creator (its page link). */
  creator_id: number | undefined;
  daren_name: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/**
 * Names of this user's unsettled calls of `ep` for the country (black.add, black.del,
 * invitation.add), in outbox order, with the call's body and time; also used by the invited screen.
 */
export async function pendingCalls(ep: Route, country: string) {
  const session = await getMeta<LocalSession>(localDb, META.session);
  if (!session) return [];
  const entries = await localDb.outbox
    .where('[userId+workspaceId]')
    .equals([session.userId, session.workspaceId])
    .sortBy('seq');
  return entries
    .filter((e) => isCallOf(e, ep) && e.body.country === country && isLive(e))
    .map((e) => ({
      seq: e.seq ?? 0,
      names: splitNames(list(e.body.bloggers)),
      body: e.body,
      at: Math.floor(e.createdAt / 1000),
    }));
}

/**
 * A mirrored table's rows (unsent edits applied) and the same moment's unsent calls, in one read:
 * read apart, a pull settling an add could answer the rows before it and the calls after it, and
 * the name would show neither saved nor pending for a moment (a ticked row would drop out of a
 * bulk action's count).
 */
export function useSavedAndPending<T extends 'blacklist' | 'invitations', P>(
  table: T,
  country: string,
  pendingOf: (country: string) => Promise<P>,
): { saved: SyncRows[T][]; pending: P } | undefined {
  return useLiveQuery(
    () =>
      localDb.transaction('r', localDb.small(table), localDb.outbox, localDb.meta, async () => ({
        saved: await readRows(localDb, table, country),
        pending: await pendingOf(country),
      })),
    [table, country, pendingOf],
  );
}

export interface PendingName {
  op: 'add' | 'del';
  reason: string;
  at: number;
}

/** The last unsettled blacklist change of each name in the country (outbox order). */
export async function pendingBlacklist(country: string): Promise<Map<string, PendingName>> {
  const adds = await pendingCalls(API.blackAdd, country);
  const dels = await pendingCalls(API.blackDel, country);
  const calls = [
    ...adds.map((c) => ({ ...c, op: 'add' as const })),
    ...dels.map((c) => ({ ...c, op: 'del' as const })),
  ].sort((a, b) => a.seq - b.seq);
  const out = new Map<string, PendingName>();
  for (const c of calls)
    for (const name of c.names) out.set(name, { op: c.op, reason: str(c.body.reason), at: c.at });
  return out;
}

/** Mirror rows + the unsettled adds and removals, joined to the creators of the country. */
export function useBlacklist(country: string): BlackRow[] | undefined {
  const both = useSavedAndPending('blacklist', country, pendingBlacklist);
  const creators = useLiveQuery(async () => {
    const byName = new Map<string, CreatorRow>();
    for (const c of await loadCountry(localDb, country)) byName.set(c.unique_id, c);
    return byName;
  }, [country]);
  if (!both) return undefined;
  const { saved, pending } = both;
  const rows = saved.filter((r) => pending.get(str(r.unique_id))?.op !== 'del');
  const have = new Set(rows.map((r) => str(r.unique_id)));
  const unsaved = [...pending].filter(([name, p]) => p.op === 'add' && !have.has(name));
  // Temporary ids rise in call order, as the server's ids will: the rows keep their places when saved.
  let temp = -unsaved.length;
  for (const [name, p] of unsaved)
    rows.push({
      id: temp++,
      version: 0,
      country,
      unique_id: name,
      reason: p.reason,
      add_time: p.at,
      update_time: p.at,
    });
  return rows.map((r) => {
    const c = creators?.get(str(r.unique_id)) as Record<string, unknown> | undefined;
    return {
      ...r,
      unique_id: str(r.unique_id),
      reason: str(r.reason),
      email: str(c?.email) || str(c?.daren_email),
      bio_link: str(c?.bio_link),
      follower_count: typeof c?.follower_count === 'number' ? c.follower_count : null,
      creator_id: typeof c?.id === 'number' ? c.id : undefined,
      daren_name: str(c?.daren_name) || str(c?.nick_name),
    };
  });
}
