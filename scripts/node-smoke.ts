/**
 * A smoke run of the real server on the Node that runs this script: `.ci/run` runs the whole suite
 * on the current LTS (Node 24) and then this on the fresh machine's Node 20, after rebuilding the
 * native SQLite addon for it. It checks what can differ between Node versions: the addon loads,
 * migrations and the demo seed run, sign-in, a list, a sync pull and a write answer,
 * and the built PWA is served (the shell, a precompressed script). Needs a build (`npm run build`).
 *
 * Run: `node --import tsx scripts/node-smoke.ts` (exits non-zero on the first failure).
 */
import fs from 'node:fs';
import { encodeForm } from '../contract/wire.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { apiSignIn, DEMO_ACCOUNTS } from '../tests/helpers/shell.ts';

function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`node smoke (${process.version}): ${what}`);
  console.log(`  ok  ${what}`);
}

if (!fs.existsSync('dist/index.html') && !process.env.WEB_DIR)
  throw new Error('no build: run npm run build first');
console.log(`node smoke on ${process.version}`);
// The server exactly as `npm start` runs it (`tsx server/main.ts`), not the suite's compiled build.
process.env.SERVER_ENTRY = 'tsx';
// /health tells strangers only that the process lives; the engine and readiness are
// behind the ops token.
const OPS_TOKEN = 'node-smoke-ops-token-0123456789';
const server = await startServer({ TEST_HOOKS: '0', OPS_TOKEN });
try {
  const api = `${server.url}/api/v0.1`;
  const health = (await (await fetch(`${api}/health?language=en-us`)).json()) as { data: { status: string } };
  check(health.data.status === 'ok', 'server answers /health');
  const ready = (await (
    await fetch(`${server.url}/ops/ready`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })
  ).json()) as { ready: boolean; engine: string; pending_migrations: string[] };
  check(
    ready.ready && ready.engine === 'sqlite' && ready.pending_migrations.length === 0,
    'server ready on SQLite (better-sqlite3 loads, migrations done)',
  );

  const a = DEMO_ACCOUNTS.en;
  const signIn = await apiSignIn(server.url, { email: a.email }, a.password, { force: true });
  check(signIn.code === 200, 'demo sign-in (migrations and seed ran)');
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { token: signIn.data.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm({ language: 'en-us', ...body }),
    });
    return (await res.json()) as { code: number; data: Record<string, unknown> | null };
  };
  const list = await call('/blogger/lists', { country: 'US', page: 1, limit: 20 });
  const page = list.data as { count: number; list: unknown[] } | null;
  check(list.code === 200 && page && page.count > 0 && page.list.length === 20, 'creator list');
  const pull = await call('/sync/pull', { cursor: '', limit: 500 });
  const tables = (pull.data?.changes ?? {}) as Record<string, { rows: unknown[] }>;
  const pulled = Object.values(tables).reduce((n, t) => n + t.rows.length, 0);
  check(pull.code === 200 && pulled > 0, 'sync pull');
  const tag = await call('/tags/add', { country: 'US', title: `smoke ${Date.now()}` });
  check(tag.code === 200, 'a write (tag added)');

  const shell = await fetch(`${server.url}/home`);
  const html = await shell.text();
  check(shell.status === 200 && html.includes('<div id="root">'), 'app shell for an app route');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  check(script, 'the shell names its script');
  const js = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
  check(js.headers.get('content-encoding') === 'br', 'script sent precompressed (br)');
  // fetch has decoded the brotli body.
  check((await js.text()).includes('import'), 'script body decodes');
  console.log(`node smoke passed on ${process.version}`);
} finally {
  await server.stop();
}
