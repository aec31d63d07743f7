/**
 * `npm run backup -- [target.sqlite]`: copies the embedded database with SQLite's online backup
 * API (better-sqlite3 `db.backup`), which is safe while the server runs and writes: the copy is
 * one consistent snapshot, WAL content included. Default target: DATA_DIR/backups/<UTC time>.sqlite.
 * PostgreSQL deployments use pg_dump instead; the command says so and exits 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';
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

export async function runBackup(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    throw Object.assign(new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump'), { exitCode: 2 });
  }
  const arg = argv.find((a) => !a.startsWith('-'));
  const target = path.resolve(arg ?? path.join(config.dataDir, 'backups', `${stamp()}.sqlite`));
  const { pages } = await backupDatabase(dbFileIn(config.dataDir), target);
  console.log(`backup written: ${target} (${pages} pages)`);
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBackup(process.argv.slice(2)).catch((err: Error & { exitCode?: number }) => {
    console.error(err.message);
    process.exit(err.exitCode ?? 1);
  });
}
