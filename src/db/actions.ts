/**
 * Local-first writes (docs/decisions/local-first-engine.md). Every action records the spec's own call and its
 * optimistic effect in the outbox, in one Dexie transaction; screens reading through
 * overlay.ts (useLocalRows, the query worker) show the change at once, and the sync worker
 * sends the call later with its Idempotency-Key.
 *
 *   await editCreators(db, 'US', selected, { is_chat: 1 });          // PUT /blogger/edit
 *   await setCreatorTags(db, 'US', selected, 'add', [{ tag_id, tag_title }]); // PUT /blogger/set.tags
 *   await addRow(db, 'tags', call(API.tagsAdd, { country, title }),
 *                { country, title, add_time: now, update_time: now });     // shown with a temporary id
 *   await editRow(db, 'tags', call(API.tagsEdit, { id, country, title }), { id, title });
 *   await deleteRows(db, 'tags', call(API.tagsDel, { id, country }), [id]);
 *   await enqueue(db, call(API.planMessage, { creator_id }), effect);    // anything else
 *
 * Every call names its endpoint in contract/routes.ts (contract/api.ts without zod) and is typed by its request schema (./call.ts).
 *
 * Creators are addressed by id locally and by unique_id (`bloggers`) on the wire.
 */
import { API } from '../../contract/routes.ts';
import type { Route } from '../../contract/endpoint.ts';
import { ID_LIST_MAX, NAME_LIST_MAX } from '../../contract/constants.ts';
import type { CreatorTag, SyncRow, SyncRows } from '../../contract/sync.ts';
import { META, getMeta, type LocalDB, type LocalSession, type SmallTable } from './db.ts';
import { call, type Call, type Input } from './call.ts';
import { append } from './outbox.ts';
import type { Effect } from './outbox-types.ts';
import { tempId } from './temp-id.ts';

export class NotSignedIn extends Error {
  constructor() {
    super('no local session');
  }
}

/** The generic action: one call plus the change to show until the server answers. */
export async function enqueue(db: LocalDB, call: Call, effect?: Effect): Promise<number> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const session = await getMeta<LocalSession>(db, META.session);
    if (!session) throw new NotSignedIn();
    return append(db, session, call, effect);
  });
}

/**
 * A bulk action over more items than one call may carry (the server's ID_LIST_MAX / NAME_LIST_MAX)
 * becomes several outbox entries of at most `max` items, in order and in one
 * transaction, so a large selection is never refused for its size. Answers the last entry's seq.
 */
export async function enqueueInParts<T>(
  db: LocalDB,
  items: readonly T[],
  max: number,
  entry: (part: T[]) => { call: Call; effect?: Effect },
): Promise<number> {
  const seqs = await enqueueParts(db, items, max, entry);
  return seqs[seqs.length - 1] ?? 0;
}

/** enqueueInParts answering every entry's seq, in order (to sum what the server did with each part). */
export async function enqueueParts<T>(
  db: LocalDB,
  items: readonly T[],
  max: number,
  entry: (part: T[]) => { call: Call; effect?: Effect },
): Promise<number[]> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const seqs: number[] = [];
    for (let i = 0; i === 0 || i < items.length; i += max) {
      const { call, effect } = entry(items.slice(i, i + max));
      seqs.push(await enqueue(db, call, effect));
    }
    return seqs;
  });
}

export interface CreatorRef {
  id: number;
  unique_id: string;
}

export function editCreators(
  db: LocalDB,
  country: string,
  creators: readonly CreatorRef[],
  patch: { is_chat?: 0 | 1; is_invitation?: 0 | 1 },
): Promise<number> {
  return enqueueInParts(db, creators, NAME_LIST_MAX, (part) => {
    const body: Input<typeof API.bloggerEdit> = {
      country,
      bloggers: part.map((c) => c.unique_id),
      ...(patch.is_chat === undefined ? {} : { isChat: patch.is_chat }),
      ...(patch.is_invitation === undefined ? {} : { isInvitation: patch.is_invitation }),
    };
    return {
      call: call(API.bloggerEdit, body),
      effect: { table: 'creators', kind: 'patch', ids: part.map((c) => c.id), patch: { ...patch } },
    };
  });
}

export function setCreatorTags(
  db: LocalDB,
  country: string,
  creators: readonly CreatorRef[],
  op: 'add' | 'del',
  tags: readonly CreatorTag[],
): Promise<number> {
  return enqueueInParts(db, creators, NAME_LIST_MAX, (part) => ({
    call: call(API.bloggerSetTags, {
      country,
      bloggers: part.map((c) => c.unique_id),
      type: op,
      tagIds: tags.map((t) => t.tag_id),
    }),
    effect: { table: 'creators', kind: 'tags', ids: part.map((c) => c.id), op, tags: [...tags] },
  }));
}

/** A row made offline before the server numbers it: every column but `id` and `version`. */
export type NewRow<T extends SmallTable> = Omit<SyncRows[T], 'id' | 'version'>;

/** A row made offline: the whole row as the server will send it, shown under a temporary id. */
export function addRow<T extends SmallTable>(db: LocalDB, table: T, call: Call, row: NewRow<T>) {
  const shown = { ...row, id: tempId(), version: 0 } as SyncRows[T];
  return enqueue(db, call, { table, kind: 'upsert', row: shown });
}

export function editRow<T extends SmallTable>(
  db: LocalDB,
  table: T,
  call: Call,
  row: Partial<SyncRows[T]> & { id: number },
) {
  return enqueue(db, call, { table, kind: 'upsert', row });
}

export function deleteRows(db: LocalDB, table: SmallTable | 'creators', call: Call, ids: number[]) {
  return enqueue(db, call, { table, kind: 'delete', ids });
}

/** Deletes many rows by id, ID_LIST_MAX per call to `ep`; `body` builds one call's body from its ids. */
export function deleteRowsById<E extends Route>(
  db: LocalDB,
  table: SmallTable,
  ep: E,
  ids: readonly number[],
  body: (ids: number[]) => Input<E>,
): Promise<number> {
  return enqueueInParts(db, ids, ID_LIST_MAX, (part) => ({
    call: call(ep, body(part)),
    effect: { table, kind: 'delete', ids: part },
  }));
}

/**
 * Text records: the server refuses (40012) an edit or delete based on a version older than a
 * teammate's later write of the text, instead of overwriting it (docs/decisions/live-team.md,
 * "Conflicts on text records").
 */
const TEXT_TABLES: ReadonlySet<string> = new Set(['tags', 'chat_templates', 'products', 'creator_notes']);

/** Sends the version of the row the member started from with an edit or delete of a text record. */
export function withBasis(table: string, call: Call, row: Pick<SyncRow, 'version'>): Call {
  const { version } = row;
  if (!TEXT_TABLES.has(table) || !Number.isSafeInteger(version) || version <= 0) return call;
  return { ...call, body: { ...call.body, base_version: version } };
}
