/**
 * Hostile input for the hosting endpoints outside the spec's API, on both engines:
 * random and malicious CSP reports (any body, any of the accepted content types, shaped like a
 * report or not) and random Authorization headers on /ops/*. Never a 5xx; a report is answered
 * 204 or refused as a bad request; the metrics' directive label stays within CSP's directive names
 * (a page cannot grow the label set); no guessed header opens /ops. Seed: FUZZ_SEED.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 10;
const TOKEN = crypto.randomBytes(24).toString('hex');
const TYPES = ['application/csp-report', 'application/reports+json', 'application/json', 'text/plain'];

const reportLike = fc.record({
  'csp-report': fc.record({
    'effective-directive': fc.oneof(
      fc.constantFrom(...SCRIPT_PAYLOADS, ...SQL_PAYLOADS),
      fc.string(),
      hostileValue,
    ),
    'blocked-uri': hostileValue,
    'document-uri': hostileValue,
  }),
});
const body = fc.oneof(
  reportLike.map((r) => JSON.stringify(r)),
  fc
    .array(fc.record({ type: fc.constant('csp-violation'), body: hostileValue }))
    .map((a) => JSON.stringify(a)),
  hostileValue.map((v) => JSON.stringify(v) ?? ''),
  fc.string({ maxLength: 200 }),
  fc.constant(`{"csp-report":{"effective-directive":"${'x'.repeat(70_000)}"}}`),
);

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`hostile input to /csp-report and /ops [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    beforeAll(async () => {
      t = await createTestApp(engine, { OPS_TOKEN: TOKEN });
    });
    afterAll(async () => t?.close());

    it('never answers 5xx and keeps the directive label within CSP directive names', async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom(...TYPES), async (payload, type) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/csp-report',
            payload,
            headers: { 'content-type': type },
          });
          expect(res.statusCode).toBeLessThan(500);
          expect([200, 204, 400, 413, 415]).toContain(res.statusCode);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/ops/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const labels = [
        ...metrics.body.matchAll(/creatordesk_csp_violations_total\{directive="([^"]*)"\}/g),
      ].map((m) => m[1]);
      for (const label of labels)
        expect(label).toMatch(/^(other|[a-z]+(-[a-z]+)*-(src|elem|attr|ancestors|action|uri))$/);
    });

    it('no guessed Authorization header opens /ops', async () => {
      const header = fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
        fc.constantFrom(
          `Bearer ${TOKEN.slice(0, -1)}`,
          `bearer  ${TOKEN} x`,
          `Basic ${TOKEN}`,
          TOKEN,
          'Bearer ',
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          header,
          fc.constantFrom('/ops/ready', '/ops/metrics'),
          async (authorization, url) => {
            const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
            expect(res.statusCode).toBe(401);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  });
}
