/**
 * Hostile input, property-based: workspace B sends random and malicious bodies to
 * every endpoint of contract/api.ts (read at run time), as form bodies and as JSON, while
 * workspace A holds data. Never an HTTP 500, the app keeps answering /health, every answer is
 * 200 or a 4xxxx code, A's rows stay as they were and no answer carries A's text.
 * Seed: FUZZ_SEED (fixed by default); runs per endpoint and encoding: FUZZ_RUNS.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { encodeForm } from '../../contract/wire.ts';
import { isForceLogout } from '../../contract/codes.ts';
import { hashToken } from '../../server/services/session.service.ts';
import { describeEngines, type TestApp } from '../helpers/test-app.ts';
import { newSession } from '../reliability/accounts.ts';
import { seedWorkspace, snapshot } from '../isolation/fixtures.ts';
import { hostileBody, RAW_FORMS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const MARK_A = 'ZQXFuzzSecretA';

/** A fresh session for B's user: some bodies are valid logouts or password changes. */
const session = (app: TestApp, userId: number, workspaceId: number): Promise<string> =>
  newSession(app.database, userId, workspaceId);

type Encoding = 'form' | 'json' | 'raw';

async function send(app: TestApp, ep: Endpoint, enc: Encoding, body: unknown, token: string) {
  const url = `/api/v0.1${ep.path}`;
  const headers: Record<string, string> = { token };
  const text =
    enc === 'raw'
      ? String(body)
      : enc === 'json'
        ? JSON.stringify(body)
        : encodeForm(body as Record<string, unknown>);
  if (ep.method === 'GET') {
    return app.app.inject({
      method: 'GET',
      url: `${url}?${enc === 'json' ? `q=${encodeURIComponent(text)}` : text}`,
      headers,
    });
  }
  const type = enc === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return app.app.inject({
    method: ep.method,
    url,
    headers: { ...headers, 'content-type': type },
    payload: text,
  });
}

/** Header values no client of ours sends: forged tokens, oversize keys, lying content types. */
const HOSTILE_HEADERS: { name: string; headers: Record<string, string>; payload: string }[] = [
  { name: 'sql token', headers: { token: "' OR '1'='1" }, payload: '' },
  { name: 'huge token', headers: { token: 'f'.repeat(8000) }, payload: '' },
  { name: 'empty token', headers: { token: '' }, payload: '' },
  { name: 'huge idempotency key', headers: { 'idempotency-key': 'k'.repeat(4000) }, payload: 'country=US' },
  {
    name: 'sql idempotency key',
    headers: { 'idempotency-key': "x'; drop table idempotency --" },
    payload: 'country=US',
  },
  {
    name: 'utf-16 json',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    payload: '{"a":1}',
  },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  {
    name: 'bad multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nbroken',
  },
  { name: 'bad json', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
  {
    name: 'deep json',
    headers: { 'content-type': 'application/json' },
    payload: '['.repeat(5000) + ']'.repeat(5000),
  },
];

/** The checks every answer must pass; returns a failure description or null. */
function judge(status: number, payload: string, secrets: string[]): string | null {
  if (status >= 500) return `HTTP ${status}: ${payload.slice(0, 300)}`;
  let code: unknown;
  try {
    code = (JSON.parse(payload) as { code?: unknown }).code;
  } catch {
    return `not JSON (HTTP ${status}): ${payload.slice(0, 200)}`;
  }
  const fine =
    code === 200 || (typeof code === 'number' && ((code >= 40000 && code < 50000) || isForceLogout(code)));
  if (!fine) return `code ${String(code)}`;
  const leaked = secrets.filter((s) => payload.includes(s));
  return leaked.length ? `leaks ${leaked.join(', ')}` : null;
}

describeEngines('hostile input', (t) => {
  it(
    'every endpoint survives random and malicious bodies from another workspace',
    { timeout: 120_000 },
    async () => {
      const app = t();
      const { db } = app.database;
      const a = await app.signUp({ name: 'Aquila' });
      const pool = await seedWorkspace(db, a.workspaceId, 'a', MARK_A);
      const b = await app.signUp({ name: 'Borealis' });
      await seedWorkspace(db, b.workspaceId, 'b', 'ZQXFuzzB');
      const before = await snapshot(db, a.workspaceId);

      const failures: string[] = [];
      const codes = new Map<string, number>();
      let runs = 0;
      const entries = Object.entries(API as Record<string, Endpoint>);
      for (const [name, ep] of entries) {
        const started = Date.now();
        let token = await session(app, b.userId, b.workspaceId);
        const check = async (enc: Encoding, body: unknown) => {
          runs++;
          const res = await send(app, ep, enc, body, token);
          const problem = judge(res.statusCode, res.payload, pool.secrets);
          const code = String((JSON.parse(res.payload) as { code?: unknown }).code ?? res.statusCode);
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (isForceLogout(Number(code))) {
            // Only a call that really ended B's session (a valid logout or password change) may
            // answer a force-logout code; then B signs in again and fuzzing goes on.
            const row = await db
              .selectFrom('sessions')
              .select('revoked_at')
              .where('token_hash', '=', hashToken(token))
              .executeTakeFirst();
            token = await session(app, b.userId, b.workspaceId);
            if (!row || row.revoked_at === null) return problem ?? `force logout ${code} with a live session`;
            return problem;
          }
          return problem;
        };
        for (const enc of ['form', 'json'] as const) {
          await fc.assert(
            fc.asyncProperty(hostileBody(ep.request), async (body) => {
              const problem = await check(enc, body);
              if (problem) failures.push(`${name} ${enc} ${JSON.stringify(body).slice(0, 200)} → ${problem}`);
              return true; // collect every failure instead of shrinking one
            }),
            { seed: SEED, numRuns: RUNS },
          );
        }
        for (const raw of RAW_FORMS) {
          const problem = await check('raw', raw);
          if (problem) failures.push(`${name} raw ${raw.slice(0, 80)} → ${problem}`);
        }
        for (const h of HOSTILE_HEADERS) {
          runs++;
          const res = await app.app.inject({
            method: ep.method,
            url: `/api/v0.1${ep.path}`,
            headers: { token, ...h.headers },
            ...(ep.method === 'GET' ? {} : { payload: h.payload }),
          });
          const problem = judge(res.statusCode, res.payload, pool.secrets);
          if (problem) failures.push(`${name} headers ${h.name} → ${problem}`);
          if (h.headers.token !== undefined) token = await session(app, b.userId, b.workspaceId);
        }
        if (process.env.FUZZ_DEBUG) console.log(name, Date.now() - started, 'ms');
        const health = await app.app.inject({ method: 'GET', url: '/api/v0.1/health' });
        expect(health.statusCode, `/health after ${name}`).toBe(200);
      }
      console.log(
        `fuzz [${app.engine}]: seed=${SEED} (FUZZ_SEED), ${runs} requests over ${entries.length} endpoints ` +
          `(${RUNS} form + ${RUNS} JSON + ${RAW_FORMS.length} raw + ${HOSTILE_HEADERS.length} header variants each); body codes ${[...codes].map(([c, n]) => `${c}×${n}`).join(' ')}`,
      );
      expect(failures).toEqual([]);
      expect(await snapshot(db, a.workspaceId)).toEqual(before);
    },
  );
});
