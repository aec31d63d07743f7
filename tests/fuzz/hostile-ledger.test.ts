/**
 * Hostile /plan/ledger requests: random strings, numbers, arrays and lookalikes for plan_id,
 * creator_id, offset, after (the cursor: forged keys, lookalikes, overlong) and limit, as JSON.
 * Zero 5xx; every answer is 200 with at most `limit` lines all after the cursor, 40001 with a
 * message, or 40004; a 200's running totals always end on its total. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LEDGER_PAGE_MAX } from '../../contract/limits.ts';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

/** Cursors: real-looking keys, edge numbers, lookalikes and junk. */
const cursor = fc.oneof(
  fc.constantFrom(
    undefined,
    '0.0.0',
    '1772323200.4.1',
    '-999999999999999.0.0',
    '999999999999999.5.999999999999999',
    '9999999999999999.2.1',
    '1.6.1',
    '1.2.-1',
    '1.2',
    '1.2.3.4',
    ' 1.2.3',
    '1e3.2.3',
    '0x10.2.3',
    '１.2.3',
    '',
    null,
    7,
    ['1.2.3'],
    { time: 1 },
    '1.2.3'.repeat(20),
  ),
  fc
    .tuple(fc.integer({ min: -2e9, max: 5e9 }), fc.integer({ min: 0, max: 7 }), fc.nat())
    .map(([t, r, id]) => `${t}.${r}.${id}`),
  fc.string({ maxLength: 45 }),
);

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
    'random ids, offsets, cursors and limits: no 5xx, refusals carry a message, pages hold at most the limit',
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
          cursor,
          fc.boolean(),
          async (planId, creatorId, offset, limit, after, withOffset) => {
            const body = {
              plan_id: planId,
              creator_id: creatorId,
              ...(withOffset ? { offset } : {}),
              ...(after === undefined ? {} : { after }),
              limit,
            };
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
                lines: { run_net_cents: number; key: string }[];
                next: string | null;
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
              // Every line after the cursor, in order; `next` the last one's key when it is set.
              const place = (k: string) => k.split('.').map(Number);
              const keys = out.data.lines.map((l) => place(l.key));
              const from = typeof after === 'string' && !withOffset ? [place(after)] : [];
              const seq = [...from, ...keys];
              for (let i = 1; i < seq.length; i++) {
                const [x, y] = [seq[i - 1]!, seq[i]!];
                expect(x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!).toBeLessThan(0);
              }
              if (out.data.next !== null) expect(out.data.next).toBe(out.data.lines.at(-1)!.key);
              if (out.data.lines.length && out.data.next === null)
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
