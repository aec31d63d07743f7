/**
 * Helpers shared by `npm run backup` and `npm run restore` for the embedded database: where the
 * file lives, whether a process has it open, and a digest of every table (tests and operators
 * compare a backup with its source with it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../db/sqlite-native.ts';

export const DB_FILE = 'creatordesk.sqlite';
export const dbFileIn = (dataDir: string): string => path.join(path.resolve(dataDir), DB_FILE);

/**
 * Pids of processes that hold `file` (or its -wal/-shm) open, read from /proc (Linux). A running
 * server keeps its connection open for its whole life, so this finds it; elsewhere it finds none.
 */
export function processesUsing(file: string): number[] {
  if (!fs.existsSync('/proc')) return [];
  const targets = new Set([file, `${file}-wal`, `${file}-shm`].map((f) => path.resolve(f)));
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (targets.has(target)) {
        pids.push(Number(entry));
        break;
      }
    }
  }
  return pids;
}

export interface TableDigest {
  rows: number;
  sha256: string;
}

/** Row count and a SHA-256 of every row (in rowid order) of every table, FTS shadow tables included. */
export function digestTables(file: string): Record<string, TableDigest> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all() as { name: string }[];
    const out: Record<string, TableDigest> = {};
    for (const { name } of tables) {
      const hash = crypto.createHash('sha256');
      let rows = 0;
      const quoted = `"${name.replaceAll('"', '""')}"`;
      let stmt;
      try {
        stmt = db.prepare(`select * from ${quoted} order by rowid`);
      } catch {
        stmt = db.prepare(`select * from ${quoted}`); // WITHOUT ROWID tables or virtual tables
      }
      for (const row of stmt.iterate()) {
        rows++;
        hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
        hash.update('\n');
      }
      out[name] = { rows, sha256: hash.digest('hex') };
    }
    return out;
  } finally {
    db.close();
  }
}

/** True when the file has at least one row in a table other than the migration bookkeeping. */
export function hasData(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const digest = digestTables(file);
  return Object.entries(digest).some(([name, d]) => !name.startsWith('kysely_') && d.rows > 0);
}
