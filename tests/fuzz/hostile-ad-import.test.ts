/**
 * Hostile ad-spend rows for /plan/cost.import: random and lookalike cells for the video, day, amount,
 * currency and campaign ("1e3", "-0", "12.345", NaN, links that are not links, huge digits, control
 * characters), and random bodies. Zero 5xx; a row is either counted or refused and named by row and
 * field; the plan's ad spend equals the sum of the amounts the answers say were added. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const VIDEO = '7317777777777777771';
const video = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    VIDEO,
    `https://www.tiktok.com/@fz_ad0/video/${VIDEO}`,
    `0${VIDEO}`,
    'https://vm.tiktok.com/x',
    '',
  ),
);
const amount = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.stringMatching(/^-?\d{1,13}(\.\d{0,4})?$/),
  fc.constantFrom('1e3', '1,200', ' 12.5 ', '0.001', '-0', '-5', 'NaN', '', '10000000000.01'),
);
const day = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2026-02-29', '2028-02-29', '2026-13-01', '2015-12-31', '2026-03-01', '03/01/2026'),
);
const row = fc.record({
  row: fc.integer({ min: 1, max: 100 }),
  video,
  date: day,
  amount,
  currency: fc.oneof(fc.constantFrom('USD', 'usd', 'GBP', ''), fc.string({ maxLength: 5 })),
  campaign: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('x'.repeat(201))),
});

describeEngines('hostile ad-spend import', (t) => {
  it(
    'random rows and bodies: no 5xx, refusals name row and field, the plan counts what was added',
    { timeout: 240_000 },
    async () => {
      const a = await t().signUp();
      const [creator] = await addCreators(t().database.db, a.workspaceId, 1, { prefix: 'fz_ad' });
      const plan = await t().call('POST', '/plan/add', { name: 'Fuzz', country: 'US' }, { token: a.token });
      await t().call(
        'POST',
        '/plan/creator.add',
        { plan_id: plan.data.id, creator_ids: [creator] },
        { token: a.token },
      );
      const link = `https://www.tiktok.com/@fz_ad0/video/${VIDEO}`;
      expect((await t().call('POST', '/content/add', { country: 'US', link }, { token: a.token })).code).toBe(
        200,
      );
      let changeCents = 0;
      const failures: string[] = [];
      const send = async (body: unknown) => {
        const res = await t().app.inject({
          method: 'POST',
          url: '/api/v0.1/plan/cost.import?language=en-us',
          headers: { token: a.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode >= 500 || (res.json() as { code: number }).code >= 50000)
          failures.push(`${JSON.stringify(body)} → ${res.body}`);
        return res.json() as { code: number; msg: string; data: Record<string, unknown> | null };
      };
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), async (rows) => {
          const out = await send({ plan_id: plan.data.id, channel: 'spark', rows });
          if (out.code !== 200) {
            expect(out.code, JSON.stringify(out)).toBe(40001);
            expect(out.msg).not.toBe('');
            return;
          }
          const d = out.data as { refused: { row: number; field: string; reason: string }[]; change: number };
          for (const r of d.refused) {
            expect(rows.map((x) => x.row)).toContain(r.row);
            expect(['video', 'date', 'amount', 'currency', 'campaign']).toContain(r.field);
            expect(r.reason).not.toBe('');
          }
          changeCents += Math.round(d.change * 100);
        }),
        { numRuns: 120 },
      );
      await fc.assert(
        fc.asyncProperty(fc.anything(), async (body) => {
          const out = await send(body);
          expect(out.code).not.toBe(200);
        }),
        { numRuns: 60 },
      );
      expect(failures).toEqual([]);
      const money = await t().call('POST', '/plan/money', { plan_id: plan.data.id }, { token: a.token });
      expect(Math.round(money.data.total.ads * 100)).toBe(changeCents);
    },
  );
});
