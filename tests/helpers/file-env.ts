/**
 * Environment variables for one test file, put back after it. Server and contract test files share
 * a process per vitest worker (vitest.config.ts, project `server`), and the server reads some settings
 * from the environment each time an app starts: a value one file left behind would reach the apps of
 * the next file run by the same worker.
 */
import { afterAll } from 'vitest';

export function fileEnv(vars: Record<string, string>): void {
  const old = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  afterAll(() => {
    for (const [k, v] of Object.entries(old)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}
