/**
 * The tag filter driven from `creator_tags` on SQLite. At 1M creators the list's exact
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
 * PostgreSQL gets the same columns and indexes (INCLUDE for the flags): a BEFORE row trigger on
 * creator_tags, statement-level triggers with transition tables on creators (as migration 0009).
 * There a list of tags (+ flags, no name) reads them; with a name it keeps the one-pass matched set
 * of migration 0011 (trigram bitmaps hash-joined with the tag). The repository reads the columns
 * with raw SQL, so the shared schema type does not list them.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

export const FLAGS = ['is_chat', 'is_invitation', 'is_black'] as const;
/** Sort keys of the list that a tag's page reads in order from the links (their indexes below). */
export const TAG_SORT_INDEX = {
  follower_count: 'creator_tags_followers',
  add_time: 'creator_tags_added',
} as const;
export const COPIED = [...FLAGS, ...Object.keys(TAG_SORT_INDEX)];

/** The denormalised values for one link, from creator `c`, for a link of workspace `ws`. */
export const fromCreator = (c: string, ws: string) =>
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

/** PostgreSQL: the link copies on insert/update (BEFORE row trigger); creators' writes update their links per statement. */
export const pgSet = (n: string) =>
  `country = case when ${n}.deleted_at is null and ${n}.workspace_id = ct.workspace_id then ${n}.country end, ${COPIED.map((f) => `${f} = ${n}.${f}`).join(', ')}`;
const POSTGRES = [
  ...['country text', ...COPIED.map((f) => `${f} bigint`)].map(
    (c) => `alter table creator_tags add column ${c}`,
  ),
  `update creator_tags ct set ${pgSet('c')} from creators c where c.id = ct.creator_id`,
  ...Object.entries(TAG_SORT_INDEX).map(
    ([
      key,
      index,
    ]) => `create index ${index} on creator_tags (workspace_id, country, tag_id, ${key}, creator_id)
     include (${FLAGS.join(', ')}) where country is not null`,
  ),
  `create function creator_tags_copy() returns trigger language plpgsql as $$ begin
     select ${fromCreator('c', 'new.workspace_id')} into new.country, ${COPIED.map((f) => `new.${f}`).join(', ')}
       from creators c where c.id = new.creator_id;
     return new; end $$`,
  `create trigger creator_tags_copy before insert or update of workspace_id, creator_id, tag_id on creator_tags
   for each row execute function creator_tags_copy()`,
  `create function creators_tag_copy_ins() returns trigger language plpgsql as $$ begin
     update creator_tags ct set ${pgSet('n')} from new_rows n where ct.creator_id = n.id; return null; end $$`,
  `create function creators_tag_copy_upd() returns trigger language plpgsql as $$ begin
     update creator_tags ct set ${pgSet('n')} from new_rows n join old_rows o on o.id = n.id
     where ct.creator_id = n.id and (o.workspace_id is distinct from n.workspace_id or o.country is distinct from n.country
       or o.deleted_at is distinct from n.deleted_at ${COPIED.map((f) => `or o.${f} is distinct from n.${f}`).join(' ')});
     return null; end $$`,
  `create function creators_tag_copy_del() returns trigger language plpgsql as $$ begin
     update creator_tags ct set country = null, ${COPIED.map((f) => `${f} = null`).join(', ')} from old_rows o where ct.creator_id = o.id;
     return null; end $$`,
  `create trigger creators_tag_copy_ins after insert on creators referencing new table as new_rows
   for each statement execute function creators_tag_copy_ins()`,
  `create trigger creators_tag_copy_upd after update on creators referencing old table as old_rows new table as new_rows
   for each statement execute function creators_tag_copy_upd()`,
  `create trigger creators_tag_copy_del after delete on creators referencing old table as old_rows
   for each statement execute function creators_tag_copy_del()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const ddl of engineOf(db) === 'postgres' ? POSTGRES : SQLITE) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
