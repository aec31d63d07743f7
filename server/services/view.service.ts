/**
 * Saved views of the Home list. Every query is scoped to the caller's workspace: a view
 * id of another workspace is 40004, as if it did not exist. Any member may save a view and the
 * whole team sees it; renaming, re-saving or deleting one is for its author or the team's admin
 * (40003 otherwise), so one member's tidy-up never removes a teammate's working view. Titles are
 * unique among the workspace's live views (40009); at most VIEWS_MAX live views per workspace.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { type SavedViewRow, type ViewAddRequest, type ViewEditRequest } from '../../contract/schemas/view.ts';
import { VIEWS_MAX } from '../../contract/limits.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { numericIds } from '../db/row-numbers.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError, conflict, forbidden } from '../domain/errors.ts';

const COLS = ['id', 'title', 'query', 'user_id', 'user_name', 'add_time', 'update_time'] as const;

/** PostgreSQL answers bigint columns as text; the wire carries numbers. */
const numeric = (row: Record<string, unknown>): SavedViewRow => numericIds(row) as SavedViewRow;

const live = (trx: Transaction<DB>, ws: number) =>
  trx.selectFrom('saved_views').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

async function requireFreeTitle(trx: Transaction<DB>, ws: number, title: string, exceptId?: number) {
  let q = live(trx, ws).select('id').where('title', '=', title);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('view_title_taken');
}

/** The view, if the caller may change it: its author, or the admin of the workspace's team. */
async function ownView(trx: Transaction<DB>, ws: number, by: Actor, id: number): Promise<void> {
  const row = await live(trx, ws).select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(40004, 'view_not_found');
  if (Number(row.user_id) === by.id) return;
  const admin = await trx
    .selectFrom('teams')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('admin_user_id', '=', by.id)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  if (!admin) throw forbidden('view_not_yours');
}

export async function addView(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: z.infer<typeof ViewAddRequest>,
): Promise<SavedViewRow> {
  // The version lock serialises the workspace's writers, so the count and the title check hold.
  const version = await nextVersion(trx, ws);
  const { n } = await live(trx, ws)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) >= VIEWS_MAX) throw new AppError(40009, 'view_limit', { max: VIEWS_MAX });
  await requireFreeTitle(trx, ws, input.title);
  const t = now();
  const row = await trx
    .insertInto('saved_views')
    .values({
      workspace_id: ws,
      version,
      deleted_at: null,
      title: input.title,
      query: input.query,
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    })
    .returning(COLS)
    .executeTakeFirstOrThrow();
  return numeric(row);
}

export async function editView(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: z.infer<typeof ViewEditRequest>,
): Promise<SavedViewRow> {
  const version = await nextVersion(trx, ws);
  await ownView(trx, ws, by, input.id);
  if (input.title !== undefined) await requireFreeTitle(trx, ws, input.title, input.id);
  const patch: { title?: string; query?: string } = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.query !== undefined) patch.query = input.query;
  const row = await trx
    .updateTable('saved_views')
    .set({ ...patch, update_time: now(), version })
    .where('workspace_id', '=', ws)
    .where('id', '=', input.id)
    .returning(COLS)
    .executeTakeFirstOrThrow();
  return numeric(row);
}

/** Soft-deletes a view (a tombstone for sync). */
export async function deleteView(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  id: number,
): Promise<{ id: number }> {
  await ownView(trx, ws, by, id);
  const version = await nextVersion(trx, ws);
  const t = now();
  await trx
    .updateTable('saved_views')
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
  return { id };
}
