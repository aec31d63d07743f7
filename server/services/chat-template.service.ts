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
import { addedWithin, containsCi, softDelete } from '../db/catalog.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { checkBasis, guardDelete, textStamp } from './text-conflict.ts';

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
  return addedWithin(base, q).select(COLUMNS).orderBy('add_time', 'desc').orderBy('id', 'desc').execute();
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
  userId = 0,
): Promise<ChatTemplateRow> {
  const version = await nextVersion(trx, workspaceId);
  const scope = { workspaceId, userId, country: input.country };
  const { restore } = await checkBasis(trx, 'chat_templates', scope, input.id, input, 'edit', 'template');
  return trx
    .updateTable('chat_templates')
    .set({
      title: input.title,
      content: input.content,
      update_time: now(),
      version,
      ...textStamp(version, userId, restore),
    })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteTemplate(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof ChatTemplateDelRequest>,
  userId = 0,
): Promise<{ id: number }> {
  const version = await guardDelete(trx, 'chat_templates', { workspaceId, userId }, input, 'template');
  return softDelete(trx, 'chat_templates', workspaceId, input, 'template', version);
}
