/**
 * The team install of docs/hosting.md, built on the test machine: a fresh database on
 * the test PostgreSQL cluster, two server processes sharing it and one DATA_DIR, Debian's Caddy
 * with deploy/Caddyfile terminating TLS for a test host name with a throwaway CA's certificate,
 * and Chromium that trusts that CA and resolves the host name to loopback. The PWA is served from
 * a `web` symlink, as deploy/upgrade.sh switches `current` between releases.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { encodeForm, type Envelope } from '../../contract/wire.ts';
import { registerEmailBody, type ApiSession } from './shell.ts';
import { CHROMIUM_ARGS, browserLogger } from './browser.ts';
import { httpsRequest, startCaddy, type RunningCaddy } from './caddy.ts';
import { createPgDatabase } from './pg-database.ts';
import { pgQuery } from './pg-cluster.ts';
import { freePort, startServer, type RunningServer } from './server-process.ts';
import { createTestCa, type TestCa } from './tls-ca.ts';

export const TEST_HOST = 'team.creatordesk.test';

export interface TeamStack {
  origin: string;
  ca: TestCa;
  opsToken: string;
  databaseUrl: string;
  /** The symlink every process serves the PWA from (WEB_DIR). */
  webLink: string;
  servers: RunningServer[];
  caddy: RunningCaddy;
  browser: Browser;
  newContext(locale?: 'en-US' | 'zh-CN'): Promise<BrowserContext>;
  /** Sends a context's requests to process `i` (Caddy's lb cookie; the stack runs lb_policy cookie). */
  pin(ctx: BrowserContext, i: number): Promise<void>;
  /** The Cookie header that sends a Node request to process `i`. */
  pinCookie(i: number): Promise<string>;
  /** Resolves once Caddy routes to process `i` again (its health check passed). */
  waitInRotation(i: number): Promise<void>;
  /** Process `i`'s /ops/metrics text (called directly, with the ops token). */
  metricsText(i: number): Promise<string>;
  /** One API call through the proxy: form body, `token` header, answer parsed. */
  api<T = unknown>(
    token: string,
    method: string,
    p: string,
    body?: object,
    headers?: object,
  ): Promise<Envelope<T>>;
  /** The response the server stored with an Idempotency-Key (what a replay must repeat). */
  storedResponse(key: string): Promise<unknown>;
  /** Stops process `i` (SIGTERM: drain, then close) and starts it again on its port: one rolling-restart step. */
  restart(i: number): Promise<void>;
  close(): Promise<void>;
}

/** How much a counter grew between two /ops/metrics texts of one process. */
export const metricDelta = (before: string, after: string, name: string, labels = ''): number =>
  metricSum(after, name, labels) - metricSum(before, name, labels);

/** Sum of a Prometheus counter's samples whose labels include `labels` (e.g. `code="200"`). */
export function metricSum(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

export async function startTeamStack(webDir: string): Promise<TeamStack> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-team-'));
  const webLink = path.join(tmp, 'web');
  fs.symlinkSync(path.resolve(webDir), webLink);
  const db = await createPgDatabase('t_team');
  const opsToken = crypto.randomBytes(24).toString('hex');
  const lbSecret = crypto.randomBytes(16).toString('hex');
  const ports = [await freePort(), await freePort()];
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: db.url,
    DATA_DIR: path.join(tmp, 'data'),
    WEB_DIR: webLink,
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    OPS_TOKEN: opsToken,
    SHUTDOWN_DRAIN_MS: '2000',
    // As in /etc/creatordesk/creatordesk.env: the site Caddy serves, and the only host name the
    // processes answer for besides loopback (Caddy passes the browser's Host through).
    CREATORDESK_SITE: TEST_HOST,
  });
  const servers = await Promise.all(ports.map((p) => startServer(env(p))));
  const ca = createTestCa(TEST_HOST);
  const caddy = await startCaddy({
    host: TEST_HOST,
    ca,
    upstreams: ports.map((p) => `127.0.0.1:${p}`),
    opsToken,
    env: { CREATORDESK_LB_POLICY: `cookie lb ${lbSecret}` },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${TEST_HOST} 127.0.0.1`],
    // Chromium reads trusted roots from $HOME/.pki/nssdb: the throwaway CA, nothing else added.
    env: { ...process.env, HOME: ca.browserHome },
    headless: true,
    logger: browserLogger,
  });
  // Caddy's cookie policy names an upstream by HMAC-SHA256(secret, its dial address).
  const lbValue = (i: number) =>
    crypto.createHmac('sha256', lbSecret).update(`127.0.0.1:${ports[i]}`).digest('hex');
  const stack: TeamStack = {
    origin: caddy.origin,
    ca,
    opsToken,
    databaseUrl: db.url,
    webLink,
    servers,
    caddy,
    browser,
    newContext: (locale = 'en-US') =>
      browser.newContext({ baseURL: caddy.origin, locale, viewport: { width: 1366, height: 860 } }),
    async pin(ctx, i) {
      await ctx.addCookies([{ name: 'lb', value: lbValue(i), url: caddy.origin, sameSite: 'Lax' }]);
    },
    pinCookie: async (i) => `lb=${lbValue(i)}`,
    async waitInRotation(i) {
      // A pinned request to an upstream out of rotation is sent elsewhere with a new lb cookie.
      const until = Date.now() + 30_000;
      for (;;) {
        const res = await httpsRequest(caddy.origin, ca, '/api/v0.1/health', {
          headers: { cookie: `lb=${lbValue(i)}` },
        }).catch(() => null);
        if (res?.status === 200 && !res.headers['set-cookie']) return;
        if (Date.now() > until) throw new Error(`process ${i} never came back into rotation`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async metricsText(i) {
      const res = await fetch(`${stack.servers[i]!.url}/ops/metrics`, {
        headers: { authorization: `Bearer ${opsToken}` },
      });
      if (res.status !== 200) throw new Error(`metrics of process ${i}: HTTP ${res.status}`);
      return res.text();
    },
    async api(token, method, p, body = {}, headers = {}) {
      const form = encodeForm({ language: 'en-us', ...body });
      const res = await httpsRequest(caddy.origin, ca, `/api/v0.1${p}${method === 'GET' ? `?${form}` : ''}`, {
        method,
        headers: { token, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: method === 'GET' ? undefined : form,
      });
      if (res.status !== 200) throw new Error(`${method} ${p}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      return JSON.parse(res.body) as Envelope<never>;
    },
    async storedResponse(key) {
      const rows = await pgQuery(db.url, 'select response from idempotency_keys where key = $1', [key]);
      if (rows.length !== 1) throw new Error(`${rows.length} stored responses for key ${key}`);
      return JSON.parse(String(rows[0]!.response));
    },
    async restart(i) {
      await stack.servers[i]!.stop('SIGTERM');
      stack.servers[i] = await startServer(env(ports[i]!));
    },
    async close() {
      await browser.close().catch(() => undefined);
      await caddy.stop();
      await Promise.all(stack.servers.map((s) => s.stop()));
      await db.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  return stack;
}

/**
 * The admin creates a team; a teammate signs up through the proxy and joins it with the invite
 * code (the secret codes of migration 0016) or, before those, the team id. Answers the teammate's session.
 */
export async function addTeammate(stack: TeamStack, adminToken: string, email: string, password: string) {
  const created = await stack.api(adminToken, 'POST', '/team/add', { title: 'Agency' });
  if (created.code !== 200) throw new Error(`team/add: ${created.code} ${created.msg}`);
  const team = await stack.api<{ team_id: number; invite_code?: string }>(adminToken, 'GET', '/team/info');
  const member = await stack.api<ApiSession>(
    '',
    'POST',
    '/member/getToken',
    registerEmailBody(email, password),
  );
  if (member.code !== 200) throw new Error(`register: ${member.code} ${member.msg}`);
  const join = await stack.api(member.data.token, 'POST', '/team/user.add', {
    teamId: team.data.invite_code ?? team.data.team_id,
  });
  if (join.code !== 200) throw new Error(`team/user.add: ${join.code} ${join.msg}`);
  return member.data;
}

/** The titles of the caller's tags of one country, as the server lists them. */
export async function tagTitles(stack: TeamStack, token: string, country: string): Promise<string[]> {
  const res = await stack.api<{ list: { title: string }[] }>(token, 'POST', '/tags/lists', {
    country,
    page: 1,
    limit: 1000,
  });
  return res.data.list.map((t) => t.title);
}
