/**
 * Starts the real server (`tsx server/main.ts`) on a free port with its own data directory, the
 * way `npm start` does after the build. Used by browser tests and by process-level tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seededCopy } from './seed-template.ts';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Environment keys a seed template may differ in without changing what the seed writes. */
const TEMPLATE_NEUTRAL = new Set(['WEB_DIR', 'LOG_LEVEL']);

/**
 * `startServer`, seeded from a copy of the demo seed made once for this server code and day
 * (tests/helpers/seed-template.ts) when the server would seed it anew: SQLite, its own new data
 * directory, the demo seed on, and nothing in `env` that could change what it writes at start.
 * Otherwise exactly `startServer`.
 */
export async function startSeededServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const plain =
    env.DATA_DIR === undefined &&
    env.DATABASE_URL === undefined &&
    process.env.DATABASE_URL === undefined &&
    env.SEED_DEMO !== '0' &&
    Object.keys(env).every((k) => TEMPLATE_NEUTRAL.has(k));
  if (!plain) return startServer(env);
  const dataDir = await seededCopy({ ...env, WEB_DIR: '' }, async (dir) => {
    const seeding = await startServer({ ...env, DATA_DIR: dir });
    await seeding.stop();
  });
  return startServer({ ...env, DATA_DIR: dataDir });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cd-e2e-'));
  // A fixed PORT (env) restarts a process where the proxy expects it (rolling restarts).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const flags = process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TEST_HOOKS: '1',
      // A quarter of `npm start`'s demo: every new browser profile pulls the whole workspace, and the
      // browser tests open about forty (the engine at 100k and 1M rows is measured by `npm run bench`).
      SEED_DEMO_CREATORS: '5000',
      // No simulated shop unless a test asks for one (DEMO_SHOP=1): it would connect and sync at start.
      DEMO_SHOP: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/v0.1/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    proc,
    output: () => out,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await exited;
    },
  };
}
