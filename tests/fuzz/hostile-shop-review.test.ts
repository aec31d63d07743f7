/**
 * Hostile bodies at the sample review call of a connected shop (the generic hostile-input and
 * hostile-fields suites send theirs to a workspace without a shop): random and malicious ids,
 * results and reasons, as JSON and as a form. Never a 5xx; a body the contract refuses is 40001
 * and reaches TikTok with nothing; whatever is answered 200 names each id once with an outcome;
 * the workspace's applications change only through a review TikTok accepted.
 * Both engines; seed FUZZ_SEED, runs FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopSamplesReviewRequest } from '../../contract/schemas/shop-samples.ts';
import { createSimHarness, type SimHarness } from '../helpers/sim-harness.ts';
import type { SignedIn } from '../helpers/test-app.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

/** A form field's text; objects without a prototype have no String(). */
const formText = (v: unknown): string => (v && typeof v === 'object' ? JSON.stringify(v) : String(v));

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 5;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`hostile sample reviews [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    let pending: string[];
    beforeAll(async () => {
      h = await createSimHarness(engine);
      me = await h.app.signUp({ name: 'Fuzz reviewer' });
      expect((await h.connect(me)).get('connected')).toBe('1');
      await h.app.app.shop.sync.runDue();
      pending = h.sim.control
        .sampleApplications(h.shopId)
        .filter((s) => s.status === 'PENDING')
        .map((s) => s.id);
    });
    afterAll(() => h.close());

    it('random and malicious review bodies: no 5xx, refusals change nothing', async () => {
      const id = fc.oneof(
        fc.constantFrom(...pending, '0', '1'.repeat(30), '1'.repeat(31), '-1', '1e3', ' 7'),
        fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS),
        hostileValue,
      );
      const body = fc.record(
        {
          application_ids: fc.oneof(fc.array(id, { maxLength: 60 }), id),
          result: fc.oneof(fc.constantFrom('approve', 'reject', 'APPROVE', ''), hostileValue),
          reason: fc.oneof(
            fc.constantFrom('NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER', 'not_match', ''),
            hostileValue,
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, asForm) => {
          const calls = h.sim.control.calls().filter((c) => c.endpoint === 'samples.review').length;
          const res = await h.app.app.inject({
            method: 'POST',
            url: '/api/v0.1/shop/samples.review',
            headers: {
              token: me.token,
              'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            payload: asForm
              ? new URLSearchParams(
                  Object.entries(b).flatMap(([k, v]) =>
                    Array.isArray(v) ? v.map((x) => [`${k}[]`, formText(x)]) : [[k, formText(v)]],
                  ),
                ).toString()
              : JSON.stringify(b),
          });
          expect(res.statusCode, res.payload.slice(0, 300)).toBeLessThan(500);
          const out = JSON.parse(res.payload) as { code: number; data?: { results: { outcome: string }[] } };
          const after = h.sim.control.calls().filter((c) => c.endpoint === 'samples.review').length;
          if (out.code !== 200) {
            expect([40001, 40009]).toContain(out.code);
            expect(after).toBe(calls);
            return;
          }
          const valid = ShopSamplesReviewRequest.safeParse(b);
          if (!asForm) expect(valid.success).toBe(true);
          expect(out.data!.results.every((r) => ['done', 'refused'].includes(r.outcome))).toBe(true);
          // TikTok is called at most once per application named, and only for this workspace's ones.
          expect(after - calls).toBeLessThanOrEqual(out.data!.results.length);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // Every application TikTok now holds as reviewed was reviewed through a recorded review.
      const reviewed = h.sim.control
        .sampleApplications(h.shopId)
        .filter((s) => pending.includes(s.id) && s.status !== 'PENDING')
        .map((s) => s.id)
        .sort();
      const done = await h.app.database.db
        .selectFrom('shop_sample_reviews')
        .select('application_id')
        .where('outcome', '=', 'done')
        .execute();
      expect(done.map((r) => r.application_id).sort()).toEqual(reviewed);
    }, 240_000);
  });
}
