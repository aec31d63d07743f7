/** Runs the migrations in order. New migrations are added to the list below, never edited after landing. */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_core.ts';

const migrations: Record<string, Migration> = {
  '0001_core': m0001,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
