/**
 * The caller's own export jobs, newest first (Home's job list, POST
 * /blogger/download.lists): `jobs (workspace_id, user_id, kind, id)` answers it from one index
 * range instead of scanning every workspace's jobs.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists jobs_owner on jobs (workspace_id, user_id, kind, id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
