/**
 * The ledger's first answer carries one page of lines with the whole ledger's totals, count and
 * charts summed in the database (ledger.service.ts). Property: for any lines and any page size,
 * the pages read one after another are the whole ledger laid out from every line (ledger.ts), and
 * the totals, count and per-week and per-video GMV are the ones the screen summed from every line
 * before (src/features/ledger/ledger-rules.ts, gmvPerWeek and gmvPerVideo, restated below), for a creator and for the whole plan, on both engines.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { LedgerLine } from '../../contract/schemas/ledger.ts';
import { shopDayStart } from '../../contract/shop-time.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { planLedger } from './ledger.service.ts';
import { inputOf, ledgerLines } from './ledger.ts';
import { planMoneyInput } from './plan-money.service.ts';

const VIDEO = '7312345678900000001';
const T0 = 1_773_144_000;
/** What the screen summed from every line: positive sale GMV per shop week's Monday and per video. */
function screenSums(lines: readonly LedgerLine[]) {
  const weeks = new Map<number, number>();
  const videos = new Map<string, number>();
  for (const l of lines) {
    if (l.kind !== 'sale' || l.gmv_cents <= 0) continue;
    if (l.day) {
      const t = Date.parse(`${l.day}T00:00:00Z`) / 1000;
      const week = t - ((new Date(t * 1000).getUTCDay() + 6) % 7) * 86_400;
      weeks.set(week, (weeks.get(week) ?? 0) + l.gmv_cents);
    }
    if (l.video_id) videos.set(l.video_id, (videos.get(l.video_id) ?? 0) + l.gmv_cents);
  }
  return {
    weeks: [...weeks].sort((a, b) => a[0] - b[0]).map(([week, gmv_cents]) => ({ week, gmv_cents })),
    videos: [...videos]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([video_id, gmv_cents]) => ({ video_id, gmv_cents })),
  };
}

const DAYS = ['2026-03-01', '2026-03-08', '2026-03-09', '2026-03-16', '2026-11-01', '2026-11-02'];

describeEngines('the ledger in pages', (t) => {
  it('pages add up to the whole ledger; totals, count and charts equal the sums of every line', async () => {
    const a = await t().signUp();
    const db = t().database.db;
    const ids = await addCreators(db, a.workspaceId, 2, { prefix: 'pg' });
    await db
      .insertInto('products')
      .values({
        workspace_id: a.workspaceId,
        version: 1,
        deleted_at: null,
        product_id: '1729001',
        product_title: 'Lamp',
        category: '',
        product_img: '',
        country: 'US',
        add_time: T0,
        update_time: T0,
      })
      .execute();
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    const call = (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
      t().call(method, path, body, { token: a.token });
    const plan = await call('/plan/add', {
      name: 'Pages',
      country: 'US',
      product_ids: [Number(product.id)],
      sample_cost: 10,
      shipping_cost: 5,
    });
    expect(plan.code, JSON.stringify(plan)).toBe(200);
    const planId = plan.data.id as number;
    expect((await call('/plan/creator.add', { plan_id: planId, creator_ids: ids })).code).toBe(200);
    expect(
      (await call('/plan/creator.stage', { plan_id: planId, creator_ids: ids, stage: 'shipped' }, 'PUT'))
        .code,
    ).toBe(200);
    const video = await call('/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@pg0/video/${VIDEO}`,
      plan_id: planId,
    });
    expect(video.code, JSON.stringify(video)).toBe(200);
    for (const c of [
      { creator_id: ids[1], kind: 'fee', amount: '200.25', start_date: '2026-03-09' },
      {
        creator_id: ids[0],
        kind: 'ad',
        amount: 40,
        start_date: '2026-03-08',
        content_id: video.data.id,
        channel: 'spark',
      },
      {
        creator_id: ids[0],
        kind: 'retainer',
        amount: 1000,
        start_date: '2026-02-16',
        end_date: '2026-05-31',
      },
    ])
      expect((await call('/plan/cost.add', { plan_id: planId, ...c })).code).toBe(200);

    const edges = [0, 1, 4_102_444_800];
    for (const d of DAYS) {
      const s = shopDayStart(d, 'US');
      edges.push(s - 1, s, s + 1);
    }
    const line = fc.record({
      creator: fc.integer({ min: 0, max: 1 }),
      void: fc.constantFrom(0, 0, 0, 1),
      time: fc.oneof(fc.constantFrom(...edges), fc.integer({ min: 1_767_225_600, max: 1_798_761_600 })),
      content: fc.constantFrom(VIDEO, '', '7399999999999999999'),
      gmv: fc.integer({ min: -2_000, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (lines, limit, wholePlan) => {
          await db.deleteFrom('orders').where('workspace_id', '=', a.workspaceId).execute();
          if (lines.length)
            await db
              .insertInto('orders')
              .values(
                lines.map((l, i) => ({
                  workspace_id: a.workspaceId,
                  layout: 'affiliate',
                  order_id: String(9000 + i),
                  sku_id: '1',
                  content_id: l.content,
                  product_id: '1729001',
                  creator: `pg${l.creator}`,
                  country: 'US',
                  currency: 'USD',
                  status: 'Settled',
                  quantity: 1,
                  void: l.void,
                  // Same-second sales keep their order by id on every page.
                  created_time: l.time,
                  add_time: T0,
                  update_time: T0,
                  gmv: l.gmv / 100,
                  commission: Math.abs(l.gmv) / 1000,
                })),
              )
              .execute();
          const creatorId = wholePlan ? 0 : ids[0]!;
          const old = ledgerLines(
            inputOf(await planMoneyInput(db, a.workspaceId, planId, creatorId, 'each'), creatorId),
          );
          const scope = wholePlan ? { plan_id: planId } : { creator_id: creatorId };
          const pages: LedgerLine[] = [];
          const first = await planLedger(db, a.workspaceId, { ...scope, limit });
          pages.push(...first.lines);
          while (pages.length < first.lines_total) {
            const next = await planLedger(db, a.workspaceId, { ...scope, offset: pages.length, limit });
            expect(next.lines.length).toBeGreaterThan(0);
            expect(next.total).toEqual(first.total);
            pages.push(...next.lines);
          }
          expect(first.lines.length).toBe(Math.min(limit, old.lines.length));
          expect(first.lines_total).toBe(old.lines.length);
          expect(pages).toEqual(old.lines);
          expect(first.total).toEqual(old.total);
          const screen = screenSums(old.lines);
          expect(first.weeks).toEqual(screen.weeks);
          expect(first.videos).toEqual(screen.videos);
        },
      ),
      { numRuns: 25, seed: 41_041 },
    );
  });
});
