/**
 * Server list latency and sync pull throughput, SQLite and PostgreSQL side by side.
 * For each (size, engine) it seeds one workspace with `npm run seed -- --creators N` (or reuses a
 * seeded store), starts the real server, and measures POST /blogger/lists (p50/p95 of sequential
 * calls) for common filter sets, plus POST /sync/pull throughput. Stores it seeded are removed
 * afterwards unless kept.
 *
 * Part of `npm run bench` (1,000,000 creators; `BENCH_ONLY=lists` re-runs only this section).
 * BENCH_LISTS_SIZES, BENCH_LISTS_ENGINES, BENCH_LISTS_RUNS and BENCH_LISTS_KEEP=1 change it there.
 * Also a command for working on the queries (prints the section; --out writes it to a file):
 *
 *   npx tsx bench/lists.ts [--sizes 100000,1000000] [--engines sqlite,postgres] [--runs 30]
 *     [--sqlite-dir N=DIR] [--pg-db N=NAME]   reuse a seeded DATA_DIR / test-cluster database for size N
 *     [--keep]                                keep the stores it seeds (printed) for bench/lists-explain.ts
 *     [--out FILE]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { ensurePgCluster, PG_ADMIN_URL } from '../tests/helpers/pg-cluster.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { newSession, openFor } from '../tests/reliability/accounts.ts';
import { findUserByLogin } from '../server/db/account.repository.ts';
import { DEMO_ACCOUNTS } from '../server/services/demo.ts';
import { FILTER_SETS, measure, pullThroughput, type Probe, type Result } from './lists-probe.ts';
import { ENGINE_NAME, table, type Row } from './report.ts';

export const LISTS_TITLE = 'Server list latency and sync pull';
const TARGET: Record<string, number> = { sqlite: 100, postgres: 50 };

export interface ListsOptions {
  sizes: number[];
  engines: string[];
  runs: number;
  /** Seeded stores to reuse, by size. */
  sqliteDirs?: Map<number, string>;
  pgDbs?: Map<number, string>;
  /** Keep the stores this run seeds. */
  keep?: boolean;
}

interface Run {
  engine: string;
  size: number;
  loadBefore: number;
  loadAfter: number;
  /** Seconds the seed took, or null for a reused store. */
  seededIn: number | null;
  creators: number;
}

interface Store {
  env: Record<string, string>;
  seededIn: number | null;
  drop: () => Promise<void>;
}

function seed(n: number, env: Record<string, string>): number {
  const t = Date.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--creators', String(n)], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: 'inherit',
  });
  return (Date.now() - t) / 1000;
}

async function admin(q: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(q);
  } finally {
    await client.end();
  }
}

async function prepare(engine: string, n: number, opts: ListsOptions): Promise<Store> {
  const keep = (what: string) => async () => console.log(`lists: kept ${what}`);
  if (engine === 'sqlite') {
    const reuse = opts.sqliteDirs?.get(n);
    if (reuse) return { env: { DATA_DIR: path.resolve(reuse) }, seededIn: null, drop: async () => {} };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cd-bench-${n}-`));
    const seededIn = seed(n, { DATA_DIR: dir });
    const drop = opts.keep
      ? keep(`--sqlite-dir ${n}=${dir}`)
      : async () => fs.rmSync(dir, { recursive: true });
    return { env: { DATA_DIR: dir }, seededIn, drop };
  }
  ensurePgCluster();
  const reuse = opts.pgDbs?.get(n);
  const name = reuse ?? `bench_${n}_${Date.now()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-pg-'));
  const env = { DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), DATA_DIR: dataDir };
  const rmDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (reuse) return { env, seededIn: null, drop: rmDir };
  await admin(`create database ${name}`);
  const seededIn = seed(n, env);
  const drop = opts.keep
    ? keep(`--pg-db ${n}=${name}`)
    : async () => {
        await rmDir();
        await admin(`drop database if exists ${name} with (force)`);
      };
  return { env, seededIn, drop };
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

/** Seeds (or reuses) each store, measures it through a real server, and drops what it seeded. */
export async function measureLists(opts: ListsOptions): Promise<{ results: Result[]; runs: Run[] }> {
  const results: Result[] = [];
  const runs: Run[] = [];
  for (const n of opts.sizes) {
    for (const engine of opts.engines) {
      const store = await prepare(engine, n, opts);
      try {
        const probe = await probeFor(store.env);
        const server = await startServer({ ...store.env, SEED_DEMO: '0', LOG_LEVEL: 'warn' });
        const run: Run = {
          engine,
          size: n,
          loadBefore: os.loadavg()[0]!,
          loadAfter: NaN,
          seededIn: store.seededIn,
          creators: probe.creators,
        };
        runs.push(run);
        console.log(`lists: ${engine} ${n}: load average ${run.loadBefore.toFixed(1)}`);
        try {
          for (const set of FILTER_SETS) {
            const r = await measure(server.url, probe, set, opts.runs);
            results.push({ engine, size: n, ...r });
            console.log(
              `lists: ${engine} ${n} ${set.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.count} rows)`,
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
            `lists: ${engine} ${n} sync pull: ${pull.rows} rows, ${Math.round(pull.rowsPerSec)} rows/s`,
          );
        } finally {
          run.loadAfter = os.loadavg()[0]!;
          await server.stop();
        }
      } finally {
        await store.drop();
      }
    }
  }
  return { results, runs };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

/** One row per (size, filter set), the engines side by side; ⚠ marks a p95 over its target. */
export function listsRows(results: Result[]): Row[] {
  const engines = [...new Set(results.map((r) => r.engine))];
  const rows: Row[] = [];
  for (const size of new Set(results.map((r) => r.size))) {
    for (const name of new Set(results.map((r) => r.name))) {
      const row: Row = { creators: size.toLocaleString('en-US'), 'filter set': name };
      const counts = new Set<number>();
      for (const e of engines) {
        const r = results.find((x) => x.size === size && x.engine === e && x.name === name);
        const label = ENGINE_NAME[e] ?? e;
        if (r?.rowsPerSec !== undefined) {
          row[`${label} p50`] = `${Math.round(r.rowsPerSec).toLocaleString('en-US')} rows/s`;
          row[`${label} p95`] = '';
        } else {
          row[`${label} p50`] = r ? `${ms(r.p50)} ms` : '';
          row[`${label} p95`] = r ? `${ms(r.p95)} ms${r.p95 > (TARGET[e] ?? Infinity) ? ' ⚠' : ''}` : '';
        }
        if (r) counts.add(r.count);
      }
      row.rows = [...counts].join(' / ');
      rows.push(row);
    }
  }
  return rows;
}

export function listsNote(command: string, runs: Run[], samples: number): string {
  const each = runs
    .map((r) => {
      const seeded =
        r.seededIn === null
          ? 'a reused store'
          : `seeded in ${r.seededIn.toFixed(0)} s (${Math.round(r.creators / r.seededIn).toLocaleString('en-US')} creators/s)`;
      return `${ENGINE_NAME[r.engine] ?? r.engine} ${r.size.toLocaleString('en-US')}: ${seeded}, load ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)}`;
    })
    .join('; ');
  return [
    `Command: \`${command}\`. The server runs as a real process on loopback; one workspace (the en-us demo account's)`,
    `holds all the creators, about a third of them in the measured country (the one with the most). Latency: ${samples}`,
    `sequential POST /blogger/lists calls (page size 20) per filter set after 2 warm-ups (a set slower than 20 s in`,
    `all stops at 5 samples); the baseline row is a signed-in call with a tiny query, the floor under every row.`,
    `Sync pull: pages of 5,000 from an empty cursor for up to 20 s (rows = changes + deletes of every table).`,
    `Targets: p95 < 50 ms on PostgreSQL and < 100 ms on SQLite for name + flags + tag sorted by followers;`,
    `⚠ marks any p95 over its engine's target. PostgreSQL is the test cluster with its default settings`,
    `(shared_buffers 128 MB). ${each}. Query plans and the history of these figures: docs/benchmarks-server.md.`,
  ].join('\n');
}

type Say = (title: string, rows: Row[], note?: string) => void;

/** The `npm run bench` section. */
export async function benchLists(say: Say): Promise<void> {
  const env = process.env;
  const sizes = (env.BENCH_LISTS_SIZES ?? '1000000').split(',').map(Number);
  const opts: ListsOptions = {
    sizes,
    engines: (env.BENCH_LISTS_ENGINES ?? 'sqlite,postgres').split(','),
    runs: Number(env.BENCH_LISTS_RUNS ?? 30),
    keep: env.BENCH_LISTS_KEEP === '1',
  };
  const { results, runs } = await measureLists(opts);
  const command = env.BENCH_ONLY === 'lists' ? 'BENCH_ONLY=lists npm run bench' : 'npm run bench';
  const sizeText = sizes.map((n) => n.toLocaleString('en-US')).join(', ');
  say(
    `${LISTS_TITLE} (${sizeText} creators, SQLite and PostgreSQL)`,
    listsRows(results),
    listsNote(command, runs, opts.runs),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100000,1000000' },
      engines: { type: 'string', default: 'sqlite,postgres' },
      runs: { type: 'string', default: '30' },
      'sqlite-dir': { type: 'string', multiple: true, default: [] },
      'pg-db': { type: 'string', multiple: true, default: [] },
      keep: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const pairs = (list: string[]) =>
    new Map(list.map((s) => s.split('=') as [string, string]).map(([n, v]) => [Number(n), v] as const));
  const opts: ListsOptions = {
    sizes: values.sizes.split(',').map(Number),
    engines: values.engines.split(','),
    runs: Number(values.runs),
    sqliteDirs: pairs(values['sqlite-dir']),
    pgDbs: pairs(values['pg-db']),
    keep: values.keep,
  };
  const { results, runs } = await measureLists(opts);
  const command = `npx tsx bench/lists.ts ${process.argv.slice(2).join(' ')}`.trim();
  const section = table(`${LISTS_TITLE}`, listsRows(results), listsNote(command, runs, opts.runs));
  console.log(`\n${section}`);
  if (values.out) {
    fs.writeFileSync(values.out, section);
    console.log(`written to ${values.out}`);
  }
}
