/**
 * Substring search on creator names (the list's `name` filter over unique_id, daren_name and
 * nick_name) without reading every creator of the country.
 * - SQLite: an external-content FTS5 table with the trigram tokenizer (case-insensitive), kept in
 *   step with `creators` by triggers; the repository asks it for rowids when the search has at
 *   least 3 characters (trigrams cannot answer shorter ones; those keep the LIKE scan).
 * - PostgreSQL: pg_trgm GIN indexes on lower(column), which serve the unchanged
 *   `lower(col) like '%x%'` filter directly.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

export const NAME_FTS = 'creators_name_fts';
const COLS = ['unique_id', 'daren_name', 'nick_name'] as const;

const SQLITE = [
  `create virtual table ${NAME_FTS} using fts5(${COLS.join(', ')}, content='creators', content_rowid='id', tokenize='trigram')`,
  `create trigger creators_name_fts_ai after insert on creators begin
     insert into ${NAME_FTS}(rowid, ${COLS.join(', ')}) values (new.id, ${COLS.map((c) => `new.${c}`).join(', ')});
   end`,
  `create trigger creators_name_fts_ad after delete on creators begin
     insert into ${NAME_FTS}(${NAME_FTS}, rowid, ${COLS.join(', ')}) values ('delete', old.id, ${COLS.map((c) => `old.${c}`).join(', ')});
   end`,
  `create trigger creators_name_fts_au after update of ${COLS.join(', ')} on creators begin
     insert into ${NAME_FTS}(${NAME_FTS}, rowid, ${COLS.join(', ')}) values ('delete', old.id, ${COLS.map((c) => `old.${c}`).join(', ')});
     insert into ${NAME_FTS}(rowid, ${COLS.join(', ')}) values (new.id, ${COLS.map((c) => `new.${c}`).join(', ')});
   end`,
  `insert into ${NAME_FTS}(${NAME_FTS}) values ('rebuild')`,
];

const POSTGRES = [
  'create extension if not exists pg_trgm',
  ...COLS.map(
    (c) => `create index if not exists creators_${c}_trgm on creators using gin (lower(${c}) gin_trgm_ops)`,
  ),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const ddl of engineOf(db) === 'postgres' ? POSTGRES : SQLITE) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
