/**
 * Name search without the creators' heap on PostgreSQL. At 1M creators a list with a name
 * read the matching creators' rows to recheck the trigram matches (the name "ann": 23k matches on
 * ~22k of the table's 48k pages, 150–190 ms; a 2-character name, which trigrams cannot answer, read
 * the whole country: 50k pages, 530 ms), and name + is_chat + tag rechecked 7k creators (60–80 ms).
 * Two narrow copies of the lowercased names now answer those lists, kept by triggers:
 * - `creator_tags.names`: each tag link also carries its creator's names (lower(unique_id),
 *   lower(daren_name), lower(nick_name) joined by a newline), and `creator_tags_followers` includes
 *   them: a tag list with a name (+ flags) is counted and paged from that index alone (the tag's 79k
 *   entries, ~1.2k buffers), as migration 0013 does for a tag list without a name.
 * - `creator_names`: one row per creator with its live country (null once soft-deleted), flags, the
 *   two indexed sort keys and the same names; a btree on (workspace_id, country, follower_count,
 *   creator_id) including the rest (index-only scans for 1–2 character names), and a trigram GIN on
 *   (workspace_id, country, names) through btree_gin (3+ characters: only the country's matches are
 *   rechecked, in a table of ~130 bytes a row instead of ~400).
 * The repository matches `names like '%x%'`, which equals the old `lower(col) like '%x%'` on any of
 * the three columns as long as x has no newline (a search with one keeps the old query).
 * Writes: statement-level triggers with transition tables on creators (as migrations 0009 and 0014):
 * an insert adds the creators' rows, an update rewrites the rows whose copy differs, a delete removes
 * them; the link trigger functions of 0013/0014 copy the names too.
 * SQLite is unchanged: its FTS5 trigram table (migration 0008) holds only rowids, and its lists met
 * their targets (docs/benchmarks-server.md).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';
import { COPIED, FLAGS, TAG_SORT_INDEX, fromCreator, pgSet } from './0013_creator_tags_country.ts';

/** The searched names of creator `c`, lowercased and joined by a newline (no search term holds one). */
export const NAMES = (c: string) =>
  `concat_ws(E'\\n', lower(${c}.unique_id), lower(${c}.daren_name), lower(${c}.nick_name))`;
export const NAMES_TABLE = 'creator_names';
/** The narrow table's sort keys (the list's other keys read creators). */
export const NAME_SORT_KEYS = ['follower_count', 'add_time'] as const;

const ROW = (c: string) =>
  `${c}.id, ${c}.workspace_id, case when ${c}.deleted_at is null then ${c}.country end, ${[
    ...FLAGS,
    ...NAME_SORT_KEYS,
  ]
    .map((f) => `${c}.${f}`)
    .join(', ')}, ${NAMES(c)}`;
const ROW_COLS = `creator_id, workspace_id, country, ${[...FLAGS, ...NAME_SORT_KEYS].join(', ')}, names`;

const POSTGRES = [
  'create extension if not exists pg_trgm',
  'create extension if not exists btree_gin',
  // The links' copy.
  'alter table creator_tags add column names text',
  `update creator_tags ct set names = ${NAMES('c')} from creators c where c.id = ct.creator_id`,
  `drop index ${TAG_SORT_INDEX.follower_count}`,
  `create index ${TAG_SORT_INDEX.follower_count} on creator_tags (workspace_id, country, tag_id, follower_count, creator_id)
     include (${FLAGS.join(', ')}, names) where country is not null`,
  `create or replace function creator_tags_copy() returns trigger language plpgsql as $$ begin
     select ${fromCreator('c', 'new.workspace_id')}, ${NAMES('c')}
       into new.country, ${COPIED.map((f) => `new.${f}`).join(', ')}, new.names
       from creators c where c.id = new.creator_id;
     return new; end $$`,
  `create or replace function creators_tag_copy_ins() returns trigger language plpgsql as $$ begin
     update creator_tags ct set ${pgSet('n')}, names = ${NAMES('n')} from new_rows n where ct.creator_id = n.id;
     return null; end $$`,
  `create or replace function creators_tag_copy_upd() returns trigger language plpgsql as $$ begin
     update creator_tags ct set ${pgSet('n')}, names = ${NAMES('n')} from new_rows n
     where ct.creator_id = n.id and (ct.country, ${COPIED.map((f) => `ct.${f}`).join(', ')}, ct.names)
       is distinct from (${fromCreator('n', 'ct.workspace_id')}, ${NAMES('n')});
     return null; end $$`,
  `create or replace function creators_tag_copy_del() returns trigger language plpgsql as $$ begin
     update creator_tags ct set country = null, ${COPIED.map((f) => `${f} = null`).join(', ')}, names = null
       from old_rows o where ct.creator_id = o.id;
     return null; end $$`,
  // The creators' copy.
  `create table ${NAMES_TABLE} (
     creator_id bigint primary key, workspace_id bigint not null, country text,
     ${[...FLAGS, ...NAME_SORT_KEYS].map((f) => `${f} bigint not null`).join(', ')}, names text not null)`,
  `insert into ${NAMES_TABLE} (${ROW_COLS}) select ${ROW('c')} from creators c`,
  `create index creator_names_followers on ${NAMES_TABLE} (workspace_id, country, follower_count, creator_id)
     include (${FLAGS.join(', ')}, add_time, names) where country is not null`,
  `create index creator_names_trgm on ${NAMES_TABLE} using gin (workspace_id, country, names gin_trgm_ops)
     where country is not null`,
  `create function creator_names_ins() returns trigger language plpgsql as $$ begin
     insert into ${NAMES_TABLE} (${ROW_COLS}) select ${ROW('n')} from new_rows n;
     return null; end $$`,
  `create function creator_names_upd() returns trigger language plpgsql as $$ begin
     update ${NAMES_TABLE} cn set (${ROW_COLS}) = (select ${ROW('n')}) from new_rows n
     where cn.creator_id = n.id and (${ROW_COLS.split(', ')
       .map((c) => `cn.${c}`)
       .join(', ')}) is distinct from (${ROW('n')});
     return null; end $$`,
  `create function creator_names_del() returns trigger language plpgsql as $$ begin
     delete from ${NAMES_TABLE} cn using old_rows o where cn.creator_id = o.id;
     return null; end $$`,
  `create trigger creator_names_ins after insert on creators referencing new table as new_rows
   for each statement execute function creator_names_ins()`,
  `create trigger creator_names_upd after update on creators referencing new table as new_rows
   for each statement execute function creator_names_upd()`,
  `create trigger creator_names_del after delete on creators referencing old table as old_rows
   for each statement execute function creator_names_del()`,
  `analyze ${NAMES_TABLE}`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const ddl of POSTGRES) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
