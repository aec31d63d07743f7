/**
 * Tags of a workspace, per country. Titles are unique among live tags of one country (exact,
 * after trimming). Deleting a tag also takes it off every creator that carried it and bumps
 * those creators' versions, so sync tells clients the creators' tag lists changed.
 *
 * Writes call nextVersion first: on PostgreSQL that locks the workspace row, so two concurrent
 * adds of one title in a workspace run one after the other and the duplicate check holds.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  TagAddRequest,
  TagDelRequest,
  TagEditRequest,
  TagListRequest,
  TagRow,
} from '../../contract/schemas/tag.ts';
import { assertUnique, containsCi, addedWithin, pageOf, softDelete } from '../db/catalog.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { checkBasis, guardDelete, textStamp } from './text-conflict.ts';

const COLUMNS = ['id', 'country', 'title', 'add_time', 'update_time'] as const;

function live(db: Kysely<DB>, workspaceId: number, country: string) {
  return db
    .selectFrom('tags')
    .where('workspace_id', '=', workspaceId)
    .where('country', '=', country)
    .where('deleted_at', 'is', null);
}

export async function listTags(db: Kysely<DB>, workspaceId: number, q: z.infer<typeof TagListRequest>) {
  let base = live(db, workspaceId, q.country);
  if (q.title) base = base.where(containsCi('title', q.title));
  return pageOf(addedWithin(base, q), q, (qb) =>
    qb.select(COLUMNS).orderBy('add_time', 'desc').orderBy('id', 'desc'),
  );
}

const assertTitleFree = (db: Kysely<DB>, workspaceId: number, country: string, title: string, except = 0) =>
  assertUnique(db, 'tags', { workspaceId, country, except }, 'title', title, 'tag_duplicate');

export async function addTag(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof TagAddRequest>,
): Promise<TagRow> {
  const version = await nextVersion(trx, workspaceId);
  await assertTitleFree(trx, workspaceId, input.country, input.title);
  const t = now();
  return trx
    .insertInto('tags')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      country: input.country,
      title: input.title,
      add_time: t,
      update_time: t,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function editTag(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof TagEditRequest>,
  userId = 0,
): Promise<TagRow> {
  const version = await nextVersion(trx, workspaceId);
  const scope = { workspaceId, userId, country: input.country };
  const { restore } = await checkBasis(trx, 'tags', scope, input.id, input, 'edit', 'tag');
  await assertTitleFree(trx, workspaceId, input.country, input.title, input.id);
  return trx
    .updateTable('tags')
    .set({ title: input.title, update_time: now(), version, ...textStamp(version, userId, restore) })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteTag(
  trx: Kysely<DB>,
  workspaceId: number,
  input: z.infer<typeof TagDelRequest>,
  userId = 0,
): Promise<{ id: number }> {
  const version = await guardDelete(trx, 'tags', { workspaceId, userId }, input, 'tag');
  const t = now();
  // Creators first (they are found through creator_tags), then the links, then the tag itself.
  await trx
    .updateTable('creators')
    .set({ version, update_time: t })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('creator_tags')
        .select('creator_id')
        .where('tag_id', '=', input.id)
        .where('workspace_id', '=', workspaceId),
    )
    .execute();
  await trx
    .deleteFrom('creator_tags')
    .where('tag_id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .execute();
  return softDelete(trx, 'tags', workspaceId, input, 'tag', version);
}
