/**
 * The tag filter's creators from one index on SQLite too: `creator_tags (tag_id,
 * workspace_id, creator_id)` answers `tag_id in (…) and workspace_id = …` without a table lookup
 * per link (79k lookups for the most used tag at 1M creators). PostgreSQL got the same index in
 * 0011; `if not exists` leaves it alone there.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists creator_tags_tag_ws on creator_tags (tag_id, workspace_id, creator_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
