// Builds the PWA, then runs the browser tests (vitest.e2e.config.ts) against the real server.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
