/**
 * A throwaway PostgreSQL cluster for tests, from Debian's postgresql package (installed by
 * .ci/run). Created once per machine as cluster "cdtest" on port 5433, trust auth, no fsync.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

export const PG_PORT = Number(process.env.TEST_PG_PORT ?? 5433);
export const PG_ADMIN_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;

function pgVersion(): string {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
  const v = versions.at(-1);
  if (!v) {
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql postgresql-contrib` (.ci/run does this).',
    );
  }
  return v;
}

export function ensurePgCluster(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const version = pgVersion();
  const list = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  const line = list.split('\n').find((l) => l.split(/\s+/)[1] === 'cdtest');
  if (!line) {
    execFileSync(
      'pg_createcluster',
      [version, 'cdtest', '--port', String(PG_PORT), '--start', '--', '--auth=trust', '--no-sync'],
      {
        stdio: 'ignore',
      },
    );
  } else if (!line.includes('online')) {
    execFileSync('pg_ctlcluster', [version, 'cdtest', 'start'], { stdio: 'ignore' });
  }
  return PG_ADMIN_URL;
}

/** One statement on a database of the test cluster (or any URL); answers its rows. */
export async function pgQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  q: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(q, params)).rows;
  } finally {
    await client.end();
  }
}
