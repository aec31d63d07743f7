import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser (e2e) tests run separately through tests/e2e/run.mjs.
export default defineConfig({
  test: {
    include: ['{src,server,contract,tests,extension}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/fc-seed.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two-core machine. Two there
    // ran the same 145 files in 476 s instead of 603 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A poll waits for the state a test expects after an action; 1 s (the default) is short on a
    // loaded 2-core machine. A poll that passes returns at once, so this only bounds failures.
    expect: { poll: { timeout: 10_000 } },
  },
});
