/**
 * Conflicts on text records: the version and the member of the last write of a tag's,
 * chat template's, product's or note's text (add, edit, delete). An edit based on an older version
 * than `text_version`, by another member than `text_user_id`, is refused (40012) instead of
 * overwriting. Apart from `version` because a row's version also moves for changes no member
 * made to its text. Existing rows start at 0: their next edit is never a conflict.
 */
import type { Kysely } from 'kysely';

const TABLES = ['tags', 'chat_templates', 'products', 'creator_notes'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    await db.schema
      .alterTable(t)
      .addColumn('text_version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(t)
      .addColumn('text_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
