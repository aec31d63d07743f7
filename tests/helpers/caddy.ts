/**
 * Runs Debian's Caddy with the shipped deploy/Caddyfile (not a copy): the test only fills the
 * file's environment placeholders (site on a free loopback port, its own certificate, the
 * upstreams, the ops token), the way /etc/creatordesk/creatordesk.env does on a server. Also an
 * HTTPS client that reaches the site by name on loopback and trusts only the test CA.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { freePort } from './server-process.ts';
import type { TestCa } from './tls-ca.ts';

export const CADDYFILE = path.resolve('deploy/Caddyfile');

export interface RunningCaddy {
  origin: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface CaddyOptions {
  host: string;
  ca: TestCa;
  upstreams: string[];
  opsToken: string;
  /** Extra placeholder values (e.g. CREATORDESK_LB_POLICY). */
  env?: Record<string, string>;
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to `origin` (resolved to 127.0.0.1), verifying the certificate against `ca`. */
export function httpsRequest(
  origin: string,
  ca: TestCa,
  p: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  const url = new URL(p, origin);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        servername: url.hostname,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: { host: url.host, ...init.headers },
        ca: ca.caPem,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout: ${init.method ?? 'GET'} ${p}`)));
    req.end(init.body);
  });
}

export async function startCaddy(o: CaddyOptions): Promise<RunningCaddy> {
  const [port, httpPort] = [await freePort(), await freePort()];
  const home = path.join(o.ca.dir, 'caddy-home');
  fs.mkdirSync(home, { recursive: true });
  const proc = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      CADDY_ADMIN: 'off',
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(port),
      CREATORDESK_SITE: `${o.host}:${port}`,
      CREATORDESK_TLS: `tls ${o.ca.certFile} ${o.ca.keyFile}`,
      CREATORDESK_UPSTREAMS: o.upstreams.join(' '),
      OPS_TOKEN: o.opsToken,
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const origin = `https://${o.host}:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`caddy exited early:\n${out}`);
    const res = await httpsRequest(origin, o.ca, '/api/v0.1/health').catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() - started > 30_000) throw new Error(`caddy did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    port,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
