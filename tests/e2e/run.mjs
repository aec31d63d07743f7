// Builds the PWA, then runs the browser tests (vitest.e2e.config.ts) against the real server.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// E2E_WEB_DIR lets parallel work build into its own folder (the server reads WEB_DIR).
const webDir = process.env.E2E_WEB_DIR;
if (webDir) {
  run('npm', ['run', 'i18n']);
  run('npx', ['vite', 'build', '--outDir', webDir, '--emptyOutDir']);
  process.env.WEB_DIR = webDir;
} else {
  run('npm', ['run', 'build']);
}
// The browser extension: dist-extension/ is what its browser test loads unpacked.
run('npm', ['run', '-s', 'build:extension']);
run('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
