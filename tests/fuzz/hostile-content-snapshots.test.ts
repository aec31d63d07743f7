/**
 * Hostile /content/snapshots requests: random strings, numbers, arrays and lookalikes for id and
 * days, as JSON. Zero 5xx; every answer is 200 with at most `days` points, each inside the window
 * and oldest first, 40001 with a message, or 40004. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEngines } from '../helpers/test-app.ts';

const POST = 1_767_225_600;
const value = (good: unknown[]) =>
  fc.oneof(
    fc.constantFrom(...good, undefined, null, '', ' 7 ', '7e0', '0x1e', -7, 0, 2 ** 53, 7.5, 'NaN', [7], {
      a: 1,
    }),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 20_000_000 }),
  );

describeEngines('hostile content snapshot requests', (t) => {
  it(
    'random ids and windows: no 5xx, refusals carry a message, points stay in their window',
    {
      timeout: 240_000,
    },
    async () => {
      const a = await t().signUp();
      const add = await t().call(
        'POST',
        '/content/add',
        {
          country: 'US',
          link: 'https://www.tiktok.com/@fuzz_snap/video/7333333333333333333',
          post_time: POST,
        },
        { token: a.token },
      );
      const id = add.data.id as number;
      for (let d = 0; d < 40; d += 3)
        await t()
          .database.db.insertInto('content_snapshots')
          .values({
            workspace_id: a.workspaceId,
            content_id: id,
            taken_at: POST + d * 86_400 + 5,
            views: d,
            gmv: 0,
          })
          .execute();
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(value([id, String(id)]), value([7, 30, '7', '30']), async (idIn, days) => {
          const body = { id: idIn, days };
          const res = await t().app.inject({
            method: 'POST',
            url: '/api/v0.1/content/snapshots?language=en-us',
            headers: { token: a.token, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const out = res.json() as {
            code: number;
            msg: string;
            data: { days: number; points: { day: number; taken_at: number }[] };
          };
          if (res.statusCode >= 500 || out.code >= 50000)
            failures.push(`${JSON.stringify(body)} → ${res.body}`);
          if (out.code === 200) {
            expect([7, 30]).toContain(out.data.days);
            expect(out.data.points.length).toBeLessThanOrEqual(out.data.days);
            out.data.points.forEach((p, i) => {
              expect(p.day).toBeGreaterThanOrEqual(0);
              expect(p.day).toBeLessThan(out.data.days);
              if (i) expect(p.taken_at).toBeGreaterThan(out.data.points[i - 1]!.taken_at);
            });
          } else {
            expect([40001, 40004], JSON.stringify(out)).toContain(out.code);
            expect(out.msg).not.toBe('');
          }
        }),
        { numRuns: 150 },
      );
      expect(failures).toEqual([]);
    },
  );
});
