/**
 * History rows of creators: the change paths (flags, tags, blacklist, invitations,
 * notes) call `recordEvents` in their own transaction with the version they stamped, so a
 * change and its history row reach clients on the same sync page.
 */
import type { EventKind } from '../../contract/schemas/workbench.ts';
import { chunks, type Db } from './creator.repository.ts';
import { now } from './versioning.ts';

/** Who made a change: stored with each row so the timeline needs no member lookup. */
export interface Actor {
  id: number;
  name: string;
}

/** `detail` is cut to this many characters (a note's first words, a list of tag titles). */
export const EVENT_DETAIL_MAX = 200;

export async function recordEvents(
  trx: Db,
  ws: number,
  by: Actor | undefined,
  version: number,
  creatorIds: readonly number[],
  kind: EventKind,
  detail = '',
): Promise<void> {
  // Callers without a person (seed, import) write no history.
  if (!by || creatorIds.length === 0) return;
  const t = now();
  const cut = detail.length > EVENT_DETAIL_MAX ? `${detail.slice(0, EVENT_DETAIL_MAX - 1)}…` : detail;
  for (const part of chunks([...new Set(creatorIds)], 200))
    await trx
      .insertInto('creator_events')
      .values(
        part.map((creator_id) => ({
          workspace_id: ws,
          version,
          deleted_at: null,
          creator_id,
          kind,
          detail: cut,
          user_id: by.id,
          user_name: by.name,
          add_time: t,
        })),
      )
      .execute();
}
