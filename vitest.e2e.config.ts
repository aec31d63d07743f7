import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (Debian's /usr/bin/chromium) against the real server built from
// this tree. Run through `npm run test:e2e`, which builds the PWA first. One file at a time: the
// machine has two cores and every file starts its own server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
