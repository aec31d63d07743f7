/**
 * The tag filter driven from `creator_tags` on SQLite (issue 11). At 1M creators the list's exact
 * count of "has any of these tags" scanned the country's 333k index entries and probed each against
 * the tag's creator ids (125–400 ms). Each link now carries its creator's live country and flags:
 * - `country`: the creator's country while it is live (deleted_at is null, same workspace), else
 *   null; `is_chat`, `is_invitation`, `is_black`: its flags; `follower_count`, `add_time`: the two
 *   sort keys with a country index on creators.
 * - indexes `creator_tags_followers` / `creator_tags_added` (workspace_id, country, tag_id, sort
 *   key, creator_id, flags…), partial on `country is not null`: a country's links of a tag, with
 *   the flags, from the index alone (the 79k links of the most used tag are counted in ~7 ms), and
 *   for one tag already in page order (ties by creator id, as the list breaks them).
 *   A walk of the creators' follower index probing each for the tag was tried and dropped: the
 *   seeded tag's creators all have < 10k followers, so the walk read most of the country first.
 * Triggers keep the columns right: a new or re-pointed link copies them from its creator; a change
 * of a creator's workspace, country, flags or deleted_at (soft delete, restore) rewrites its links;
 * a creator's insert and hard delete too (links never outlive a creator in the app, but a stale
 * link must not count). Existing links are backfilled here.
 *
 * PostgreSQL keeps its plan (hash join of `creator_tags_tag_ws` with the country's index in one
 * matched set, migration 0011): no columns there. The repository reads them with raw SQL on SQLite
 * only, so the shared schema type does not list them.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

const FLAGS = ['is_chat', 'is_invitation', 'is_black'] as const;
/** Sort keys of the list that a tag's page reads in order from the links (their indexes below). */
export const TAG_SORT_INDEX = {
  follower_count: 'creator_tags_followers',
  add_time: 'creator_tags_added',
} as const;
const COPIED = [...FLAGS, ...Object.keys(TAG_SORT_INDEX)];

/** The denormalised values for one link, from creator `c`, for a link of workspace `ws`. */
const fromCreator = (c: string, ws: string) =>
  `case when ${c}.deleted_at is null and ${c}.workspace_id = ${ws} then ${c}.country end, ${COPIED.map((f) => `${c}.${f}`).join(', ')}`;
const COLS = `(country, ${COPIED.join(', ')})`;
const REFRESH_LINK = (creatorId: string, where: string) =>
  `update creator_tags set ${COLS} = (select ${fromCreator('c', 'creator_tags.workspace_id')} from creators c where c.id = ${creatorId})
   where ${where}`;

const SQLITE = [
  'alter table creator_tags add column country text',
  ...COPIED.map((f) => `alter table creator_tags add column ${f} bigint`),
  REFRESH_LINK('creator_tags.creator_id', '1'),
  ...Object.entries(TAG_SORT_INDEX).map(
    ([
      key,
      index,
    ]) => `create index ${index} on creator_tags (workspace_id, country, tag_id, ${key}, creator_id, ${FLAGS.join(', ')})
     where country is not null`,
  ),
  // A creator that does not exist leaves the link at null (every copied column).
  `create trigger creator_tags_country_ai after insert on creator_tags begin
     ${REFRESH_LINK('new.creator_id', 'creator_id = new.creator_id and tag_id = new.tag_id')};
   end`,
  `create trigger creator_tags_country_au after update of workspace_id, creator_id, tag_id on creator_tags begin
     ${REFRESH_LINK('new.creator_id', 'creator_id = new.creator_id and tag_id = new.tag_id')};
   end`,
  `create trigger creators_tag_country_au after update of workspace_id, country, deleted_at, ${COPIED.join(', ')} on creators
   when (old.workspace_id is not new.workspace_id or old.country is not new.country or old.deleted_at is not new.deleted_at
     ${COPIED.map((f) => `or old.${f} is not new.${f}`).join(' ')}) begin
     update creator_tags set ${COLS} = (select ${fromCreator('new', 'creator_tags.workspace_id')}) where creator_id = new.id;
   end`,
  `create trigger creators_tag_country_ai after insert on creators begin
     update creator_tags set ${COLS} = (select ${fromCreator('new', 'creator_tags.workspace_id')}) where creator_id = new.id;
   end`,
  `create trigger creators_tag_country_ad after delete on creators begin
     update creator_tags set ${COLS} = (select null, ${COPIED.map(() => 'null').join(', ')}) where creator_id = old.id;
   end`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const ddl of SQLITE) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
