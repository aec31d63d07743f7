/**
 * Live team figures for `npm run bench`, on real server processes:
 * - change → another member's mirror: one member adds a tag (a real call); another member's sync
 *   engine (the PWA's code in Node, fake-indexeddb) is woken by its live stream, pulls, and has
 *   the row in its IndexedDB mirror. SQLite (one process) and PostgreSQL (writer and reader on two
 *   processes, the poke crossing LISTEN/NOTIFY). Screen time on top of this is the query worker
 *   and one render (Home bench).
 * - 1,000 open streams on one process: the server's resident memory per stream, and the time from
 *   sending a change until the last of the 1,000 streams has its version event.
 * Sessions are made directly in the store (sign-up is rate limited per address).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/connection.ts';
import { createAccount } from '../server/db/account.repository.ts';
import { newSession } from '../tests/reliability/accounts.ts';
import { ensurePgCluster, PG_ADMIN_URL } from '../tests/helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../tests/helpers/server-process.ts';
import { openLive, type LiveTap } from '../tests/helpers/live-stream.ts';
import { percentile } from './gen.ts';
import type { Row } from './report.ts';

export const LIVE_TITLE = 'Live team: a change by one member on another member';
type Say = (title: string, rows: Row[], note?: string) => void;
const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 40);
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function addTag(url: string, token: string, title: string): Promise<void> {
  const res = await fetch(`${url}/api/v0.1/tags/add`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ country: 'US', title, language: 'en-us' }),
  });
  const code = ((await res.json()) as { code: number }).code;
  if (code !== 200) throw new Error(`tags/add answered ${code}`);
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** A user with `n` sessions in the store both servers share. */
async function sessions(dataDir: string, databaseUrl: string | undefined, n: number): Promise<string[]> {
  const database = openDatabase({ dataDir, databaseUrl });
  try {
    const user = await createAccount(database.db, {
      phone: `136${String(Date.now() % 1e8).padStart(8, '0')}`,
      member_name: 'bench',
      password_hash: 'x',
      region: 'en-us',
    });
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(await newSession(database, user.id, user.workspace_id));
    return out;
  } finally {
    await database.close();
  }
}

/** Sent change → the row in another member's mirror, SAMPLES times. */
async function toMirror(writer: string, reader: string, tokens: string[]): Promise<number[]> {
  await import('./fake-idb.ts');
  const { LocalDB } = await import('../src/db/db.ts');
  const { readRows } = await import('../src/db/queries.ts');
  const { SyncEngine } = await import('../src/workers/sync-engine.ts');
  const { LiveStream } = await import('../src/workers/live-stream.ts');
  const apiBase = `${reader}/api/v0.1`;
  const db = new LocalDB(`bench-live-${Date.now()}`);
  const engine = new SyncEngine({
    db,
    fetch: (i, init) => fetch(i, init),
    apiBase,
    periodMs: 3_600_000,
    live: (d) => new LiveStream({ ...d, fetch: (i, init) => fetch(i, init), apiBase }),
  });
  await engine.start({ token: tokens[0]!, language: 'en-us' });
  while (engine.state.live !== 'live') await new Promise((r) => setTimeout(r, 20));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const title = `bench-${i}-${Date.now()}`;
    const t0 = performance.now();
    await addTag(writer, tokens[1]!, title);
    while (!(await readRows(db, 'tags')).some((r) => r.title === title))
      await new Promise((r) => setTimeout(r, 2));
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  engine.stop();
  return times;
}

/** Memory per stream and the time until the last of STREAMS streams has a poke. */
async function fanOut(server: RunningServer, tokens: string[]) {
  const before = rssKb(server.proc.pid!);
  const taps: LiveTap[] = [];
  for (let i = 0; i < STREAMS; i++) taps.push(await openLive(server.url, tokens[2 + Math.floor(i / 3)]!));
  await Promise.all(taps.map((t) => t.waitFor((e) => e.event === 'version', 60_000)));
  await new Promise((r) => setTimeout(r, 1000));
  const perStreamKb = (rssKb(server.proc.pid!) - before) / STREAMS;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const seen = taps.map((t) => t.events.length);
    const t0 = performance.now();
    await addTag(server.url, tokens[1]!, `fan-${i}-${Date.now()}`);
    await Promise.all(
      taps.map((t, j) => t.waitFor((e) => e.event === 'version' && t.events.length > seen[j]!)),
    );
    times.push(performance.now() - t0);
  }
  taps.forEach((t) => t.close());
  return { perStreamKb, times };
}

export async function benchLive(say: Say, load: () => string): Promise<void> {
  const rows: Row[] = [];
  const row = (setup: string, times: number[]) =>
    rows.push({
      setup,
      samples: times.length,
      p50: ms(percentile(times, 50)),
      p95: ms(percentile(times, 95)),
      max: ms(Math.max(...times)),
      load: load(),
    });
  const nTokens = 2 + Math.ceil(STREAMS / 3);
  /** Both figures on one store: `writer` changes, `reader` streams (the same process on SQLite). */
  const measure = async (engine: string, writer: RunningServer, reader: RunningServer, tokens: string[]) => {
    row(`${engine}: sent → other member’s mirror`, await toMirror(writer.url, reader.url, tokens));
    const fan = await fanOut(reader, tokens);
    row(`${engine}: sent → last of ${STREAMS} open streams poked`, fan.times);
    rows.at(-1)!.setup += ` (server RSS ${fan.perStreamKb.toFixed(1)} KiB per stream)`;
  };

  const lite = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error' });
  try {
    await measure('SQLite, one process', lite, lite, await sessions(lite.dataDir, undefined, nTokens));
  } finally {
    await lite.stop();
  }

  ensurePgCluster();
  const name = `bench_live_${Date.now()}`;
  const adminQuery = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await adminQuery(`create database ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-live-'));
  const env = {
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
  };
  const one = await startServer({ ...env, DATA_DIR: dataDir });
  const two = await startServer({ ...env, DATA_DIR: dataDir });
  try {
    await measure('PostgreSQL, two processes', one, two, await sessions(dataDir, env.DATABASE_URL, nTokens));
  } finally {
    await one.stop();
    await two.stop();
    await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  say(
    LIVE_TITLE,
    rows,
    `Targets: p50 ≤ 300 ms, p95 ≤ 1 s to the other member's screen; a poke reaches 1,000 streams in ≤ 200 ms.
The mirror rows stop at IndexedDB (fake-indexeddb in Node); the screen adds the query worker's refresh and a render.
The 1,000 streams are read by the bench process itself (one Node process parsing every stream), which is part of the
time measured. ${os.cpus().length} cores.`,
  );
}
