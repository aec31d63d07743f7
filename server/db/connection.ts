/**
 * Opens the database: SQLite (better-sqlite3, WAL) in DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Both speak through the same Kysely<DB>.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import SQLite from './sqlite-native.ts';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import type { DB } from './schema.ts';
import type { Engine } from './dialect.ts';
import { createPgLiveFeed, createSqliteLiveFeed, type LiveFeed } from './live-feed.ts';

// PostgreSQL returns bigint (int8) and numeric as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/**
 * SQLite has one connection, and better-sqlite3 runs every statement synchronously, so Kysely's
 * driver hands that connection from query to query through promises alone: while requests queue
 * for it, one microtask drain runs every queued query (and every request's next steps) without the
 * event loop ever getting back to its poll phase. Node 20 accepts one new connection per poll
 * phase (libuv 1.45+), so under load a burst of new connections was accepted about one per second
 * or slower; on a CPU-starved machine the last of 100 waited more than 30 s before its first
 * request was even read. Here waiters queue in order (FIFO, one wake-up per hand-over instead of
 * waking every waiter), and once the connection has been busy for SLICE_MS without a break, the
 * next hand-over waits for the event loop (setImmediate), so sockets are accepted and read at
 * least every few milliseconds of database work.
 */
export const SLICE_MS = 8;

export class FairSqliteDriver extends SqliteDriver implements Driver {
  #queue: (() => void)[] = [];
  #busy = false;
  #sliceStart = 0;
  readonly #onRelease: (() => void) | undefined;

  constructor(config: SqliteDialectConfig, onRelease?: () => void) {
    super(config);
    this.#onRelease = onRelease;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    else {
      this.#busy = true;
      this.#sliceStart = performance.now();
    }
    // Kysely's own mutex is always free here: this queue lets one holder through at a time.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    // Before the next holder runs: a transaction that just committed announces its changes (live feed).
    this.#onRelease?.();
    const next = this.#queue.shift();
    if (!next) {
      this.#busy = false;
      return;
    }
    // The connection stays taken (busy) through the hand-over, so later arrivals queue behind.
    if (performance.now() - this.#sliceStart < SLICE_MS) return next();
    setImmediate(() => {
      this.#sliceStart = performance.now();
      next();
    });
  }
}

class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #onRelease: (() => void) | undefined;
  constructor(config: SqliteDialectConfig, onRelease?: () => void) {
    super(config);
    this.#config = config;
    this.#onRelease = onRelease;
  }
  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config, this.#onRelease);
  }
}

/**
 * better-sqlite3 compiles a statement on every query Kysely runs; the same SQL text again (a batch's
 * multi-row inserts, the sums reads, every request's lookups) reuses its compiled statement, the
 * STATEMENTS most recently used kept. Safe because the server never streams a query (a statement
 * still iterating could not run again) and better-sqlite3 runs one statement at a time.
 */
const STATEMENTS = 200;

export function cachedStatements(sqlite: BetterSqlite3.Database, size = STATEMENTS): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let st = cache.get(sql);
      if (st) cache.delete(sql);
      else {
        st = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, st);
      return st;
    },
  };
}

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The SQLite file path (embedded engine only), for backups. */
  file?: string;
  /** Committed changes and session changes, for the live-update stream. */
  live: LiveFeed;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite only: open an in-memory database (tests). */
  memory?: boolean;
  /**
   * PostgreSQL only: the connections' application_name. The server says 'creatordesk-server', so
   * `npm run restore` can refuse while one still runs (pg_stat_activity).
   */
  applicationName?: string;
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      application_name: opts.applicationName ?? 'creatordesk',
    });
    // An idle connection the database closed (restart, admin kill, failover) is dropped by the pool
    // and replaced on the next query; without a listener that event would crash the process.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const live = createPgLiveFeed(opts.databaseUrl, opts.applicationName ?? 'creatordesk');
    const close = async () => {
      await live.close();
      await db.destroy();
    };
    return { db, engine: 'postgres', live, close };
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
  const live = createSqliteLiveFeed(sqlite);
  const db = new Kysely<DB>({
    dialect: new FairSqliteDialect({ database: cachedStatements(sqlite) }, live.flush),
  });
  return {
    db,
    engine: 'sqlite',
    file: opts.memory ? undefined : file,
    live,
    close: async () => {
      await live.close();
      await db.destroy();
    },
  } as Database;
}
