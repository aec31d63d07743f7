/**
 * Exact creator counts without counting. The creator list answers `count` with every
 * page; at 1M creators an exact `count(*)` over a country's ~330k rows costs PostgreSQL 50–100 ms
 * even as an index-only scan. `creator_counts` keeps, per workspace, country and flag combination
 * (is_chat, is_invitation, is_black), how many live creators (deleted_at is null) there are, so a
 * list filtered only by country and flags sums at most 8 rows instead.
 * - PostgreSQL: statement-level triggers with transition tables (one upsert per statement, so a
 *   bulk insert of 1,000 creators costs one grouped upsert). Writers of a workspace already queue
 *   on its version row (nextVersion), so the counter rows add no new lock order.
 * - SQLite: row-level triggers; the UPDATE trigger fires only when a counted column changes.
 * The table is backfilled from the creators present when the migration runs.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

export const KEY = ['workspace_id', 'country', 'is_chat', 'is_invitation', 'is_black'] as const;
const key = KEY.join(', ');

const TABLE = `create table creator_counts (
  workspace_id bigint not null, country text not null, is_chat bigint not null,
  is_invitation bigint not null, is_black bigint not null, n bigint not null,
  primary key (${key}))`;
const BACKFILL = `insert into creator_counts (${key}, n)
  select ${key}, count(*) from creators where deleted_at is null group by ${key}`;

/** Adds the grouped deltas of `source` (rows of ${key}, d) to the counters, in key order. */
const PG_APPLY = (source: string) => `
  insert into creator_counts as c (${key}, n)
  select ${key}, sum(d) from (${source}) s group by ${key} having sum(d) <> 0 order by ${key}
  on conflict (${key}) do update set n = c.n + excluded.n`;
const live = (table: string, d: number) => `select ${key}, ${d} as d from ${table} where deleted_at is null`;

const POSTGRES = [
  TABLE,
  `create function creator_counts_ins() returns trigger language plpgsql as $$
   begin ${PG_APPLY(live('new_rows', 1))}; return null; end $$`,
  `create function creator_counts_del() returns trigger language plpgsql as $$
   begin ${PG_APPLY(live('old_rows', -1))}; return null; end $$`,
  `create function creator_counts_upd() returns trigger language plpgsql as $$
   begin ${PG_APPLY(`${live('new_rows', 1)} union all ${live('old_rows', -1)}`)}; return null; end $$`,
  `create trigger creator_counts_ins after insert on creators referencing new table as new_rows
   for each statement execute function creator_counts_ins()`,
  `create trigger creator_counts_del after delete on creators referencing old table as old_rows
   for each statement execute function creator_counts_del()`,
  `create trigger creator_counts_upd after update on creators referencing old table as old_rows new table as new_rows
   for each statement execute function creator_counts_upd()`,
  BACKFILL,
];

const sqliteAdd = (row: 'new' | 'old', d: number) => `
  insert into creator_counts (${key}, n)
  select ${KEY.map((c) => `${row}.${c}`).join(', ')}, ${d} where ${row}.deleted_at is null
  on conflict (${key}) do update set n = n + ${d};`;
const changed = KEY.map((c) => `old.${c} is not new.${c}`).join(' or ');

const SQLITE = [
  TABLE,
  `create trigger creator_counts_ai after insert on creators when new.deleted_at is null begin ${sqliteAdd('new', 1)} end`,
  `create trigger creator_counts_ad after delete on creators when old.deleted_at is null begin ${sqliteAdd('old', -1)} end`,
  `create trigger creator_counts_au after update of ${key}, deleted_at on creators
   when (${changed} or old.deleted_at is not new.deleted_at) begin ${sqliteAdd('old', -1)} ${sqliteAdd('new', 1)} end`,
  BACKFILL,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const ddl of engineOf(db) === 'postgres' ? POSTGRES : SQLITE) await sql.raw(ddl).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
