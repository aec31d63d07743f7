/**
 * Opens the database: SQLite (better-sqlite3, WAL) in DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Both speak through the same Kysely<DB>.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './schema.ts';
import type { Engine } from './dialect.ts';

// PostgreSQL returns bigint (int8) and numeric as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The SQLite file path (embedded engine only), for backups. */
  file?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite only: open an in-memory database (tests). */
  memory?: boolean;
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the database closed (restart, admin kill, failover) is dropped by the pool
    // and replaced on the next query; without a listener that event would crash the process.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  let file = ':memory:';
  if (!opts.memory) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    file = path.join(opts.dataDir, 'creatordesk.sqlite');
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: 'sqlite',
    file: opts.memory ? undefined : file,
    close: () => db.destroy(),
  } as Database;
}
