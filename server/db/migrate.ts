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
import * as m0017 from './migrations/0017_jobs_owner_index.ts';

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
  '0017_jobs_owner_index': m0017,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>): Promise<void> {
  // Features land in parallel with numbers reserved in advance, so a lower number may arrive later.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
