/**
 * Name searches of 1–2 characters on SQLite. Trigrams (migration 0008) cannot answer
 * them, so they stay `lower(col) like '%x%'` over every creator of the country; this index holds
 * exactly the columns that filter reads, so SQLite counts and filters from the index alone instead
 * of looking up each creator's full row (about 5× less work for the count at 100k creators).
 * The index is partial on a condition no other query states (`country <> ''`, true for every
 * list, whose country is required), so SQLite can use it only where the repository states that
 * term and names the index (INDEXED BY): the count of a short name search. Without the marker
 * SQLite (no statistics) preferred it for every list page, sorting the whole country instead of
 * walking the sort index; with it, but unnamed, it still picked the narrower creators_black.
 * PostgreSQL does not get it: a btree entry there is limited to about 2.7 kB, and names are not
 * length-limited, so an insert with long names could fail.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/** The partial-index condition a query states to opt into creators_names. */
export const NAME_SCAN_MARKER = "country <> ''";
export const NAME_SCAN_INDEX = 'creators_names';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`create index ${sql.raw(NAME_SCAN_INDEX)} on creators (workspace_id, country, unique_id, daren_name, nick_name) where deleted_at is null and ${sql.raw(NAME_SCAN_MARKER)}`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
