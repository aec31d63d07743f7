/**
 * /shop/target.create when a workspace has two connected shops in the plan's country, on both
 * engines against the TikTok Shop simulator: a call that names no shop is refused (40001, field
 * `shop`, both shops named) before TikTok is called, instead of going to one of them; a call that
 * names a shop goes to that shop in the simulator; a shop of another country is refused naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../tests/helpers/sim-harness.ts';
import { targetPlan } from '../../tests/helpers/target-plan.ts';
import type { SignedIn } from '../../tests/helpers/test-app.ts';

const DAY = 86_400;
const ANOTHER_SHOP = '7495540735365001122';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop target with two shops in one country [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    const shops = { glow: 0, another: 0 };
    let seq = 0;
    beforeAll(async () => {
      h = await createSimHarness(engine, { secondUsShop: true });
      me = await h.app.signUp({ name: `Two shops ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('2');
      const rows = await h.app.database.db
        .selectFrom('shop_connections')
        .select(['id', 'shop_id', 'country'])
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect(rows.map((r) => r.country)).toEqual(['US', 'US']);
      shops.glow = Number(rows.find((r) => r.shop_id === h.shopId)!.id);
      shops.another = Number(rows.find((r) => r.shop_id === ANOTHER_SHOP)!.id);
    });
    afterAll(() => h.close());

    const creates = () => h.sim.control.calls().filter((c) => c.endpoint === 'target.create');
    const collabs = (shopId: string) => h.sim.control.shop(shopId).targetCollaborations;
    const plan = async (simShopId = h.shopId) => {
      const tag = `c${engine[0]}${++seq}`;
      return targetPlan(h, me, {
        handles: [`${tag}_a`, `${tag}_b`],
        productIdx: seq % 6,
        simShopId,
        connectionId: shops.glow,
        userIdPrefix: `7${seq}${engine === 'sqlite' ? 1 : 2}`,
      });
    };
    const send = (p: Awaited<ReturnType<typeof plan>>, extra: Record<string, unknown> = {}) =>
      h.app.call(
        'POST',
        '/shop/target.create',
        {
          plan_id: p.planId,
          request_key: `choice-${engine}-${++seq}-${Math.random().toString(36).slice(2)}`,
          name: 'Autumn push',
          end_time: Math.floor(h.clock.ms / 1000) + 14 * DAY,
          products: [{ id: p.productId, rate: 12 }],
          creator_ids: p.creatorIds,
          email: 'team@example.com',
          ...extra,
        },
        { token: me.token },
      );

    it('refuses a call without a shop, naming both shops, before TikTok is called', async () => {
      const p = await plan();
      const before = creates().length;
      const res = await send(p);
      expect(res.code).toBe(40001);
      expect(res.msg).toContain('several TikTok Shops for US');
      expect(res.msg).toContain('Glow Lab US (US)');
      expect(res.msg).toContain('Another Shop (US)');
      expect(creates().length).toBe(before);
      const requests = await h.app.database.db
        .selectFrom('shop_target_requests')
        .select('id')
        .where('plan_id', '=', p.planId)
        .execute();
      expect(requests).toHaveLength(0);
    });

    it('sends a call that names a shop to that shop, and only to it', async () => {
      for (const [connection, shopId, other] of [
        [shops.another, ANOTHER_SHOP, h.shopId],
        [shops.glow, h.shopId, ANOTHER_SHOP],
      ] as const) {
        const p = await plan(shopId);
        const mine = collabs(shopId).length;
        const theirs = collabs(other).length;
        const res = await send(p, { shop: connection });
        expect(res.code, JSON.stringify(res)).toBe(200);
        expect(res.data.parts[0].status).toBe('created');
        expect(collabs(shopId)).toHaveLength(mine + 1);
        expect(collabs(other)).toHaveLength(theirs);
        const stored = await h.app.database.db
          .selectFrom('shop_target_requests')
          .select('connection_id')
          .where('plan_id', '=', p.planId)
          .executeTakeFirstOrThrow();
        expect(Number(stored.connection_id)).toBe(connection);
      }
    });

    it('refuses a shop id of no shop, and a stopped or disconnected chosen shop, changing nothing', async () => {
      const p = await plan();
      const before = creates().length;
      const none = await send(p, { shop: 999_999 });
      expect(none.code).toBe(40004);
      await h.app.database.db
        .updateTable('shop_connections')
        .set({ status: 'stopped', stop_code: 'scope_missing' })
        .where('id', '=', shops.another)
        .execute();
      try {
        const stopped = await send(p, { shop: shops.another });
        expect(stopped.code).toBe(40009);
        expect(stopped.msg).toContain('scope_missing');
        // A stopped shop still counts: the member chooses, the server does not take the other.
        expect((await send(p)).code).toBe(40001);
        await h.app.database.db
          .updateTable('shop_connections')
          .set({ status: 'disconnected' })
          .where('id', '=', shops.another)
          .execute();
        const gone = await send(p, { shop: shops.another });
        expect(gone.code).toBe(40009);
        expect(gone.msg).toBe('This shop is not syncing (stopped or disconnected)');
      } finally {
        await h.app.database.db
          .updateTable('shop_connections')
          .set({ status: 'active', stop_code: '' })
          .where('id', '=', shops.another)
          .execute();
      }
      expect(creates().length).toBe(before);
    });
  });
}
