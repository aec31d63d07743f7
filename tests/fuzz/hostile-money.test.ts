/**
 * Hostile amounts and dates for plan costs: random strings, numbers and lookalikes ("1e3", "1,200",
 * "12.345", NaN, huge digits, whitespace) for the amount and the dates of /plan/cost.add, as JSON.
 * Zero 5xx; every refusal is 40001 naming the field; every accepted amount is stored exactly as
 * typed (cents, never rounded), so the plan's fees equal the sum of what was accepted. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const amount = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.stringMatching(/^\d{1,13}(\.\d{0,4})?$/),
  fc.double(),
  fc.integer({ min: -10, max: 1_000_000 }),
  fc.constantFrom('1e3', '1,200', ' 12.5 ', '0.001', '10000000000', '10000000000.01', 'NaN', '', null),
);
const date = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2026-02-29', '2028-02-29', '2026-13-01', '2015-12-31', '2026-03-01', ' 2026-03-05 '),
);

describeEngines('hostile plan costs', (t) => {
  it(
    'random amounts and dates: no 5xx, refusals name the field, accepted amounts kept exactly',
    { timeout: 240_000 },
    async () => {
      const a = await t().signUp();
      const [creator] = await addCreators(t().database.db, a.workspaceId, 1, { prefix: 'fz_' });
      const plan = await t().call('POST', '/plan/add', { name: 'Fuzz', country: 'US' }, { token: a.token });
      await t().call(
        'POST',
        '/plan/creator.add',
        { plan_id: plan.data.id, creator_ids: [creator] },
        { token: a.token },
      );
      let acceptedCents = 0;
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(amount, date, async (amt, day) => {
          const body = {
            plan_id: plan.data.id,
            creator_id: creator,
            kind: 'fee',
            amount: amt,
            start_date: day,
          };
          const res = await t().app.inject({
            method: 'POST',
            url: '/api/v0.1/plan/cost.add?language=en-us',
            headers: { token: a.token, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const out = res.json() as { code: number; msg: string; data: { amount?: number } };
          if (res.statusCode >= 500 || out.code >= 50000)
            failures.push(`${JSON.stringify(body)} → ${res.body}`);
          if (out.code === 200) {
            const typed = String(amt).trim();
            expect(Math.round(out.data.amount! * 100)).toBe(Math.round(Number(typed) * 100));
            expect(Number(typed) * 100 - Math.round(Number(typed) * 100)).toBeCloseTo(0, 6);
            acceptedCents += Math.round(out.data.amount! * 100);
          } else {
            expect(out.code, JSON.stringify(out)).toBe(40001);
            expect(out.msg).not.toBe('');
          }
        }),
        { numRuns: 150 },
      );
      expect(failures).toEqual([]);
      const money = await t().call('POST', '/plan/money', { plan_id: plan.data.id }, { token: a.token });
      expect(Math.round(money.data.total.fees * 100)).toBe(acceptedCents);
    },
  );
});
