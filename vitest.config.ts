import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser (e2e) tests run separately through tests/e2e/run.mjs.
export default defineConfig({
  test: {
    include: ['{src,server,contract,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
