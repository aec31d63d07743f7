/**
 * PostgreSQL's own tools for `npm run backup` / `npm run restore`: pg_dump (custom format) and
 * pg_restore from the postgresql-client package, plus the checks restore makes first. The password
 * goes to the tools through PGPASSWORD, never on their command line (other users can read that).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

/** The server's pool names itself so (server/main.ts); restore refuses while one is connected. */
export const SERVER_APP_NAME = 'creatordesk-server';

function libpqArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(tool, args, { env, encoding: 'utf8' });
  if (r.error) throw new Error(`${tool} could not run (${r.error.message}): install postgresql-client`);
  if (r.status !== 0) throw new Error(`${tool} failed (exit ${r.status}): ${r.stderr.trim()}`);
}

/** A consistent snapshot of the whole database, even while servers write (pg_dump's own transaction). */
export function pgDump(databaseUrl: string, file: string): void {
  const { dbname, env } = libpqArgs(databaseUrl);
  run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * Replaces the database's objects with the dump's, in one transaction: a restore that fails
 * half-way leaves the database as it was.
 */
export function pgRestore(databaseUrl: string, file: string): void {
  const { dbname, env } = libpqArgs(databaseUrl);
  run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, q: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'creatordesk-restore' });
  await client.connect();
  try {
    return (await client.query<T>(q, params)).rows;
  } finally {
    await client.end();
  }
}

/** Process ids of running servers connected to this database. */
export async function pgServerConnections(databaseUrl: string): Promise<number[]> {
  const rows = await query<{ pid: number }>(
    databaseUrl,
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
    [SERVER_APP_NAME],
  );
  return rows.map((r) => r.pid);
}

/** True when the database holds accounts (an empty or only migrated database does not count). */
export async function pgHasData(databaseUrl: string): Promise<boolean> {
  const [table] = await query<{ users: string | null }>(
    databaseUrl,
    "select to_regclass('public.users')::text as users",
  );
  if (!table?.users) return false;
  const [row] = await query<{ n: number }>(
    databaseUrl,
    'select count(*)::int as n from (select 1 from users limit 1) u',
  );
  return (row?.n ?? 0) > 0;
}
