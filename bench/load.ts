/**
 * The load test's figures for `npm run bench` (target: 100 connections of mixed reads and writes
 * for 60 s on one server process, zero errors, no lost writes). It runs the test itself
 * (tests/reliability/load.test.ts, which asserts all that) once per engine with LOAD_REPORT set,
 * and tabulates what the test wrote. BENCH_LOAD_SECONDS (default 60) and BENCH_LOAD_ENGINES
 * (default sqlite,postgres) change it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_NAME, type Row } from './report.ts';

export const LOAD_TITLE = 'Load: 100 connections of sign-in, list and edit on one server process';

type Say = (title: string, rows: Row[], note?: string) => void;
export interface LoadCalls {
  calls: number;
  p50: number;
  p95: number;
  max: number;
}
/** What tests/reliability/load.test.ts writes to LOAD_REPORT. */
export interface LoadReport {
  engine: string;
  seconds: number;
  connections: number;
  requests: number;
  perSecond: number;
  signin: LoadCalls;
  list: LoadCalls;
  edit: LoadCalls;
  errors: number;
  timeouts: number;
  non2xx: number;
  appErrors: number;
  acked: number;
  stored: number;
  lost: number;
  lastAcceptS: number;
}

const calls = (c: LoadCalls) =>
  `${c.p50.toFixed(0)} / ${c.p95.toFixed(0)} ms (${c.calls.toLocaleString('en-US')})`;

export async function benchLoad(say: Say, load: () => string): Promise<void> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const rows: Row[] = [];
  for (const engine of (process.env.BENCH_LOAD_ENGINES ?? 'sqlite,postgres').split(',')) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cd-load-report-')), 'load.json');
    const before = load();
    const run = spawnSync('npx', ['vitest', 'run', 'tests/reliability/load.test.ts'], {
      env: { ...process.env, LOAD_SECONDS: String(seconds), LOAD_ENGINE: engine, LOAD_REPORT: file },
      stdio: 'inherit',
    });
    if (!fs.existsSync(file)) {
      rows.push({ engine, result: `no figures: the test exited with ${run.status}` });
      continue;
    }
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as LoadReport;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    rows.push({
      engine: ENGINE_NAME[engine] ?? engine,
      seconds: r.seconds,
      requests: `${r.requests.toLocaleString('en-US')} (${Math.round(r.perSecond)}/s)`,
      'sign-in p50 / p95': calls(r.signin),
      'list p50 / p95': calls(r.list),
      'edit p50 / p95': calls(r.edit),
      'errors / timeouts / non-2xx / app errors': `${r.errors} / ${r.timeouts} / ${r.non2xx} / ${r.appErrors}`,
      'writes acknowledged / stored / lost': `${r.acked} / ${r.stored} / ${r.lost}`,
      'last connection accepted': `${r.lastAcceptS.toFixed(1)} s`,
      'test passed': run.status === 0 ? 'yes' : 'no',
      load: `${before} → ${load()}`,
    });
  }
  say(
    `${LOAD_TITLE} (${seconds} s)`,
    rows,
    [
      `Command: \`npm run bench\` (\`BENCH_ONLY=load npm run bench\` for this section), which runs`,
      `\`LOAD_SECONDS=${seconds} LOAD_ENGINE=<engine> npx vitest run tests/reliability/load.test.ts\` per engine: autocannon on`,
      `loopback, 100 connections; one in ten signs in over and over (scrypt, slow by design), the others alternate`,
      `POST /blogger/lists and POST /tags/add (a new tag each) in their own workspaces. The test fails on any error,`,
      `timeout, non-2xx or non-200 code and on an acknowledged write missing from the database. Target:`,
      `zero errors for 60 s. More runs, with CPU hogs alongside: docs/reliability-server.md.`,
    ].join('\n'),
  );
}
