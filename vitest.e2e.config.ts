import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (Debian's /usr/bin/chromium) against the real server built from
// this tree. Run through `npm run test:e2e`, which builds the PWA first. One file at a time: the
// machine has two cores and every file starts its own server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/e2e-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // A poll waits for the state a test expects after an action; 1 s (the default) is short on a
    // loaded 2-core machine. A poll that passes returns at once, so this only bounds failures.
    expect: { poll: { timeout: 10_000 } },
  },
});
