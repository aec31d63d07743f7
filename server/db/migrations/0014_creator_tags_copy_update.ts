/**
 * PostgreSQL: the statement trigger of migration 0013 that rewrites a creator's tag links after an
 * UPDATE of creators joined `new_rows` with `old_rows` to find changed creators. Transition tables
 * have no statistics; the join ran as a nested loop, and one UPDATE of 10k tagged creators at 1M took
 * 8.0 s instead of 3.0 s. The trigger now compares each link's current copy with the new row (no
 * old_rows): 2.4 s for the same UPDATE, and a link is only rewritten when its copy differs.
 * SQLite's row triggers are unchanged.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';
import { COPIED, fromCreator, pgSet } from './0013_creator_tags_country.ts';

const POSTGRES = [
  `create or replace function creators_tag_copy_upd() returns trigger language plpgsql as $$ begin
     update creator_tags ct set ${pgSet('n')} from new_rows n
     where ct.creator_id = n.id and (ct.country, ${COPIED.map((f) => `ct.${f}`).join(', ')})
       is distinct from (${fromCreator('n', 'ct.workspace_id')});
     return null; end $$`,
  'drop trigger creators_tag_copy_upd on creators',
  `create trigger creators_tag_copy_upd after update on creators referencing new table as new_rows
   for each statement execute function creators_tag_copy_upd()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const ddl of POSTGRES) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
