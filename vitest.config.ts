import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser (e2e) tests run separately through tests/e2e/run.mjs.
export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/fc-seed.ts', 'tests/helpers/env-restore.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two-core machine. Two there
    // ran the same 145 files in 476 s instead of 603 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A poll waits for the state a test expects after an action; 1 s (the default) is short on a
    // loaded 2-core machine. A poll that passes returns at once, so this only bounds failures.
    expect: { poll: { timeout: 10_000 } },
    // Server and contract files run without a fresh module graph per file: each builds its own app,
    // database and data directory, and re-importing Fastify, Kysely and every route for each of
    // ~120 files was most of their time (server/routes: 138 s -> 85 s, the same 459 tests). App,
    // sync and extension files keep isolation: their module singletons (the toast queue, the local
    // database, outcome timers) would carry one file's background work into the next.
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['{server,contract}/**/*.test.{ts,tsx}'], isolate: false },
      },
      { extends: true, test: { name: 'app', include: ['{src,tests,extension}/**/*.test.{ts,tsx}'] } },
    ],
  },
});
