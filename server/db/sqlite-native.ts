/**
 * The one place that loads better-sqlite3. Two builds ship, and the running Node picks:
 * - Node-API 10 (Node 22.14+, so the current LTS): better-sqlite3 13 (`better-sqlite3-napi10`, an npm
 *   alias). 12.x subclasses node::ObjectWrap, and from Node 24.19 a Statement collected by the
 *   garbage collector outside a JS context aborts the process ("Assertion failed: (env) != nullptr"
 *   in RemoveEnvironmentCleanupHook): at exit, and in a long-running server at any idle GC.
 * - Older Node (20, what a fresh machine has): better-sqlite3 12, built from source by `npm ci`.
 *   13's binary asks for Node-API 10, which no Node 20 has, and crashes there.
 * The two share one API (and @types/better-sqlite3), so callers import this module and nothing else.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** True when this Node can load better-sqlite3 13 (Node-API 10 or newer). */
export const usesNodeApiBuild = Number(process.versions.napi ?? 0) >= 10;

const SQLite: typeof BetterSqlite3 = usesNodeApiBuild
  ? (require('better-sqlite3-napi10') as typeof BetterSqlite3)
  : (require('better-sqlite3') as typeof BetterSqlite3);

export default SQLite;
export type Database = BetterSqlite3.Database;
