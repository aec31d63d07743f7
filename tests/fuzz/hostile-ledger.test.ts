/**
 * Hostile /plan/ledger requests: random strings, numbers, arrays and lookalikes for plan_id,
 * creator_id, offset and limit, as JSON. Zero 5xx; every answer is 200 with at most `limit` lines,
 * 40001 with a message, or 40004; a 200's running totals always end on its total. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LEDGER_PAGE_MAX } from '../../contract/limits.ts';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const value = (good: unknown[]) =>
  fc.oneof(
    fc.constantFrom(...good, undefined, null, '', ' 1 ', '1e3', '0x10', -1, 0, 2 ** 53, 1.5, 'NaN', [1, 2], {
      a: 1,
    }),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 20_000_000 }),
  );

describeEngines('hostile ledger requests', (t) => {
  it(
    'random ids, offsets and limits: no 5xx, refusals carry a message, pages hold at most the limit',
    { timeout: 240_000 },
    async () => {
      const a = await t().signUp();
      const [creator] = await addCreators(t().database.db, a.workspaceId, 1, { prefix: 'fzl_' });
      const plan = await t().call('POST', '/plan/add', { name: 'Fuzz', country: 'US' }, { token: a.token });
      await t().call(
        'POST',
        '/plan/creator.add',
        { plan_id: plan.data.id, creator_ids: [creator] },
        { token: a.token },
      );
      for (const day of ['2026-03-01', '2026-03-02', '2026-03-03'])
        await t().call(
          'POST',
          '/plan/cost.add',
          { plan_id: plan.data.id, creator_id: creator, kind: 'fee', amount: 3, start_date: day },
          { token: a.token },
        );
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          value([plan.data.id]),
          value([creator]),
          value([0, 1, 2, 10_000_000]),
          value([1, 2, LEDGER_PAGE_MAX, LEDGER_PAGE_MAX + 1]),
          async (planId, creatorId, offset, limit) => {
            const body = { plan_id: planId, creator_id: creatorId, offset, limit };
            const res = await t().app.inject({
              method: 'POST',
              url: '/api/v0.1/plan/ledger?language=en-us',
              headers: { token: a.token, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            const out = res.json() as {
              code: number;
              msg: string;
              data: {
                lines: { run_net_cents: number }[];
                total: { net: number };
                lines_total: number;
                offset: number;
              };
            };
            if (res.statusCode >= 500 || out.code >= 50000)
              failures.push(`${JSON.stringify(body)} → ${res.body}`);
            if (out.code === 200) {
              expect(out.data.lines.length).toBeLessThanOrEqual(LEDGER_PAGE_MAX);
              expect(out.data.offset).toBeLessThanOrEqual(out.data.lines_total);
              if (out.data.lines.length && out.data.offset + out.data.lines.length === out.data.lines_total)
                expect(out.data.lines.at(-1)!.run_net_cents).toBe(Math.round(out.data.total.net * 100));
            } else {
              expect([40001, 40004], JSON.stringify(out)).toContain(out.code);
              expect(out.msg).not.toBe('');
            }
          },
        ),
        { numRuns: 150 },
      );
      expect(failures).toEqual([]);
    },
  );
});
