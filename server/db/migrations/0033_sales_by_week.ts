/**
 * Sales by week (for the plans' chart of GMV per week): `creator_sales` rows are kept per creator,
 * TikTok product and week (Monday 00:00 UTC of the lines' time; 0 for lines without one). Existing
 * rows get week 0 until their creator's next import sums them again by week.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('creator_sales')
    .addColumn('week', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`drop index creator_sales_key`.execute(db);
  await sql`create unique index creator_sales_key on creator_sales (workspace_id, creator_id, product_id, week)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
