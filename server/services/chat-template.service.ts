/**
 * Chat message templates of a workspace, per country. The list is a plain array (the spec's
 * /chattmp/lists answers `data` as a list), newest first.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ChatTemplateAddRequest,
  ChatTemplateDelRequest,
  ChatTemplateEditRequest,
  ChatTemplateListRequest,
  ChatTemplateRow,
} from '../../contract/schemas/chat-template.ts';
import { containsCi } from '../db/catalog.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { notFound } from '../http/errors.ts';

const COLUMNS = ['id', 'country', 'title', 'content', 'add_time', 'update_time'] as const;

function live(db: Kysely<DB>, workspaceId: number, country: string) {
  return db
    .selectFrom('chat_templates')
    .where('workspace_id', '=', workspaceId)
    .where('country', '=', country)
    .where('deleted_at', 'is', null);
}

export async function listTemplates(
  db: Kysely<DB>,
  workspaceId: number,
  q: z.infer<typeof ChatTemplateListRequest>,
): Promise<ChatTemplateRow[]> {
  let base = live(db, workspaceId, q.country);
  if (q.title) base = base.where(containsCi('title', q.title));
  if (q.startTime !== undefined) base = base.where('add_time', '>=', q.startTime);
  if (q.endTime !== undefined) base = base.where('add_time', '<=', q.endTime);
  return base.select(COLUMNS).orderBy('add_time', 'desc').orderBy('id', 'desc').execute();
}

export async function addTemplate(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ChatTemplateAddRequest>,
): Promise<ChatTemplateRow> {
  const version = await nextVersion(trx, workspaceId);
  const t = now();
  return trx
    .insertInto('chat_templates')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      country: input.country,
      title: input.title,
      content: input.content,
      add_time: t,
      update_time: t,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function editTemplate(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ChatTemplateEditRequest>,
): Promise<ChatTemplateRow> {
  const version = await nextVersion(trx, workspaceId);
  const row = await live(trx, workspaceId, input.country)
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw notFound('template');
  return trx
    .updateTable('chat_templates')
    .set({ title: input.title, content: input.content, update_time: now(), version })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteTemplate(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ChatTemplateDelRequest>,
): Promise<{ id: number }> {
  const version = await nextVersion(trx, workspaceId);
  const t = now();
  const res = await trx
    .updateTable('chat_templates')
    .set({ deleted_at: t, update_time: t, version })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .where('country', '=', input.country)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound('template');
  return { id: input.id };
}
