/**
 * Writes of the creator workbench, all through the outbox (src/db/actions.ts): they work offline,
 * show at once and are sent as /creator/* calls later. A note or follow-up added offline has a
 * temporary negative id until the server's copy arrives; edits of it wait (catalog's rule).
 */
import { API } from '../../../contract/routes.ts';
import type { CreatorRow, CreatorTag, RowOf } from '../../../contract/sync.ts';
import { addRow, deleteRows, editRow, enqueue, withBasis } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { toast } from '../../ui/toast-queue.ts';
import { markCreators, tagCreators } from '../creators/creator-actions.ts';
import { record } from '../sync/outcome.ts';
import { isPending } from '../../db/temp-id.ts';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Author fields of a row shown before the server's copy: the server fills in the real ones. */
const byMe = (t: number) => ({ user_id: 0, user_name: '', add_time: t, update_time: t });

export function addNote(creatorId: number, content: string): Promise<boolean> {
  const add = call(API.noteAdd, { creator_id: creatorId, content });
  return record(
    () => addRow(localDb, 'creator_notes', add, { creator_id: creatorId, content, ...byMe(nowSeconds()) }),
    m.workbench_note_saved(),
  );
}

function waitsForServer(row: { id: number }): boolean {
  if (!isPending(row)) return false;
  toast.info(m.catalog_still_saving());
  return true;
}

export async function deleteNote(row: RowOf<'creator_notes'>): Promise<boolean> {
  if (waitsForServer(row)) return false;
  const del = withBasis('creator_notes', call(API.noteDel, { id: row.id }), row);
  return record(() => deleteRows(localDb, 'creator_notes', del, [row.id]), m.workbench_note_deleted());
}

/** A new text for a note (any member may edit one; the author shown becomes the editor's). */
export async function editNote(row: RowOf<'creator_notes'>, content: string): Promise<boolean> {
  if (waitsForServer(row)) return false;
  const edit = withBasis('creator_notes', call(API.noteEdit, { id: row.id, content }), row);
  return record(
    () => editRow(localDb, 'creator_notes', edit, { id: row.id, content, update_time: nowSeconds() }),
    m.workbench_note_saved(),
  );
}

export function addFollowup(creatorId: number, dueDate: string, text: string): Promise<boolean> {
  const body = { creator_id: creatorId, due_date: dueDate, text };
  return record(
    () =>
      addRow(localDb, 'creator_followups', call(API.followupAdd, body), {
        ...body,
        done_time: 0,
        ...byMe(nowSeconds()),
      }),
    m.workbench_followup_saved(),
  );
}

/** Done (or open again), or a new due day (snooze). */
export async function editFollowup(
  row: RowOf<'creator_followups'>,
  patch: { done?: 0 | 1; due_date?: string },
): Promise<boolean> {
  if (waitsForServer(row)) return false;
  const t = nowSeconds();
  const edit = call(API.followupEdit, { id: row.id, ...patch });
  const shown: Partial<RowOf<'creator_followups'>> & { id: number } = { id: row.id, update_time: t };
  if (patch.due_date !== undefined) shown.due_date = patch.due_date;
  if (patch.done !== undefined) shown.done_time = patch.done ? t : 0;
  return record(() => editRow(localDb, 'creator_followups', edit, shown), m.workbench_followup_updated());
}

/** The contact fields of a creator (email, WhatsApp or phone, how to reach them): shown at once, sent later. */
export function editContact(
  creator: { id: number; country: string },
  fields: { email: string; phone: string; reach: string },
): Promise<boolean> {
  const edit = call(API.contactEdit, { id: creator.id, ...fields });
  const patch = { daren_email: fields.email, daren_phone: fields.phone, daren_socialize: fields.reach };
  return record(
    () => enqueue(localDb, edit, { table: 'creators', kind: 'patch', ids: [creator.id], patch }),
    m.workbench_contact_saved(),
  );
}

/** The header's chatted / invited switch: the same call as Home's status edit, for one creator. */
export const flipCreatorFlag = (c: CreatorRow, key: 'is_chat' | 'is_invitation'): Promise<boolean> =>
  record(
    () => markCreators(c.country, [{ id: c.id, unique_id: c.unique_id }], { [key]: c[key] > 0 ? 0 : 1 }),
    m.workbench_saved(),
  );

/** The header adds a tag to the creator or takes one off. */
export const tagCreator = (c: CreatorRow, op: 'add' | 'del', t: CreatorTag): Promise<boolean> =>
  record(() => tagCreators(c.country, [{ id: c.id, unique_id: c.unique_id }], op, [t]), m.workbench_saved());
