/**
 * `npm run backup -- [folder] [--keep N]`: one backup folder (server/cli/backup-set.ts) with the
 * database and the files folder, safe while servers run and write. The embedded database is copied
 * with SQLite's online backup API (one consistent snapshot, WAL included); PostgreSQL with pg_dump
 * in custom format (one snapshot transaction). Default folder: DATA_DIR/backups/<UTC time>/.
 * `--keep N` then deletes all but the newest N backup folders beside it (for a schedule).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import SQLite from '../db/sqlite-native.ts';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import type { Engine } from '../db/dialect.ts';
import { copyFiles, countFiles, DATABASE_FILE, FILES, MANIFEST, writeManifest } from './backup-set.ts';
import { pgDump } from './pg-tools.ts';
import { dbFileIn } from './sqlite-file.ts';

export const stamp = (d = new Date()): string => d.toISOString().replace(/[:.]/g, '-');

export async function backupDatabase(
  source: string,
  target: string,
): Promise<{ target: string; pages: number }> {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} exists; choose another name`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Copy in steps so a busy server is not held up by one long read.
    const done = await db.backup(target, { progress: () => 256 });
    return { target, pages: done.totalPages };
  } finally {
    db.close();
  }
}

/** The migrations the backed-up database had run (read from the copy, or the snapshot's source). */
async function migrationsOf(
  engine: Engine,
  dbFile: string,
  databaseUrl: string | undefined,
): Promise<string[]> {
  if (engine === 'sqlite') {
    const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
        (r) => r.name,
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
      (r) => r.name,
    );
  } finally {
    await client.end();
  }
}

/** Deletes all but the newest `keep` complete backup folders in `parent`; answers what it deleted. */
export function pruneBackups(parent: string, keep: number): string[] {
  const folders = fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(parent, e.name, MANIFEST)))
    .map((e) => e.name)
    .sort(); // names are UTC times, so they sort by age
  const gone = folders.slice(0, Math.max(0, folders.length - keep)).map((name) => path.join(parent, name));
  for (const dir of gone) fs.rmSync(dir, { recursive: true, force: true });
  return gone;
}

export async function runBackup(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { keep: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1))
    throw new Error('--keep needs a whole number ≥ 1');
  const config = loadConfig(env);
  const dir = path.resolve(positionals[0] ?? path.join(config.dataDir, 'backups', stamp()));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new Error(`${dir} exists and is not empty`);
  // Password hashes and session digests are inside: only the owner may read the folder.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);

  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const dbFile = path.join(dir, DATABASE_FILE[engine]);
  let files: { count: number; bytes: number };
  try {
    if (config.databaseUrl) pgDump(config.databaseUrl, dbFile);
    else await backupDatabase(dbFileIn(config.dataDir), dbFile);
    // After the database: every upload a backed-up row names was written before that row.
    copyFiles(config.filesDir, path.join(dir, FILES));
    files = countFiles(path.join(dir, FILES));
    // The manifest comes last: a folder without one is an interrupted backup, and restore refuses it.
    writeManifest(dir, {
      format: 1,
      app: 'creatordesk',
      engine,
      created_at: new Date().toISOString(),
      migrations: await migrationsOf(engine, dbFile, config.databaseUrl),
      files,
    });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const size = fs.statSync(dbFile).size;
  console.log(
    `backup written: ${dir} (${engine} ${(size / 1e6).toFixed(1)} MB, ${files.count} files ${(files.bytes / 1e6).toFixed(1)} MB)`,
  );
  if (keep !== undefined) {
    for (const old of pruneBackups(path.dirname(dir), keep)) console.log(`removed old backup: ${old}`);
  }
  return dir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBackup(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
