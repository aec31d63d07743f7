/**
 * Plans of the creator list queries: `npx tsx bench/lists-explain.ts --sqlite-dir DIR` or
 * `--pg-url URL`. Runs listCreators for each filter set of bench/lists-probe.ts against a seeded
 * store, captures the SQL it issues and prints, per statement, the plan with row counts and buffers
 * (PostgreSQL: EXPLAIN (ANALYZE, BUFFERS); SQLite: EXPLAIN QUERY PLAN) and the time it took.
 * CPU-independent evidence to go with the latencies of bench/lists.ts.
 */
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import SQLite, { type Database as SqliteDatabase } from '../server/db/sqlite-native.ts';
import path from 'node:path';
import pg from 'pg';
import type { DB } from '../server/db/schema.ts';
import { listCreators } from '../server/db/creator.repository.ts';
import { migrate } from '../server/db/migrate.ts';
import { creatorListRequest } from '../contract/schemas/creator.ts';
import { FILTER_SETS } from './lists-probe.ts';

const { values } = parseArgs({
  options: {
    'sqlite-dir': { type: 'string' },
    'pg-url': { type: 'string' },
    only: { type: 'string' },
  },
});

const captured: { q: CompiledQuery; ms: number }[] = [];
const log = (e: { level: string; query: CompiledQuery; queryDurationMillis: number }) => {
  if (e.level === 'query') captured.push({ q: e.query, ms: e.queryDurationMillis });
};
let db: Kysely<DB>;
let sqlite: SqliteDatabase | undefined;
let pool: pg.Pool | undefined;
if (values['pg-url']) {
  pool = new pg.Pool({ connectionString: values['pg-url'], max: 1 });
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
} else if (values['sqlite-dir']) {
  sqlite = new SQLite(path.join(values['sqlite-dir'], 'creatordesk.sqlite'));
  db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
} else throw new Error('--sqlite-dir DIR or --pg-url URL');
const migrating = performance.now();
await migrate(db); // as the server would on start (adds indexes and counters of newer migrations)
console.log(`migrations checked/applied in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);

// The demo workspace, its biggest country and its most used tag, as bench/lists.ts picks them.
const top = await db
  .selectFrom('creators')
  .select(['workspace_id', 'country', sql<number>`count(*)`.as('n')])
  .groupBy(['workspace_id', 'country'])
  .orderBy('n', 'desc')
  .executeTakeFirstOrThrow();
const tag = await db
  .selectFrom('creator_tags')
  .select(['tag_id', sql<number>`count(*)`.as('n')])
  .where('workspace_id', '=', top.workspace_id)
  .groupBy('tag_id')
  .orderBy('n', 'desc')
  .executeTakeFirstOrThrow();
const probe = { token: '', country: top.country, tagId: Number(tag.tag_id) };
console.log(`workspace ${top.workspace_id}, country ${top.country} (${top.n} creators), tag ${probe.tagId}`);

const sets = FILTER_SETS.filter((s) => !s.path && (!values.only || s.name.includes(values.only)));
for (const set of sets) {
  const f = creatorListRequest.parse({ country: probe.country, limit: 20, ...set.body(probe) });
  captured.length = 0;
  await listCreators(db, Number(top.workspace_id), f); // warm
  captured.length = 0;
  const t = performance.now();
  const { count } = await listCreators(db, Number(top.workspace_id), f);
  const total = performance.now() - t;
  const queries = [...captured];
  console.log(`\n=== ${set.name}: count ${count}, ${total.toFixed(1)} ms in ${queries.length} statements`);
  // PostgreSQL: one transaction per filter set, so a `set local` the list issued applies to the plans.
  const client = pool ? await pool.connect() : undefined;
  await client?.query('begin');
  for (const { q, ms } of queries) {
    console.log(`--- ${ms.toFixed(1)} ms: ${q.sql}\n    params ${JSON.stringify(q.parameters)}`);
    if (client) {
      if (/^\s*(begin|commit|rollback)\b/i.test(q.sql)) continue;
      if (/^\s*set\b/i.test(q.sql)) {
        await client.query(q.sql);
        continue;
      }
      const r = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
      for (const row of r.rows as { 'QUERY PLAN': string }[]) console.log(`    ${row['QUERY PLAN']}`);
    } else if (sqlite) {
      const rows = sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as {
        detail: string;
      }[];
      for (const row of rows) console.log(`    ${row.detail}`);
    }
  }
  await client?.query('rollback');
  client?.release();
}
await db.destroy();
