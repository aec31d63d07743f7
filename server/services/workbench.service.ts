/**
 * Notes and follow-ups on one creator. Every query is scoped to the caller's
 * workspace: a row or creator id of another workspace is 40004, as if it did not exist.
 * Notes are shown to the whole team, so any member may edit or delete one (the timeline keeps
 * who wrote it first); follow-ups likewise.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  ContactEditRequest,
  ContactRow,
  FollowupAddRequest,
  FollowupEditRequest,
  FollowupRow,
  NoteAddRequest,
  NoteDelRequest,
  NoteEditRequest,
  NoteRow,
} from '../../contract/schemas/workbench.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { numericIds } from '../db/row-numbers.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { checkBasis, stampDeleted, textStamp } from './text-conflict.ts';
import { AppError } from '../domain/errors.ts';

const NOTE_COLS = ['id', 'creator_id', 'content', 'user_id', 'user_name', 'add_time', 'update_time'] as const;
const FOLLOWUP_COLS = [
  'id',
  'creator_id',
  'due_date',
  'text',
  'done_time',
  'user_id',
  'user_name',
  'add_time',
  'update_time',
] as const;

/** PostgreSQL answers bigint columns as text; the wire carries numbers. */
async function requireCreator(trx: Transaction<DB>, ws: number, creatorId: number): Promise<void> {
  const c = await trx
    .selectFrom('creators')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('id', '=', creatorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!c) throw new AppError(40004, 'creator_not_found');
}

async function liveRow(
  trx: Transaction<DB>,
  table: 'creator_notes' | 'creator_followups',
  ws: number,
  id: number,
) {
  const row = await trx
    .selectFrom(table)
    .select(['id', 'creator_id'])
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError(40004, table === 'creator_notes' ? 'note_not_found' : 'followup_not_found');
  return { id: Number(row.id), creatorId: Number(row.creator_id) };
}

export async function addNote(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: z.infer<typeof NoteAddRequest>,
): Promise<NoteRow> {
  await requireCreator(trx, ws, input.creator_id);
  const version = await nextVersion(trx, ws);
  const t = now();
  const row = await trx
    .insertInto('creator_notes')
    .values({
      workspace_id: ws,
      version,
      deleted_at: null,
      creator_id: input.creator_id,
      content: input.content,
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    })
    .returning(NOTE_COLS)
    .executeTakeFirstOrThrow();
  await recordEvents(trx, ws, by, version, [input.creator_id], 'note', input.content);
  return numericIds(row);
}

export async function editNote(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof NoteEditRequest>,
  userId = 0,
): Promise<NoteRow> {
  const { restore } = await checkBasis(
    trx,
    'creator_notes',
    { workspaceId: ws, userId },
    input.id,
    input,
    'edit',
    'note',
  );
  const version = await nextVersion(trx, ws);
  const row = await trx
    .updateTable('creator_notes')
    .set({ content: input.content, update_time: now(), version, ...textStamp(version, userId, restore) })
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .returning(NOTE_COLS)
    .executeTakeFirstOrThrow();
  return numericIds(row);
}

/**
 * The creator's contact fields: only the fields sent change, so two members filling
 * in different fields both keep theirs (the per-field rule of the flags). One new version.
 */
export async function editContact(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: z.infer<typeof ContactEditRequest>,
): Promise<ContactRow> {
  await requireCreator(trx, ws, input.id);
  const version = await nextVersion(trx, ws);
  const before = await trx
    .selectFrom('creators')
    .select(['daren_email', 'daren_phone', 'daren_socialize'])
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .executeTakeFirstOrThrow();
  const patch: { daren_email?: string; daren_phone?: string; daren_socialize?: string } = {};
  if (input.email !== undefined) patch.daren_email = input.email;
  if (input.phone !== undefined) patch.daren_phone = input.phone;
  if (input.reach !== undefined) patch.daren_socialize = input.reach;
  // The history row names the fields that changed, never their values (an address is not history).
  const changed = (
    [
      ['email', 'daren_email'],
      ['phone', 'daren_phone'],
      ['reach', 'daren_socialize'],
    ] as const
  )
    .filter(([, col]) => patch[col] !== undefined && patch[col] !== (before[col] ?? ''))
    .map(([name]) => name);
  if (changed.length > 0) await recordEvents(trx, ws, by, version, [input.id], 'contact', changed.join(','));
  const row = await trx
    .updateTable('creators')
    .set({ ...patch, update_time: now(), version })
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .returning(['id', 'daren_email', 'daren_phone', 'daren_socialize', 'update_time'])
    .executeTakeFirstOrThrow();
  return numericIds(row);
}

/** Soft-deletes one note or follow-up of the workspace (a tombstone for sync). */
async function deleteRow(
  trx: Transaction<DB>,
  table: 'creator_notes' | 'creator_followups',
  ws: number,
  id: number,
  stamped?: number,
): Promise<{ id: number }> {
  await liveRow(trx, table, ws, id);
  const version = stamped ?? (await nextVersion(trx, ws));
  const t = now();
  await trx
    .updateTable(table)
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
  return { id };
}

export async function deleteNote(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof NoteDelRequest>,
  userId = 0,
): Promise<{ id: number }> {
  await checkBasis(trx, 'creator_notes', { workspaceId: ws, userId }, input.id, input, 'delete', 'note');
  const version = await nextVersion(trx, ws);
  await stampDeleted(trx, 'creator_notes', ws, input.id, version, userId);
  return deleteRow(trx, 'creator_notes', ws, input.id, version);
}
export const deleteFollowup = (trx: Transaction<DB>, ws: number, id: number) =>
  deleteRow(trx, 'creator_followups', ws, id);

export async function addFollowup(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: z.infer<typeof FollowupAddRequest>,
): Promise<FollowupRow> {
  await requireCreator(trx, ws, input.creator_id);
  const version = await nextVersion(trx, ws);
  const t = now();
  const row = await trx
    .insertInto('creator_followups')
    .values({
      workspace_id: ws,
      version,
      deleted_at: null,
      creator_id: input.creator_id,
      due_date: input.due_date,
      text: input.text,
      done_time: 0,
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    })
    .returning(FOLLOWUP_COLS)
    .executeTakeFirstOrThrow();
  return numericIds(row);
}

export async function editFollowup(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof FollowupEditRequest>,
): Promise<FollowupRow> {
  await liveRow(trx, 'creator_followups', ws, input.id);
  const version = await nextVersion(trx, ws);
  const t = now();
  const row = await trx
    .updateTable('creator_followups')
    .set({
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      ...(input.done !== undefined ? { done_time: input.done ? t : 0 } : {}),
      update_time: t,
      version,
    })
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .returning(FOLLOWUP_COLS)
    .executeTakeFirstOrThrow();
  return numericIds(row);
}
