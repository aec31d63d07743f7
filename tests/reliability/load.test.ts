/**
 * Load test (issue 11): autocannon against a real server process on loopback, 100 connections
 * for LOAD_SECONDS (10 s here, 60 s for the full run: `LOAD_SECONDS=60 npx vitest run
 * tests/reliability/load.test.ts`). Each connection cycles sign-in, list and edit (tag add with a
 * unique title). Login limits only count failures, and every connection signs in to its own
 * account with force=1, so no limit is raised. Zero transport errors, timeouts, non-2xx answers
 * and application errors; p50/p95 per call; every acknowledged tag is in the database after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { createAccounts, openFor, removeTracked, track } from './accounts.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = 100;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  removeTracked();
});

type Kind = 'signin' | 'list' | 'edit';
interface Ctx {
  n?: number;
  start?: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

it(
  `100 connections for ${SECONDS} s of sign-in, list and edit: no errors, no lost writes`,
  { timeout: 60_000 + SECONDS * 3000 },
  async () => {
    const dataDir = track(fs.mkdtempSync(path.join(os.tmpdir(), 'cd-load-')));
    const database = await openFor(dataDir);
    const signers = await createAccounts(database, CONNECTIONS);
    const writers = await createAccounts(database, CONNECTIONS);
    await database.close();
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'error' });

    let nextConn = 0;
    let seq = 0;
    const times: Record<Kind, number[]> = { signin: [], list: [], edit: [] };
    const appErrors: string[] = [];
    const acked = new Set<string>();
    const form = (o: Record<string, string | number>) =>
      new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
    // One connection in ten signs in over and over (scrypt is deliberately slow); the others
    // alternate list and edit, each with its own workspace.
    const SIGNERS_EVERY = 10;
    const build = (kind: Kind, n: number): { path: string; body: string; title?: string } => {
      if (kind === 'signin') {
        const a = signers[n]!;
        return {
          path: '/member/getToken',
          body: form({ phone: a.phone, password: a.password, isPassword: 1, force: 1, language: 'en-us' }),
        };
      }
      if (kind === 'list') {
        return {
          path: '/blogger/lists',
          body: form({ country: 'US', field: 'follower_count', sort: 'desc', limit: 20, language: 'en-us' }),
        };
      }
      const title = `load-${++seq}`;
      return { path: '/tags/add', body: form({ country: 'US', title, language: 'en-us' }), title };
    };
    const step = (other: Kind) => ({
      method: 'POST' as const,
      setupRequest: (req: any, ctx: Ctx & { title?: string; kind?: Kind }) => {
        ctx.n ??= nextConn++ % CONNECTIONS;
        const kind: Kind = ctx.n % SIGNERS_EVERY === 0 ? 'signin' : other;
        const r = build(kind, ctx.n);
        Object.assign(ctx, { kind, title: r.title, start: performance.now() });
        const token = kind === 'signin' ? {} : { token: writers[ctx.n]!.token };
        return {
          ...req,
          path: `/api/v0.1${r.path}`,
          body: r.body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...token },
        };
      },
      onResponse: (status: number, body: string, ctx: Ctx & { title?: string; kind?: Kind }) => {
        const kind = ctx.kind!;
        times[kind].push(performance.now() - (ctx.start ?? 0));
        let code = -1;
        try {
          code = (JSON.parse(body) as { code: number }).code;
        } catch {
          /* counted below */
        }
        if (status !== 200 || code !== 200) appErrors.push(`${kind} HTTP ${status} ${body.slice(0, 120)}`);
        else if (kind === 'edit' && ctx.title) acked.add(ctx.title);
      },
    });
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
      requests: [step('list'), step('edit')],
    });

    const check = await openFor(dataDir);
    const rows = await check.db.selectFrom('tags').select('title').where('title', 'like', 'load-%').execute();
    await check.close();
    const stored = new Set(rows.map((r) => r.title));
    const lost = [...acked].filter((t) => !stored.has(t));
    const line = (k: Kind) =>
      `${k} ${times[k].length} calls p50 ${pct(times[k], 50).toFixed(0)} ms p95 ${pct(times[k], 95).toFixed(0)} ms`;
    console.log(
      `load: ${SECONDS} s, ${CONNECTIONS} connections, ${result.requests.total} requests (${result.requests.average}/s); ` +
        `${line('signin')}; ${line('list')}; ${line('edit')}; errors ${result.errors}, timeouts ${result.timeouts}, ` +
        `non-2xx ${result.non2xx}, app errors ${appErrors.length}; ${acked.size} tags acknowledged, ${stored.size} stored, ${lost.length} lost`,
    );
    if (result.errors || result.timeouts) console.log(`server output:\n${server.output().slice(-3000)}`);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(appErrors.slice(0, 5)).toEqual([]);
    expect(acked.size).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // No write without an answer either: the only tags are the acknowledged ones (or in flight at the end).
    expect(stored.size - acked.size).toBeLessThanOrEqual(CONNECTIONS);
  },
);
