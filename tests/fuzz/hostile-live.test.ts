/**
 * Hostile input for the live-update stream, both engines: random tokens in the
 * `token` and `Authorization` headers (control characters, SQL, script, 200+ characters, a real
 * token with one character changed or with padding), random query strings and other methods.
 * Never a 5xx and never a stream for anything but the exact live token: a refusal is the JSON
 * envelope with a force-logout code (or 404 for another method). Seed: FUZZ_SEED.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LIVE_PATH } from '../../contract/live.ts';
import { isForceLogout } from '../../contract/codes.ts';
import { describeEngines } from '../helpers/test-app.ts';
import { SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 10;
const URL = `/api/v0.1${LIVE_PATH}`;

describeEngines('hostile live stream', (t) => {
  it('random tokens and queries: never a 5xx, never a stream', { timeout: 120_000 }, async () => {
    const u = await t().signUp();
    const near = fc
      .tuple(fc.nat(u.token.length - 1), fc.constantFrom('0', 'f', ' ', '\u0000', '%'))
      .map(([i, c]) => u.token.slice(0, i) + c + u.token.slice(i + 1))
      .filter((x) => x.trim() !== u.token);
    const token = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        ...SCRIPT_PAYLOADS,
        ...SQL_PAYLOADS,
        'x'.repeat(201),
        `${u.token}x`,
        `Bearer ${u.token}`,
      ),
      near,
    );
    const query = fc.oneof(
      fc.constant(''),
      fc
        .dictionary(
          fc.constantFrom('token', 'workspaceId', 'cursor', 'language', 'x'),
          fc.string({ maxLength: 50 }),
        )
        .map((d) => `?${new URLSearchParams(d)}`),
      fc.constant(`?token=${u.token}`),
    );
    await fc.assert(
      fc.asyncProperty(token, query, fc.boolean(), async (tok, q, asBearer) => {
        // Headers cannot carry CR/LF or other control bytes: such a token is sent percent-encoded.
        // eslint-disable-next-line no-control-regex
        const safe = /[\u0000-\u001f\u007f-\uffff]/.test(tok) ? encodeURIComponent(tok) : tok;
        const headers = asBearer ? { authorization: `Bearer ${safe}` } : { token: safe };
        const res = await t().app.inject({ method: 'GET', url: `${URL}${q}`, headers });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(isForceLogout(res.json<{ code: number }>().code)).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await t().app.inject({ method, url: URL, headers: { token: u.token } });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: number }>().code).toBe(40004);
    }
  });
});
