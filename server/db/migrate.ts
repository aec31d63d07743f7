/** Runs the migrations in order. New migrations are added to the list below, never edited after landing. */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_core.ts';
import * as m0003 from './migrations/0003_creator_list_indexes.ts';
import * as m0006 from './migrations/0006_jobs.ts';
import * as m0007 from './migrations/0007_topic_tracking.ts';
import * as m0008 from './migrations/0008_name_search.ts';
import * as m0009 from './migrations/0009_creator_counts.ts';
import * as m0010 from './migrations/0010_name_scan_index.ts';
import * as m0011 from './migrations/0011_creator_sort_id_indexes.ts';
import * as m0012 from './migrations/0012_creator_tags_workspace_index.ts';
import * as m0013 from './migrations/0013_creator_tags_country.ts';
import * as m0014 from './migrations/0014_creator_tags_copy_update.ts';
import * as m0015 from './migrations/0015_creator_names.ts';
import * as m0016 from './migrations/0016_security.ts';
import * as m0017 from './migrations/0017_jobs_owner_index.ts';
import * as m0020 from './migrations/0020_creator_workbench.ts';
import * as m0025 from './migrations/0025_live_notify.ts';
import * as m0026 from './migrations/0026_saved_views.ts';
import * as m0027 from './migrations/0027_text_versions.ts';
import * as m0028 from './migrations/0028_text_conflicts.ts';
import * as m0029 from './migrations/0029_plans.ts';
import * as m0030 from './migrations/0030_workspace_settings.ts';
import * as m0031 from './migrations/0031_orders.ts';
import * as m0032 from './migrations/0032_plan_sample_cost.ts';
import * as m0033 from './migrations/0033_sales_by_week.ts';
import * as m0034 from './migrations/0034_extension.ts';
import * as m0036 from './migrations/0036_order_imports.ts';
import * as m0040 from './migrations/0040_shop_connection.ts';
import * as m0041 from './migrations/0041_content.ts';
import * as m0042 from './migrations/0042_shop_orders_samples.ts';
import * as m0043 from './migrations/0043_shop_sample_reviews.ts';
import * as m0044 from './migrations/0044_shop_content_kinds.ts';
import * as m0045 from './migrations/0045_shop_target.ts';
import * as m0046 from './migrations/0046_orders_creator_time.ts';
import * as m0047 from './migrations/0047_plan_costs.ts';
import * as m0048 from './migrations/0048_sample_rules.ts';
import * as m0050 from './migrations/0050_ad_spend_import.ts';
import * as m0051 from './migrations/0051_plan_sample_decisions.ts';
import * as m0052 from './migrations/0052_shop_figures.ts';
import * as m0053 from './migrations/0053_creator_gpm.ts';

const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0003_creator_list_indexes': m0003,
  '0006_jobs': m0006,
  '0007_topic_tracking': m0007,
  '0008_name_search': m0008,
  '0009_creator_counts': m0009,
  '0010_name_scan_index': m0010,
  '0011_creator_sort_id_indexes': m0011,
  '0012_creator_tags_workspace_index': m0012,
  '0013_creator_tags_country': m0013,
  '0014_creator_tags_copy_update': m0014,
  '0015_creator_names': m0015,
  '0016_security': m0016,
  '0017_jobs_owner_index': m0017,
  '0020_creator_workbench': m0020,
  '0025_live_notify': m0025,
  '0026_saved_views': m0026,
  '0027_text_versions': m0027,
  '0028_text_conflicts': m0028,
  '0029_plans': m0029,
  '0030_workspace_settings': m0030,
  '0031_orders': m0031,
  '0032_plan_sample_cost': m0032,
  '0033_sales_by_week': m0033,
  '0034_extension': m0034,
  '0036_order_imports': m0036,
  '0040_shop_connection': m0040,
  '0041_content': m0041,
  '0042_shop_orders_samples': m0042,
  '0043_shop_sample_reviews': m0043,
  '0044_shop_content_kinds': m0044,
  '0045_shop_target': m0045,
  '0046_orders_creator_time': m0046,
  '0047_plan_costs': m0047,
  '0048_sample_rules': m0048,
  '0050_ad_spend_import': m0050,
  '0051_plan_sample_decisions': m0051,
  '0052_shop_figures': m0052,
  '0053_creator_gpm': m0053,
};

/** Every migration this code knows, by name. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/**
 * Runs what is pending (or only up to `upTo`) and answers the names it ran. Several processes may start together: on
 * PostgreSQL, Kysely's Migrator holds an advisory lock (pg_advisory_lock) for the whole run, in one
 * transaction, so one process migrates and the others wait, then find nothing left to do
 * (tests/reliability/concurrent-start.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>, upTo?: string): Promise<string[]> {
  // Features land in parallel with numbers reserved in advance, so a lower number may arrive later.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  // `upTo` stops after that migration: tests prove what a later one does to data made before it.
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrations this code knows that the database has not run (readiness: a process must not serve
 * before its schema is there). Ones the database ran that this code does not know are fine: a
 * newer process migrated first during a rolling upgrade, and migrations only add.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const done = await db
    .selectFrom('kysely_migration')
    .select('name')
    .execute()
    .catch(() => [] as { name: string }[]);
  const ran = new Set(done.map((r: { name: string }) => r.name));
  return MIGRATION_NAMES.filter((name) => !ran.has(name));
}
