/**
 * The SQLite driver (connection.ts): queued queries run in arrival order, and a queue of busy work
 * gives the event loop a turn every SLICE_MS instead of running to the end in one microtask drain
 * (which kept a busy server from accepting new connections for tens of seconds).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, SLICE_MS } from './connection.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-conn-'));
const database = openDatabase({ dataDir: dir });
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// About SLICE_MS or more of synchronous SQLite work per query.
const busy = () =>
  sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000)
    select count(*) as n from c`.execute(database.db);

it('queued queries run in order, with the event loop getting turns in between', async () => {
  const started = performance.now();
  await busy();
  expect(performance.now() - started).toBeGreaterThan(SLICE_MS / 4); // the query is not trivially fast

  const done: number[] = [];
  let doneWhenTimerRan = -1;
  setTimeout(() => (doneWhenTimerRan = done.length), 0);
  await Promise.all(Array.from({ length: 12 }, (_, i) => busy().then(() => done.push(i))));

  expect(done).toEqual([...Array(12).keys()]);
  // Kysely's own driver ran all 12 before the timer (one microtask chain); this one yields.
  expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0);
  expect(doneWhenTimerRan).toBeLessThan(12);
});

it('a transaction keeps the connection: queries queued meanwhile run after its commit', async () => {
  await sql`create table if not exists t (v integer)`.execute(database.db);
  const order: string[] = [];
  const trx = database.db.transaction().execute(async (t) => {
    await sql`insert into t (v) values (1)`.execute(t);
    order.push('trx insert');
    await new Promise((r) => setTimeout(r, 20));
    await sql`insert into t (v) values (2)`.execute(t);
    order.push('trx commit');
  });
  await new Promise((r) => setTimeout(r, 5));
  const outside = sql<{ n: number }>`select count(*) as n from t`.execute(database.db).then((r) => {
    order.push('outside read');
    return r.rows[0]!.n;
  });
  await trx;
  expect(await outside).toBe(2);
  expect(order).toEqual(['trx insert', 'trx commit', 'outside read']);
});
