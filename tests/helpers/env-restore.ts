/**
 * vitest setup: every environment variable a test file set with `vi.stubEnv` is put back after the
 * file. Server and contract files share a process per worker (vitest.config.ts, project `server`), and
 * the server reads some settings from the environment each time an app starts: a value one file left
 * behind would reach the apps of the next file that worker runs.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.unstubAllEnvs();
});
