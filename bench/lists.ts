/**
 * Server-side list and sync benchmark (issue 11): `npx tsx bench/lists.ts [options]`.
 * For each (engine, size) it seeds one workspace with `npm run seed -- --creators N` (or reuses a
 * seeded store), starts the real server, and measures POST /blogger/lists latency (p50/p95 of
 * sequential calls) for common filter sets, plus POST /sync/pull throughput. Prints a table and
 * writes docs/benchmarks-server.md.
 *
 *   --sizes 100000,1000000   --engines sqlite,postgres   --runs 30
 *   --sqlite-dir N=DIR       reuse a seeded DATA_DIR for size N (repeatable)
 *   --pg-db N=NAME           reuse a seeded database on the test cluster for size N (repeatable)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { ensurePgCluster, PG_ADMIN_URL } from '../tests/helpers/pg-cluster.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { newSession, openFor } from '../tests/reliability/accounts.ts';
import { findUserByLogin } from '../server/db/account.repository.ts';
import { DEMO_ACCOUNTS } from '../server/services/demo.ts';
import { FILTER_SETS, measure, pullThroughput, type Probe, type Result } from './lists-probe.ts';
import { writeReport, type RunInfo } from './lists-report.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '30' },
    'sqlite-dir': { type: 'string', multiple: true, default: [] },
    'pg-db': { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: 'docs/benchmarks-server.md' },
  },
});
const pairs = (list: string[]) => new Map(list.map((s) => s.split('=') as [string, string]));
const sqliteDirs = pairs(values['sqlite-dir']);
const pgDbs = pairs(values['pg-db']);
const runs = Number(values.runs);

function seed(n: number, env: Record<string, string>): number {
  const t = Date.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--creators', String(n)], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: 'inherit',
  });
  return (Date.now() - t) / 1000;
}

async function prepare(
  engine: string,
  n: number,
): Promise<{ env: Record<string, string>; seededIn: number | null }> {
  if (engine === 'sqlite') {
    const reuse = sqliteDirs.get(String(n));
    if (reuse) return { env: { DATA_DIR: path.resolve(reuse) }, seededIn: null };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cd-bench-${n}-`));
    return { env: { DATA_DIR: dir }, seededIn: seed(n, { DATA_DIR: dir }) };
  }
  ensurePgCluster();
  const reuse = pgDbs.get(String(n));
  const name = reuse ?? `bench_${n}_${Date.now()}`;
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const env = { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-pg-')) };
  if (reuse) return { env, seededIn: null };
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return { env, seededIn: seed(n, env) };
}

/** A session for the demo workspace the seed filled, and the values the filters use. */
async function probeFor(env: Record<string, string>): Promise<Probe & { creators: number }> {
  const database = await openFor(env.DATA_DIR!, env.DATABASE_URL);
  try {
    const user = await findUserByLogin(database.db, { email: DEMO_ACCOUNTS.en.email });
    if (!user) throw new Error('no demo account: was the store seeded with npm run seed?');
    const ws = user.workspace_id;
    const token = await newSession(database, user.id, ws);
    const top = await database.db
      .selectFrom('creators')
      .select(['country', sql<number>`count(*)`.as('n')])
      .where('workspace_id', '=', ws)
      .groupBy('country')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const tag = await database.db
      .selectFrom('creator_tags as ct')
      .innerJoin('tags as t', 't.id', 'ct.tag_id')
      .select(['t.id', sql<number>`count(*)`.as('n')])
      .where('ct.workspace_id', '=', ws)
      .where('t.country', '=', top.country)
      .groupBy('t.id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const total = await database.db
      .selectFrom('creators')
      .select(sql<number>`count(*)`.as('n'))
      .where('workspace_id', '=', ws)
      .executeTakeFirstOrThrow();
    return { token, country: top.country, tagId: Number(tag.id), creators: Number(total.n) };
  } finally {
    await database.close();
  }
}

const results: Result[] = [];
const loads: RunInfo['loads'] = [];
for (const n of values.sizes.split(',').map(Number)) {
  for (const engine of values.engines.split(',')) {
    const { env, seededIn } = await prepare(engine, n);
    const probe = await probeFor(env);
    const server = await startServer({ ...env, SEED_DEMO: '0', LOG_LEVEL: 'warn' });
    const load = { engine, size: n, before: os.loadavg()[0]!, after: NaN };
    loads.push(load);
    console.log(`${engine} ${n}: load average ${load.before.toFixed(1)}`);
    try {
      for (const set of FILTER_SETS) {
        const r = await measure(server.url, probe, set, runs);
        results.push({ engine, size: n, ...r });
        console.log(
          `${engine} ${n} ${set.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.count} rows)`,
        );
      }
      const pull = await pullThroughput(server.url, probe.token);
      results.push({
        engine,
        size: n,
        name: 'sync pull',
        p50: NaN,
        p95: NaN,
        count: pull.rows,
        rowsPerSec: pull.rowsPerSec,
      });
      console.log(
        `${engine} ${n} sync pull: ${pull.rows} rows in ${pull.seconds.toFixed(1)} s = ${Math.round(pull.rowsPerSec)} rows/s`,
      );
      if (seededIn !== null)
        console.log(`${engine} ${n}: seeded ${probe.creators} creators in ${seededIn.toFixed(0)} s`);
    } finally {
      load.after = os.loadavg()[0]!;
      await server.stop();
    }
  }
}
const command = `npx tsx bench/lists.ts ${process.argv.slice(2).join(' ')}`.trim();
const table = writeReport(values.out, results, runs, { command, loads });
console.log(`\n${table}\nwritten to ${values.out}`);
