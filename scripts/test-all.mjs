// `npm test`: everything, in the order that fails fastest. Each step prints its own output; the
// last line summarises the steps.
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
  if (!ok) break;
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed || results.length < steps.length ? 1 : 0);
