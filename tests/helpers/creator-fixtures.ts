/** Test data for the creator suites: direct inserts into a test app's database. */
import type { TestApp } from './test-app.ts';
import { blankCreator } from '../../server/db/creator.repository.ts';
import type { NewCreator } from '../../server/db/schema.ts';

export async function insertCreator(
  t: TestApp,
  ws: number,
  unique_id: string,
  fields: Partial<NewCreator> = {},
): Promise<number> {
  const base = blankCreator(ws, fields.country ?? 'US', unique_id, 1, fields.add_time ?? 1_700_000_000);
  const row = await t.database.db
    .insertInto('creators')
    .values({ ...base, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertTag(t: TestApp, ws: number, title: string, country = 'US'): Promise<number> {
  const row = await t.database.db
    .insertInto('tags')
    .values({ workspace_id: ws, version: 1, deleted_at: null, country, title, add_time: 1, update_time: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function linkTag(t: TestApp, ws: number, creatorId: number, tagId: number): Promise<void> {
  await t.database.db
    .insertInto('creator_tags')
    .values({ workspace_id: ws, creator_id: creatorId, tag_id: tagId })
    .execute();
}

/** The creator row as stored (version, flags …), by workspace + unique_id. */
export async function storedCreator(t: TestApp, ws: number, unique_id: string, country = 'US') {
  return t.database.db
    .selectFrom('creators')
    .selectAll()
    .where('workspace_id', '=', ws)
    .where('country', '=', country)
    .where('unique_id', '=', unique_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function workspaceVersion(t: TestApp, ws: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('workspaces')
    .select('version_seq')
    .where('id', '=', ws)
    .executeTakeFirstOrThrow();
  return Number(row.version_seq);
}

export const LONG = 'x'.repeat(10_001);
