/**
 * The conflict rule for text records (issue 25): tags, chat templates, products and creator notes.
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
import { AppError, notFound } from '../http/errors.ts';
import type { DB } from '../db/schema.ts';
import '../routes/conflict.messages.ts';

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

async function conflict(
  db: Kysely<DB>,
  table: TextTable,
  byUser: number,
  deleted: boolean,
): Promise<AppError> {
  const who = await db.selectFrom('users').select('member_name').where('id', '=', byUser).executeTakeFirst();
  const key = `edit_conflict_${deleted ? 'deleted' : 'changed'}_${NOUN[table]}`;
  return new AppError(40012, who?.member_name ? key : `${key}_someone`, { name: who?.member_name ?? '' });
}

/**
 * Checks an edit (`restore` true: a row another member deleted may come back when forced) or a
 * delete against its basis. Answers whether the row is deleted and is to be restored; throws 40004
 * when there is no such row (or it is gone and this is no conflict) and 40012 on a conflict.
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
  let q = db
    .selectFrom(table)
    .select(['deleted_at', 'text_version', 'text_user_id'])
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId);
  if (scope.country !== undefined && table !== 'creator_notes')
    q = (q as typeof q).where('country' as never, '=', scope.country as never);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(what);
  const by = Number(row.text_user_id);
  const otherWrote =
    basis.base_version !== undefined && Number(row.text_version) > basis.base_version && by !== scope.userId;
  if (row.deleted_at !== null) {
    if (op === 'delete' || !otherWrote) throw notFound(what);
    if (!basis.force) throw await conflict(db, table, by, true);
    return { restore: true };
  }
  if (otherWrote && !basis.force) throw await conflict(db, table, by, false);
  return { restore: false };
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
