/**
 * The conflict rule for text records: tags, chat templates, products and creator notes.
 *
 * An edit or delete may say which `version` of the row the member started from (`base_version`).
 * When another member wrote the row's text (or deleted it) after that version, the call is refused
 * with 40012 naming who did it, and nothing is written: the refused change stays on the editor's
 * device (the outbox keeps its body), where they choose to save theirs anyway (`force` 1; a row
 * another member deleted comes back with their text) or to keep the other member's (discard).
 * A member's own later writes are never a conflict with their earlier ones (two offline edits of
 * one template in a row, or the same member on two devices). Calls without `base_version` stay
 * last-writer-wins, as the spec's calls always were.
 */
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../domain/errors.ts';
import { recordEvents } from '../db/creator-events.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import '../domain/messages/conflict.messages.ts';

export type TextTable = 'tags' | 'chat_templates' | 'products' | 'creator_notes';

export interface Basis {
  base_version?: number | undefined;
  force?: number | undefined;
}

const NOUN: Record<TextTable, string> = {
  tags: 'tag',
  chat_templates: 'template',
  products: 'product',
  creator_notes: 'note',
};

async function nameOf(db: Kysely<DB>, userId: number): Promise<string> {
  const who = await db.selectFrom('users').select('member_name').where('id', '=', userId).executeTakeFirst();
  return who?.member_name ?? '';
}

async function conflict(
  db: Kysely<DB>,
  table: TextTable,
  byUser: number,
  deleted: boolean,
): Promise<AppError> {
  const name = await nameOf(db, byUser);
  const key = `edit_conflict_${deleted ? 'deleted' : 'changed'}_${NOUN[table]}`;
  return new AppError(40012, name ? key : `${key}_someone`, { name });
}

/** The column that names a record in the history (a note is named by its start). */
const TITLE: Record<TextTable, 'title' | 'product_title' | 'content'> = {
  tags: 'title',
  chat_templates: 'title',
  products: 'product_title',
  creator_notes: 'content',
};
const TITLE_MAX = 80;

interface Stored {
  deleted_at: number | null;
  text_version: number;
  text_user_id: number;
  title: string;
  creator_id: number;
}

async function readRow(
  db: Kysely<DB>,
  table: TextTable,
  scope: { workspaceId: number; country?: string | undefined },
  id: number,
): Promise<Stored | undefined> {
  const cols = ['deleted_at', 'text_version', 'text_user_id', `${TITLE[table]} as title`];
  if (table === 'creator_notes') cols.push('creator_id');
  // One query shape for four tables: the selected columns exist on each (migration 0027).
  let q = (db as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
    .selectFrom(table)
    .select(cols)
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId);
  if (scope.country !== undefined && table !== 'creator_notes') q = q.where('country', '=', scope.country);
  const row = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  return {
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    text_version: Number(row.text_version),
    text_user_id: Number(row.text_user_id),
    title: String(row.title ?? ''),
    creator_id: Number(row.creator_id ?? 0),
  };
}

/**
 * Writes a resolved conflict: the history row the sync panel lists and, for a note, a row on its
 * creator's timeline. Its own version, in the change's transaction.
 */
async function recordConflict(
  trx: Kysely<DB>,
  table: TextTable,
  scope: { workspaceId: number; userId: number },
  id: number,
  row: Stored,
  outcome: 'kept_mine' | 'restored' | 'kept_theirs',
): Promise<void> {
  const version = await nextVersion(trx, scope.workspaceId);
  const [mine, theirs] = [await nameOf(trx, scope.userId), await nameOf(trx, row.text_user_id)];
  const t = now();
  const title = row.title.length > TITLE_MAX ? `${row.title.slice(0, TITLE_MAX - 1)}…` : row.title;
  await trx
    .insertInto('text_conflicts')
    .values({
      workspace_id: scope.workspaceId,
      version,
      deleted_at: null,
      record: table,
      record_id: id,
      title,
      outcome,
      user_id: scope.userId,
      user_name: mine,
      other_user_id: row.text_user_id,
      other_name: theirs,
      add_time: t,
      update_time: t,
    })
    .execute();
  if (table === 'creator_notes' && row.creator_id > 0)
    await recordEvents(
      trx,
      scope.workspaceId,
      { id: scope.userId, name: mine },
      version,
      [row.creator_id],
      'conflict',
      `${outcome}:${theirs}`,
    );
}

const newerByOther = (row: Stored, basis: Basis, userId: number): boolean =>
  basis.base_version !== undefined && row.text_version > basis.base_version && row.text_user_id !== userId;

/**
 * Checks an edit (a row another member deleted may come back when forced) or a delete against its
 * basis. Answers whether the row is deleted and is to be restored; throws 40004 when there is no
 * such row (or it is gone and this is no conflict) and 40012 on a conflict. A forced call that
 * does write over another member's later text records the conflict as resolved ("kept mine").
 */
export async function checkBasis(
  db: Kysely<DB>,
  table: TextTable,
  scope: { workspaceId: number; userId: number; country?: string },
  id: number,
  basis: Basis,
  op: 'edit' | 'delete',
  what: string,
): Promise<{ restore: boolean }> {
  const row = await readRow(db, table, scope, id);
  if (!row) throw notFound(what);
  const otherWrote = newerByOther(row, basis, scope.userId);
  if (row.deleted_at !== null) {
    if (op === 'delete' || !otherWrote) throw notFound(what);
    if (!basis.force) throw await conflict(db, table, row.text_user_id, true);
    await recordConflict(db, table, scope, id, row, 'restored');
    return { restore: true };
  }
  if (otherWrote && !basis.force) throw await conflict(db, table, row.text_user_id, false);
  if (otherWrote) await recordConflict(db, table, scope, id, row, 'kept_mine');
  return { restore: false };
}

/**
 * "Keep theirs" (POST /conflict/keep.theirs): the member dropped their refused change. Nothing
 * changes but the history: a row when the record was indeed written by another member after the
 * basis; otherwise nothing to record (`recorded` 0).
 */
export async function keepTheirs(
  trx: Kysely<DB>,
  scope: { workspaceId: number; userId: number },
  input: { record: TextTable; id: number; base_version: number },
): Promise<{ recorded: number }> {
  const row = await readRow(trx, input.record, scope, input.id);
  if (!row) throw notFound(NOUN[input.record]);
  if (!newerByOther(row, input, scope.userId)) return { recorded: 0 };
  await recordConflict(trx, input.record, scope, input.id, row, 'kept_theirs');
  return { recorded: 1 };
}

/** The text columns of an edit: who wrote the text at which version (and back from deleted). */
export const textStamp = (version: number, userId: number, restore: boolean) => ({
  text_version: version,
  text_user_id: userId,
  ...(restore ? { deleted_at: null } : {}),
});

/** A delete writes the text columns too: a later edit based on an older version is a conflict. */
export async function stampDeleted(
  db: Kysely<DB>,
  table: TextTable,
  workspaceId: number,
  id: number,
  version: number,
  userId: number,
): Promise<void> {
  await db
    .updateTable(table as 'tags')
    .set({ text_version: version, text_user_id: userId })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/**
 * The checks and stamps every delete of a catalog text record does before its own writes: a new
 * version, the basis check (40012 over a teammate's later text) and the text stamp. Answers the
 * version the delete's writes carry.
 */
export async function guardDelete(
  trx: Kysely<DB>,
  table: 'tags' | 'chat_templates' | 'products',
  scope: { workspaceId: number; userId: number },
  input: { id: number; country: string } & Basis,
  what: string,
): Promise<number> {
  const version = await nextVersion(trx, scope.workspaceId);
  await checkBasis(trx, table, { ...scope, country: input.country }, input.id, input, 'delete', what);
  await stampDeleted(trx, table, scope.workspaceId, input.id, version, scope.userId);
  return version;
}
