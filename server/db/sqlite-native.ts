/**
 * The one place that loads better-sqlite3. Two builds ship, and the running Node picks:
 * - Node-API 10 (Node 22.14+, so the current LTS): better-sqlite3 13 (`better-sqlite3-napi10`, an npm
 *   alias in optionalDependencies, a prebuilt binary). 12.x subclasses node::ObjectWrap, and from
 *   Node 24.19 a statement freed by the garbage collector outside a JS context aborts the process
 *   ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook): at exit, at a worker's
 *   teardown, and in a long-running server at an idle collection.
 * - Older Node (20, what a fresh machine has): better-sqlite3 12, built from source by `npm ci`.
 *   13 needs Node-API 10, which no Node 20 has (it crashes there), and npm skips the optional
 *   alias on Node 20 without a warning because of its `engines`.
 * A tree installed on Node 20 and then run on a newer Node lacks the alias and falls back to 12
 * (after `npm rebuild better-sqlite3`); `npm ci` on the newer Node installs it.
 * The two share one API (and @types/better-sqlite3), so callers import this module and nothing else.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

function load(): typeof BetterSqlite3 {
  if (Number(process.versions.napi ?? 0) >= 10) {
    try {
      return require('better-sqlite3-napi10') as typeof BetterSqlite3;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  return require('better-sqlite3') as typeof BetterSqlite3;
}

const SQLite = load();

export default SQLite;
export type Database = BetterSqlite3.Database;
