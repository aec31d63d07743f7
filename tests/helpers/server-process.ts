/**
 * Starts the real server (`server/main.ts`, compiled once: `serverCommand`) on a free port with its
 * own data directory, as `npm start` does after the build. Used by browser tests, process-level
 * tests and the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { seededCopy, serverSourceHash } from './seed-template.ts';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Whether `port` can be listened on at 127.0.0.1 now (it is free again when this resolves). */
const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** The kernel's range for ports it hands out itself (listen on 0, a connection's own end). */
function ephemeralRange(): [number, number] {
  try {
    const [lo, hi] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    if (Number(lo) > 0 && Number(hi) > 0) return [Number(lo), Number(hi)];
  } catch {
    // not Linux: the IANA range most systems use
  }
  return [49152, 65535];
}

/**
 * A free port for a process that must be told its port before it starts (a proxy's upstream, a
 * redirect URL naming it), chosen at random below the kernel's ephemeral range: a port from that
 * range, freed and passed on, could be handed in between to another server listening on port 0 or to
 * a connection's own end (then the process exits with EADDRINUSE). Processes that can name their own
 * port listen on 0 instead (startServer without PORT).
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const from = 10_000;
  for (let i = 0; i < 50 && low - from > 1_000; i++) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await canListen(port)) return port;
  }
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

/**
 * How a test starts the server: `server/main.ts` compiled once into one ES module (esbuild, the
 * compiler tsx itself uses; packages stay imports from node_modules), then `node` on that file.
 * Under `tsx` every start spent about 1.5 s of its ~2.7 s loading the server's ~300 modules through
 * the loader's hooks (docs/decisions/tests.md, the bullet on the server's test build). The build
 * sits two folders below the root, as `server/main.ts` does, so the server's paths relative to its
 * own module (package.json, test fixtures) and node_modules resolve the same; it is named by the
 * hash of server/ and contract/ and written by one rename, so parallel workers and a changed source
 * never share a stale one. `SERVER_ENTRY=tsx` starts `tsx server/main.ts` exactly as `npm start`
 * does (the Node 20 smoke test proves that path).
 */
export function serverCommand(): string[] {
  if (process.env.SERVER_ENTRY === 'tsx') return ['--import', 'tsx', 'server/main.ts'];
  const dir = path.resolve('.cache', `server-${serverSourceHash().slice(0, 16)}`);
  const file = path.join(dir, 'main.mjs');
  if (!fs.existsSync(file)) {
    const building = `${dir}.${process.pid}.${Date.now()}`;
    buildSync({
      entryPoints: ['server/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: path.join(building, 'main.mjs'),
      logLevel: 'warning',
    });
    try {
      fs.renameSync(building, dir);
    } catch {
      fs.rmSync(building, { recursive: true, force: true }); // another worker published it first
    }
    // Builds of older sources go once they are an hour old: every edit under server/ makes a new one.
    for (const old of fs.readdirSync(path.dirname(dir))) {
      const at = path.join(path.dirname(dir), old);
      if (at !== dir && old.startsWith('server-') && Date.now() - fs.statSync(at).mtimeMs > 3_600_000)
        fs.rmSync(at, { recursive: true, force: true });
    }
  }
  return [file];
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cd-e2e-'));
  // A fixed PORT (env) restarts a process where the proxy expects it (rolling restarts). Otherwise
  // the server listens on a port the system picks and its banner names it: a port chosen here and
  // freed before the server listens can be taken in between by another worker's server (then this
  // one exits with EADDRINUSE, or worse, a health check reaches the other one).
  const fixedPort = env.PORT ? Number(env.PORT) : undefined;
  const flags = process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...flags, ...serverCommand()], {
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
      PORT: String(fixedPort ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const started = Date.now();
  // The port named by the banner (or the fixed one), once the server answers its health check.
  const port = await (async (): Promise<number> => {
    let named = fixedPort;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${out}`);
      named ??= Number(/CreatorDesk is running at https?:\/\/[^\s/]*:(\d+)/.exec(out)?.[1]) || undefined;
      if (named !== undefined) {
        const up = await fetch(`http://127.0.0.1:${named}/api/v0.1/health`).then(
          (res) => res.ok,
          () => false, // not up yet
        );
        if (up) return named;
      }
      await new Promise((r) => setTimeout(r, named === undefined ? 100 : 200));
    }
  })();
  const url = `http://127.0.0.1:${port}`;
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
