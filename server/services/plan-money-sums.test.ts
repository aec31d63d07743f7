/**
 * /plan/money sums the counted lines in the database per creator, video and shop month
 * (plan-money.service.ts, summedLines). Property: for any lines (times on and around month ends,
 * summer-time changes and week starts in the shop's zone, no time at all, times outside the
 * bucketed window), the plan's whole answer is the one netProfit gives from every line read on its
 * own, on both engines, in a shop with summer time (US) and one without (MY).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Country } from '../../contract/constants.ts';
import { PLAN_MONEY_VIDEOS_MAX } from '../../contract/limits.ts';
import { shopDayStart } from '../../contract/shop-time.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { netProfit } from './net-profit.ts';
import { planMoney, planMoneyInput } from './plan-money.service.ts';

const VIDEO = '7312345678900000001';
const T0 = 1_773_144_000;

/** Instants where a wrong zone offset moves a line to another month or week. */
function edges(country: Country): number[] {
  const days = [
    '2026-03-01',
    '2026-03-08',
    '2026-03-09',
    '2026-04-01',
    '2026-11-01',
    '2026-11-02',
    '2026-12-01',
  ];
  const out = [0, 1, 86_400 * 400, 4_102_444_800, 946_684_800];
  for (const d of days) {
    const t = shopDayStart(d, country);
    out.push(t - 1, t, t + 1, t + 3600, t - 3600);
  }
  // The US switch to summer time (2026-03-08 10:00 UTC) and back (2026-11-01 09:00 UTC).
  out.push(1_772_964_000 - 1, 1_772_964_000, 1_793_523_600 - 1, 1_793_523_600);
  return out;
}

describeEngines('net profit from sums in the database', (t) => {
  for (const country of ['US', 'MY'] as const)
    it(`equals net profit from every line, per creator, video and month (${country})`, async () => {
      const a = await t().signUp();
      const db = t().database.db;
      const prefix = `s${country.toLowerCase()}`;
      const ids = await addCreators(db, a.workspaceId, 3, { prefix, country });
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
          country,
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
        name: 'Sums',
        country,
        product_ids: [Number(product.id)],
        sample_cost: 10,
        shipping_cost: 5,
      });
      expect(plan.code, JSON.stringify(plan)).toBe(200);
      const planId = plan.data.id as number;
      expect((await call('/plan/creator.add', { plan_id: planId, creator_ids: ids })).code).toBe(200);
      const video = await call('/content/add', {
        country,
        link: `https://www.tiktok.com/@${prefix}0/video/${VIDEO}`,
        plan_id: planId,
      });
      expect(video.code, JSON.stringify(video)).toBe(200);

      const times = edges(country);
      const line = fc.record({
        creator: fc.integer({ min: 0, max: 2 }),
        layout: fc.constantFrom('affiliate', 'affiliate', 'all_orders'),
        void: fc.constantFrom(0, 0, 0, 1),
        time: fc.oneof(fc.constantFrom(...times), fc.integer({ min: 1_577_836_800, max: 1_893_456_000 })),
        content: fc.constantFrom(VIDEO, '', '7399999999999999999'),
        gmv: fc.integer({ min: -5_000, max: 100_000 }),
        commission: fc.integer({ min: 0, max: 10_000 }),
      });
      let checked = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), async (lines) => {
          await db.deleteFrom('orders').where('workspace_id', '=', a.workspaceId).execute();
          await db
            .insertInto('orders')
            .values(
              lines.map((l, i) => ({
                workspace_id: a.workspaceId,
                layout: l.layout,
                order_id: String(9000 + (i % 25)),
                sku_id: String(i),
                content_id: l.content,
                product_id: '1729001',
                creator: `${prefix}${l.creator}`,
                country,
                currency: 'USD',
                status: 'Settled',
                quantity: 1,
                void: l.void,
                created_time: l.time,
                add_time: T0,
                update_time: T0,
                gmv: l.gmv / 100,
                commission: l.commission / 1000,
              })),
            )
            .execute();
          const each = await planMoneyInput(db, a.workspaceId, planId, 0, 'each');
          const summed = await planMoneyInput(db, a.workspaceId, planId, 0, 'month');
          expect(summed.lines.length).toBeLessThanOrEqual(each.lines.length);
          if (each.lines.length) checked += 1;
          expect(await planMoney(db, a.workspaceId, planId)).toEqual(
            netProfit({ ...each, videosMax: PLAN_MONEY_VIDEOS_MAX }),
          );
        }),
        {
          numRuns: 25,
          seed: 4_102,
          // Every edge at once, for one creator and video: lines a second apart on both sides of
          // each month end, week start and clock change, which one group must never hold together.
          examples: [
            [
              times.map((time, i) => ({
                creator: 0,
                layout: 'affiliate',
                void: 0,
                time,
                content: VIDEO,
                gmv: 1_000 + i,
                commission: 100 + i,
              })),
            ],
          ],
        },
      );
      expect(checked).toBeGreaterThan(10);
    });
});
