/**
 * The `orders` kind's two passes after the first (kinds/orders.ts), on both engines: a recent pass
 * reads from RECENT_DAYS before the previous pass's end, so its work follows the new lines, and
 * still picks up an order changed or first seen inside that overlap; an older order's change waits
 * for the deep pass, which re-reads REVISIT_DAYS once SWEEP_SECONDS have gone by.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { orderLines, type AffiliateOrder } from '../../integrations/tiktok-shop/index.ts';
import { RECENT_DAYS, readCursor, REVISIT_DAYS, SWEEP_SECONDS } from './kinds/orders.ts';

const DAY = 86_400;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: recent and deep order passes [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const run = () => h.app.app.shop.sync.runDue();
    const makeDue = () =>
      db().updateTable('shop_sync_state').set({ next_run_at: 0 }).where('kind', '=', 'orders').execute();
    const cursor = async () =>
      readCursor(
        (
          await db()
            .selectFrom('shop_sync_state')
            .select('cursor')
            .where('kind', '=', 'orders')
            .executeTakeFirstOrThrow()
        ).cursor,
      );
    const line = async (l: { order_id: string; product_id: string }) =>
      db()
        .selectFrom('orders')
        .select(['void', 'status'])
        .where('workspace_id', '=', me.workspaceId)
        .where('order_id', '=', l.order_id)
        .where('product_id', '=', l.product_id)
        .executeTakeFirst();
    const orderPages = () => h.sim.control.calls().filter((c) => c.endpoint === 'orders.search').length;
    const apiLines = () =>
      [...h.sim.control.orders(h.shopId)].flatMap((o) => orderLines(o as unknown as AffiliateOrder));

    it('a recent pass reads the overlap only, yet picks up what changed or arrived in it; the deep pass the rest', async () => {
      h = await createSimHarness(engine, { orderLines: 2000 });
      me = await h.app.signUp({ name: `Recent ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 4_000_000_000 })
        .where('kind', '!=', 'orders')
        .execute();
      await run();
      const first = await cursor();
      expect(first).toMatchObject({ end: 0, page: '' });
      expect(first.done).toBeGreaterThan(0);
      expect(first.swept).toBeGreaterThan(0);

      // An hour on: recent orders refunded (inside the overlap), an order ten days old refunded
      // (outside it), new orders, and an order placed a day before the last pass that reaches the
      // search only now.
      h.clock.ms += 3600_000;
      const recent = await h.sim.control.changeOrderLines(h.shopId, { count: 3, kind: 'refund' });
      const old = await h.sim.control.changeOrderLines(h.shopId, {
        count: 2,
        kind: 'refund',
        createdBefore: first.done - 10 * DAY,
      });
      const added = h.sim.control.addOrders(h.shopId, { count: 2 });
      const late = h.sim.control.addOrders(h.shopId, { count: 1, createTime: first.done - DAY });
      for (const l of [...recent, ...old]) expect(Number((await line(l))!.void)).toBe(0);

      h.sim.control.clearCalls();
      await makeDue();
      await run();
      const recentPages = orderPages();
      for (const l of recent) expect(Number((await line(l))!.void), 'refunded inside the overlap').toBe(1);
      for (const id of [...added, ...late])
        expect(
          await db().selectFrom('orders').select('id').where('order_id', '=', id).executeTakeFirst(),
          'an order after the cursor, or late inside the overlap',
        ).toBeDefined();
      // Older than the overlap: not read by a recent pass.
      for (const l of old) expect(Number((await line(l))!.void)).toBe(0);
      const second = await cursor();
      expect(second.swept).toBe(first.swept);
      expect(second.done).toBeGreaterThan(first.done);

      // The recent pass read about RECENT_DAYS of orders; the deep one REVISIT_DAYS.
      h.clock.ms += SWEEP_SECONDS * 1000;
      h.sim.control.clearCalls();
      await makeDue();
      await run();
      const deepPages = orderPages();
      expect(recentPages).toBeLessThanOrEqual(2);
      expect(deepPages).toBeGreaterThan(recentPages * 4);
      expect(RECENT_DAYS * 4).toBeLessThan(REVISIT_DAYS);
      for (const l of old) expect(Number((await line(l))!.void), 'picked up by the deep pass').toBe(1);
      expect((await cursor()).swept).toBeGreaterThan(first.swept);
      // Every line as the API has it now, once.
      const stored = await db()
        .selectFrom('orders')
        .select(['order_id', 'product_id', 'void', 'status'])
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      const api = apiLines();
      expect(stored).toHaveLength(api.length);
      const byKey = new Map(stored.map((r) => [`${r.order_id}|${r.product_id}`, r]));
      for (const l of api)
        expect(byKey.get(`${l.order_id}|${l.product_id}`)).toMatchObject({ void: l.void, status: l.status });
    }, 60_000);
  });
}
