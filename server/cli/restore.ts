/**
 * `npm run restore -- <backup.sqlite> [--data-dir DIR] [--force]`: puts a backup in place as
 * DIR/creatordesk.sqlite (DIR defaults to DATA_DIR). It refuses when a process has that database
 * open (a running server: even --force cannot make that safe) and when the database already
 * holds data, unless --force. The backup is checked (integrity_check, migrations table) first,
 * written next to the target and renamed over it, so a failed restore leaves the old file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';
import { dbFileIn, hasData, processesUsing } from './sqlite-file.ts';

const USAGE = 'usage: npm run restore -- <backup.sqlite> [--data-dir DIR] [--force]';

export async function restoreDatabase(backup: string, dataDir: string, force = false): Promise<string> {
  if (!fs.existsSync(backup)) throw new Error(`no backup at ${backup}`);
  const target = dbFileIn(dataDir);
  const users = processesUsing(target);
  if (users.length)
    throw new Error(`refusing: ${target} is open by process ${users.join(', ')} (stop the server first)`);
  if (hasData(target) && !force)
    throw new Error(`refusing: ${target} holds data (use --force to replace it)`);

  const src = new SQLite(backup, { readonly: true, fileMustExist: true });
  const tmp = `${target}.restore-${process.pid}`;
  try {
    const check = src.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`backup fails integrity_check: ${String(check)}`);
    const migrations = src.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
    if (!migrations) throw new Error('not a CreatorDesk database (no migrations table)');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.rmSync(tmp, { force: true });
    await src.backup(tmp);
  } finally {
    src.close();
  }
  // The old WAL belongs to the old file: replaying it onto the restored one would corrupt it.
  for (const f of [`${target}-wal`, `${target}-shm`]) fs.rmSync(f, { force: true });
  fs.renameSync(tmp, target);
  return target;
}

export async function runRestore(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  const backup = positionals[0];
  if (!backup || positionals.length > 1) throw new Error(USAGE);
  const config = loadConfig(env);
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore/psql');
  const target = await restoreDatabase(
    path.resolve(backup),
    values['data-dir'] ?? config.dataDir,
    values.force,
  );
  console.log(`restored ${path.resolve(backup)} → ${target}`);
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRestore(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
