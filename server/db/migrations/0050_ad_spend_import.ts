/**
 * Ad spend imported from a file (docs/decisions/plans.md, "Ad spend from a file"):
 * `plan_costs.import_key` names what an imported ad-spend line stands for in its plan, `ad|<content
 * record id>|<day>|<channel>|<campaign, lower case>` ('' for lines entered by hand), so importing the
 * same file again finds its lines instead of adding them twice. The unique index holds that across
 * processes too: one live line per plan and key.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plan_costs')
    .addColumn('import_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index plan_costs_import on plan_costs (workspace_id, plan_id, import_key) where import_key <> '' and deleted_at is null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
