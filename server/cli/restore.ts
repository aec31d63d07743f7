/**
 * `npm run restore -- <backup folder> [--data-dir DIR] [--force]`: puts a backup made by
 * `npm run backup` back, into the database the server is configured with (DATABASE_URL, else
 * DIR/creatordesk.sqlite) and DIR/files (DIR defaults to DATA_DIR). Every refusal comes before
 * anything changes: a backup of the other engine, a server still running on the target (an open
 * SQLite file, or a `creatordesk-server` connection to PostgreSQL: even --force cannot make that
 * safe), and a target that already holds data or files, unless --force. The database goes first
 * (SQLite: copied next to the target and renamed over it; PostgreSQL: pg_restore in one
 * transaction), then the files. A bare `.sqlite` file (a backup from before backup folders)
 * restores the embedded database alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import SQLite from '../db/sqlite-native.ts';
import { loadConfig } from '../config.ts';
import { copyFiles, countFiles, DATABASE_FILE, FILES, readManifest } from './backup-set.ts';
import { pgHasData, pgRestore, pgServerConnections } from './pg-tools.ts';
import { dbFileIn, hasData, processesUsing } from './sqlite-file.ts';

const USAGE = 'usage: npm run restore -- <backup folder> [--data-dir DIR] [--force]';

/** The embedded database from a SQLite file, checked first (integrity, migrations table). */
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

export async function restoreFolder(
  folder: string,
  opts: { dataDir: string; databaseUrl: string | undefined; force: boolean },
): Promise<string> {
  const manifest = readManifest(folder);
  const engine = opts.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new Error(
      `refusing: this is a ${manifest.engine} backup and the server is configured for ${engine}`,
    );
  const filesTarget = path.join(opts.dataDir, FILES);
  const dump = path.join(folder, DATABASE_FILE[engine]);
  // A running server is a refusal even --force does not lift; data and files already there are.
  const inUse = opts.databaseUrl
    ? (await pgServerConnections(opts.databaseUrl)).map((pid) => `server backend ${pid}`)
    : processesUsing(dbFileIn(opts.dataDir)).map((pid) => `process ${pid}`);
  if (inUse.length)
    throw new Error(`refusing: the database is in use (${inUse.join(', ')}); stop the servers first`);
  const holds: string[] = [];
  if (opts.databaseUrl ? await pgHasData(opts.databaseUrl) : hasData(dbFileIn(opts.dataDir)))
    holds.push('the database holds data');
  if (countFiles(filesTarget).count > 0) holds.push(`${filesTarget} holds files`);
  if (holds.length && !opts.force)
    throw new Error(`refusing: ${holds.join(' and ')} (use --force to replace them)`);
  let where: string;
  if (opts.databaseUrl) {
    pgRestore(opts.databaseUrl, dump);
    where = 'PostgreSQL (DATABASE_URL)';
  } else {
    where = await restoreDatabase(dump, opts.dataDir, opts.force);
  }
  fs.rmSync(filesTarget, { recursive: true, force: true });
  copyFiles(path.join(folder, FILES), filesTarget);
  return `${where} and ${filesTarget} (${manifest.files.count} files)`;
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
  const source = path.resolve(backup);
  const dataDir = path.resolve(values['data-dir'] ?? config.dataDir);
  let target: string;
  if (fs.existsSync(source) && fs.statSync(source).isFile()) {
    if (config.databaseUrl) throw new Error('refusing: a .sqlite file backup, and DATABASE_URL is set');
    target = await restoreDatabase(source, dataDir, values.force);
  } else {
    target = await restoreFolder(source, { dataDir, databaseUrl: config.databaseUrl, force: values.force });
  }
  console.log(`restored ${source} → ${target}`);
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRestore(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
