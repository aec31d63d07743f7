/**
 * The embedded engine survives the garbage collector on the Node it runs on. better-sqlite3 12
 * built for Node 24.19+ aborts the whole process ("Assertion failed: (env) != nullptr" in
 * RemoveEnvironmentCleanupHook) when a prepared statement is freed outside a JS context: at exit,
 * at a worker's teardown, and in a busy server at an idle collection. A child process on this very
 * Node runs 20 worker threads one after another; each opens the database through
 * server/db/sqlite-native.ts, prepares and drops 5,000 statements and ends. With 12 on Node 24.21
 * this aborted 5 runs of 5; the child must finish, report every row, and exit 0.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const native = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite-native.ts');

const workerBody = `
require('tsx/cjs');
const SQLite = require(${JSON.stringify(native)}).default;
const db = new SQLite(':memory:');
db.exec('create table t (a integer)');
for (let i = 0; i < 5000; i++) db.prepare('insert into t values (' + i + ')').run();
require('node:worker_threads').parentPort.postMessage(db.prepare('select count(*) as n from t').get().n);
`;

const main = `
const { Worker } = require('node:worker_threads');
(async () => {
  let rows = 0;
  for (let k = 0; k < 20; k++) {
    rows += await new Promise((done, fail) => {
      const worker = new Worker(${JSON.stringify(workerBody)}, { eval: true });
      let n = 0;
      worker.on('message', (m) => { n = m; });
      worker.on('error', fail);
      worker.on('exit', () => done(n));
    });
  }
  process.stdout.write('rows ' + rows + '\\n');
})();
`;

it(
  'opens, prepares and drops statements in 20 worker threads without aborting, then exits 0',
  { timeout: 120_000 },
  () => {
    const child = spawnSync(process.execPath, ['-e', main], { encoding: 'utf8', timeout: 110_000 });
    expect(child.stderr).not.toContain('Assertion failed');
    expect(child.stdout.trim()).toBe('rows 100000');
    expect(child.status).toBe(0);
  },
);
