/**
 * PostgreSQL: the two list sort indexes again, now ending in id. The list orders by
 * (sort key, id); with id in the index PostgreSQL reads a page in index order without an
 * incremental sort, and a narrowed list (name, tag…) can read the id and sort key of every
 * creator of the country from the index alone (index-only scan) to join them with the tag's
 * creators, instead of visiting each creator's row; and the tag's creators come from an index
 * that also holds the workspace. SQLite already keeps the rowid in every index.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

const POSTGRES = [
  'create index creators_followers_id on creators (workspace_id, country, follower_count desc, id desc) where deleted_at is null',
  'create index creators_added_id on creators (workspace_id, country, add_time desc, id desc) where deleted_at is null',
  // The tag filter's creators (tag_id in …, workspace_id = …) from the index alone.
  'create index creator_tags_tag_ws on creator_tags (tag_id, workspace_id, creator_id)',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const ddl of POSTGRES) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
