/**
 * Hostile bodies at the sample approval rules (/shop/sample-rules.set): random numbers around each
 * rule's bounds, numeric text, SQL and script payloads and hostile values, as JSON and as a form.
 * Never a 5xx; a refused body is 40001 and leaves the stored rules as they were; an accepted one
 * stores exactly what the contract reads, every value inside its rule's bounds. Both engines; seed
 * FUZZ_SEED, runs FUZZ_RUNS.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SAMPLE_RULE_LIMITS, SAMPLE_RULES } from '../../contract/sample-rules.ts';
import { SampleRulesSetRequest } from '../../contract/schemas/sample-rules.ts';
import { describeEngines } from '../helpers/test-app.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 10;
const formText = (v: unknown): string => (v && typeof v === 'object' ? JSON.stringify(v) : String(v));

describeEngines('hostile sample rules', (t) => {
  it('random and malicious rule values: no 5xx, refusals change nothing, stored values fit', async () => {
    const app = t();
    const me = await app.signUp({ name: 'Fuzz rules' });
    const value = fc.oneof(
      fc.double({ min: -2e12, max: 2e12 }),
      fc.integer({ min: -5, max: 200_000 }),
      fc.constantFrom('', ' ', '12', '1e3', '0x10', 'NaN', 'Infinity', '-0', '99.999', null),
      fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS),
      hostileValue,
    );
    const body = fc.record(Object.fromEntries(SAMPLE_RULES.map((r) => [r, value])), { requiredKeys: [] });
    const read = async () => (await app.call('GET', '/shop/sample-rules.get', {}, { token: me.token })).data;
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, asForm) => {
        const before = await read();
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v0.1/shop/sample-rules.set',
          headers: {
            token: me.token,
            'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          payload: asForm
            ? new URLSearchParams(Object.entries(b).map(([k, v]) => [k, formText(v)])).toString()
            : JSON.stringify(b),
        });
        expect(res.statusCode, res.payload.slice(0, 300)).toBeLessThan(500);
        const out = JSON.parse(res.payload) as { code: number; data?: Record<string, number | null> };
        const after = await read();
        if (out.code !== 200) {
          expect(out.code).toBe(40001);
          expect(after).toEqual(before);
          return;
        }
        if (!asForm) {
          const parsed = SampleRulesSetRequest.parse(b);
          for (const r of SAMPLE_RULES) expect(after[r]).toBe(parsed[r] ?? null);
        }
        for (const r of SAMPLE_RULES) {
          const v = after[r] as number | null;
          if (v === null) continue;
          const lim = SAMPLE_RULE_LIMITS[r];
          expect(v).toBeGreaterThanOrEqual(lim.min);
          expect(v).toBeLessThanOrEqual(lim.max);
          if (lim.int) expect(Number.isInteger(v)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 240_000);
});
