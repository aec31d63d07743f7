/**
 * Hostile rows for /content/import: random and lookalike cells for the creator, video, post time,
 * products, counts and GMV ("1e3", "-0", "1,200", day-first dates, links that are not links, huge
 * digits, control characters), and random bodies. Zero 5xx; a row is either counted or refused and
 * named by row and field; the records the workspace holds are exactly the ones the answers said were
 * added, one per video. Both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CONTENT_IMPORT_FIELDS } from '../../contract/schemas/content-import.ts';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const video = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^73170000000000000\d\d$/),
  fc.constantFrom(
    'https://www.tiktok.com/@fz_ci0/video/7317000000000000001',
    'https://www.tiktok.com/@fz_ci1/video/7317000000000000001',
    '07317000000000000002',
    'https://vm.tiktok.com/x',
    '99999999999999999999999999',
    '',
  ),
);
const count = fc.oneof(
  fc.string({ maxLength: 14 }),
  fc.stringMatching(/^-?\d{1,14}(\.\d{0,3})?$/),
  fc.constantFrom('1e3', '1,200', ' 12 ', '-0', 'NaN', '', '1000000000001', '١٢'),
);
const time = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '2026-02-29',
    '2028-02-29 23:59:59',
    '2026-13-01',
    '2015-12-31',
    '2026-03-01 24:00',
    '03/01/2026 10:00:00',
    '2026-03-08 02:30',
    '2026-03-01T10:00:00.000Z',
    '2026-03-01T10:00:00+25:00',
  ),
);
const row = fc.record({
  row: fc.integer({ min: 1, max: 100 }),
  creator: fc.oneof(fc.constantFrom('fz_ci0', '@FZ_CI1', 'nobody', '@', ''), fc.string({ maxLength: 26 })),
  video,
  post_time: time,
  products: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('1,2;3 4', '1,1,1,1,1,1,1,1,1,1,1', '')),
  views: count,
  likes: count,
  comments: count,
  orders: count,
  gmv: fc.oneof(count, fc.constantFrom('$5', '5.5', '0.001', '1000000000.01')),
});

describeEngines('hostile content import', (t) => {
  it(
    'random rows and bodies: no 5xx, refusals name row and field, the records are the ones added',
    { timeout: 240_000 },
    async () => {
      const a = await t().signUp();
      await addCreators(t().database.db, a.workspaceId, 2, { prefix: 'fz_ci' });
      let added = 0;
      const failures: string[] = [];
      const send = async (body: unknown) => {
        const res = await t().app.inject({
          method: 'POST',
          url: '/api/v0.1/content/import?language=en-us',
          headers: { token: a.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode >= 500 || (res.json() as { code: number }).code >= 50000)
          failures.push(`${JSON.stringify(body)} → ${res.body}`);
        return res.json() as { code: number; msg: string; data: Record<string, unknown> | null };
      };
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), async (rows) => {
          const out = await send({ country: 'US', rows });
          if (out.code !== 200) {
            expect(out.code, JSON.stringify(out)).toBe(40001);
            expect(out.msg).not.toBe('');
            return;
          }
          const d = out.data as { refused: { row: number; field: string; reason: string }[]; added: number };
          for (const r of d.refused) {
            expect(rows.map((x) => x.row)).toContain(r.row);
            expect(CONTENT_IMPORT_FIELDS).toContain(r.field);
            expect(r.reason).not.toBe('');
          }
          added += d.added;
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
      const held = await t()
        .database.db.selectFrom('contents')
        .select(['video_id'])
        .where('workspace_id', '=', a.workspaceId)
        .execute();
      expect(held.length).toBe(added);
      expect(new Set(held.map((h) => h.video_id)).size).toBe(held.length);
    },
  );
});
