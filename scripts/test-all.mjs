// `npm test`: everything, in the order that fails fastest. Every step runs even when an earlier one
// failed, so one red run shows every failure at once; the exit code is non-zero if any step failed.
// Each step prints its own output; the last lines summarise the steps.
import { spawnSync } from 'node:child_process';

const steps = [
  ['format', ['npm', 'run', '--silent', 'format:check']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['unit + integration (SQLite and PostgreSQL)', ['npx', 'vitest', 'run']],
  ['browser (Chromium against the real server)', ['node', 'tests/e2e/run.mjs']],
];

const results = [];
for (const [name, [cmd, ...args]] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed ? 1 : 0);
