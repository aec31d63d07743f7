/**
 * PostgreSQL test databases made already migrated: `create database … template` copies a database
 * that the migrations ran on once, instead of running every migration again for each suite (about
 * 4 s a database on the two-core machine, a copy ~1 s). The template is named by a hash of
 * server/db (migrations and the code that runs them), so a changed migration builds a new one, and
 * worktrees with different migrations sharing the cluster each get their own. The suites still run
 * `migrate` on their database; on a copy it finds nothing left to do.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';

let templateName: string | undefined;

function migrationsHash(): string {
  const h = crypto.createHash('sha256');
  const root = 'server/db';
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files) h.update(f).update(fs.readFileSync(path.join(root, f)));
  return h.digest('hex').slice(0, 16);
}

async function query(admin: string, q: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await client.query(q, params);
  } finally {
    await client.end();
  }
}

const urlOf = (admin: string, name: string) => admin.replace(/\/[^/]*$/, `/${name}`);

/** The migrated template's name, built the first time (published whole by one rename). */
async function template(admin: string): Promise<string> {
  templateName ??= `cd_tpl_${migrationsHash()}`;
  const name = templateName;
  const found = await query(admin, 'select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount) return name;
  const building = `cd_tplb_${crypto.randomBytes(6).toString('hex')}`;
  await query(admin, `create database ${building}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-pg-template-'));
  const database = openDatabase({ dataDir, databaseUrl: urlOf(admin, building) });
  try {
    await migrate(database.db);
  } finally {
    await database.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await query(admin, `alter database ${building} rename to ${name}`);
  } catch {
    // Another worker published the same template first.
    await query(admin, `drop database if exists ${building} with (force)`);
  }
  return name;
}

/** Creates database `name` on the cluster at `admin`, with every migration already applied. */
export async function createMigratedPgDatabase(admin: string, name: string): Promise<void> {
  const from = await template(admin);
  for (let attempt = 0; ; attempt++) {
    try {
      await query(admin, `create database ${name} template ${from}`);
      return;
    } catch (err) {
      // 55006: the template is briefly open elsewhere (another worker still publishing it).
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
