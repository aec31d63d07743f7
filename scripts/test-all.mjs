// `npm test`: everything, in the order that fails fastest. Every step runs even when an earlier one
// failed, so one red run shows every failure at once; the exit code is non-zero if any step failed.
// Each step prints its own output; the last lines summarise the steps, and the slowest test files
// of the two test steps (from vitest's JSON report), so a slowdown shows where it came from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-test-all-'));
/** vitest's own reporter plus a JSON report of each file's start and end. */
const timed = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, name)}`,
];

const steps = [
  ['format', ['npm', 'run', '--silent', 'format:check']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  [
    'unit + integration (SQLite and PostgreSQL)',
    ['npx', 'vitest', 'run', ...timed('unit.json')],
    'unit.json',
    10,
  ],
  [
    'browser (Chromium against the real server)',
    ['node', 'tests/e2e/run.mjs', ...timed('browser.json')],
    'browser.json',
    Infinity,
  ],
];

/** A step's JSON report, or null when the step did not get as far as writing it. */
function readReport(report) {
  try {
    return JSON.parse(fs.readFileSync(path.join(reports, report), 'utf8'));
  } catch {
    return null;
  }
}

/** The files of a JSON report, slowest first: [seconds, file]. */
function fileSeconds(json) {
  return (json?.testResults ?? [])
    .map((f) => [Math.round((f.endTime - f.startTime) / 1000), path.relative(process.cwd(), f.name)])
    .sort((a, b) => b[0] - a[0]);
}

/** What failed, one line each: a failed test with its message's first line, or a file that failed
 * without a failed test (an import error, an error thrown outside any test). The summary repeats
 * them because a long run's log is often read only from its end. */
function failures(json) {
  const lines = [];
  for (const f of json?.testResults ?? []) {
    const file = path.relative(process.cwd(), f.name);
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      lines.push(`${file} > ${a.fullName ?? a.title}: ${why}`);
    }
    if (!failed.length && f.status === 'failed')
      lines.push(
        `${file}: ${String(f.message ?? 'failed')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
  }
  return lines;
}

const results = [];
for (const [name, [cmd, ...args], report, top] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), report, top });
}
console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
  if (!r.report) continue;
  const json = readReport(r.report);
  if (!r.ok) {
    const lines = failures(json);
    for (const l of lines) console.log(`  failed: ${l}`);
    if (!lines.length)
      console.log('  failed: no test failed in the report; look above for an unhandled error');
  }
  const files = fileSeconds(json);
  const shown = files.slice(0, r.top);
  for (const [s, f] of shown) console.log(`       ${String(s).padStart(5)}s  ${f}`);
  if (files.length > shown.length)
    console.log(`       (${files.length - shown.length} more files, each faster)`);
}
fs.rmSync(reports, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok).length;
process.exit(failed ? 1 : 0);
