/**
 * Workspace isolation of /shop/target.create: another workspace, with a shop of its own connected,
 * cannot invite from a workspace's plan, nor put that workspace's creators or products into its own
 * plan's collaboration; nothing reaches TikTok and nothing of the first workspace changes. Both
 * engines, against the TikTok Shop simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../helpers/sim-harness.ts';
import { SAMPLE_REST } from '../helpers/target-plan.ts';
import type { SignedIn } from '../helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop target isolation [${engine}]`, () => {
    let h: SimHarness;
    let a: SignedIn;
    let b: SignedIn;
    const ids = { aPlan: 0, aCreator: 0, aProduct: 0, bPlan: 0, bCreator: 0, bProduct: 0 };
    const post = (who: SignedIn, path: string, body: Record<string, unknown>) =>
      h.app.call('POST', path, body, { token: who.token });

    /** A plan with one creator (with the TikTok user id the samples sync stores) and one product. */
    const seed = async (who: SignedIn, handle: string, productIdx: number) => {
      const db = h.app.database.db;
      const tiktokId = h.sim.control.shop(h.shopId).products[productIdx]!.id;
      await post(who, '/product/add', {
        country: 'US',
        productId: tiktokId,
        productTitle: 'Serum',
        productImage: 'https://example.com/p.png',
      });
      await h.app.app.inject({
        method: 'POST',
        url: '/api/v0.1/blogger/ingest',
        headers: { token: who.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ country: 'US', creators: [{ unique_id: handle }] }),
      });
      const product = await db
        .selectFrom('products')
        .select('id')
        .where('workspace_id', '=', who.workspaceId)
        .executeTakeFirstOrThrow();
      const creator = await db
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', who.workspaceId)
        .executeTakeFirstOrThrow();
      const plan = await post(who, '/plan/add', { name: handle, country: 'US', product_ids: [product.id] });
      await post(who, '/plan/creator.add', { plan_id: plan.data.id, creator_ids: [creator.id] });
      const connection = await db
        .selectFrom('shop_connections')
        .select('id')
        .where('workspace_id', '=', who.workspaceId)
        .executeTakeFirst();
      await db
        .insertInto('shop_samples')
        .values({
          ...SAMPLE_REST,
          workspace_id: who.workspaceId,
          connection_id: Number(connection?.id ?? 0),
          application_id: `${who.workspaceId}000001`,
          status: 'PENDING',
          creator: handle,
          creator_user_id: `71${String(who.workspaceId).padStart(17, '0')}`,
          creator_id: Number(creator.id),
          product_id: tiktokId,
          add_time: 1,
          update_time: 1,
        })
        .execute();
      return { plan: Number(plan.data.id), creator: Number(creator.id), product: Number(product.id) };
    };

    beforeAll(async () => {
      h = await createSimHarness(engine);
      a = await h.app.signUp({ name: 'Aquila' });
      b = await h.app.signUp({ name: 'Borealis' });
      expect((await h.connect(a)).get('connected')).toBe('1');
      expect((await h.connect(b)).get('connected')).toBe('1');
      const sa = await seed(a, 'aquila_creator', 3);
      const sb = await seed(b, 'borealis_creator', 4);
      Object.assign(ids, {
        aPlan: sa.plan,
        aCreator: sa.creator,
        aProduct: sa.product,
        bPlan: sb.plan,
        bCreator: sb.creator,
        bProduct: sb.product,
      });
    });
    afterAll(() => h.close());

    const snapshotA = async () => {
      const db = h.app.database.db;
      const ws = a.workspaceId;
      return {
        invitations: await db.selectFrom('invitations').selectAll().where('workspace_id', '=', ws).execute(),
        members: await db.selectFrom('plan_creators').selectAll().where('workspace_id', '=', ws).execute(),
        requests: await db
          .selectFrom('shop_target_requests')
          .selectAll()
          .where('workspace_id', '=', ws)
          .execute(),
      };
    };

    it("B names A's plan, creators and products: refused, nothing sent to TikTok, A unchanged", async () => {
      const before = await snapshotA();
      const calls = () => h.sim.control.calls().filter((c) => c.endpoint === 'target.create').length;
      const sent = calls();
      const body = (o: Record<string, unknown>) => ({
        request_key: `iso-${Math.random().toString(36).slice(2, 12)}`,
        name: 'Probe',
        end_time: Math.floor(h.clock.ms / 1000) + 14 * 86_400,
        email: 'b@example.com',
        ...o,
      });
      const aPlan = await post(
        b,
        '/shop/target.create',
        body({
          plan_id: ids.aPlan,
          creator_ids: [ids.aCreator],
          products: [{ id: ids.aProduct, rate: 10 }],
        }),
      );
      expect(aPlan.code).toBe(40004);
      const aCreators = await post(
        b,
        '/shop/target.create',
        body({
          plan_id: ids.bPlan,
          creator_ids: [ids.aCreator],
          products: [{ id: ids.bProduct, rate: 10 }],
        }),
      );
      expect(aCreators.code).toBe(40001);
      const aProducts = await post(
        b,
        '/shop/target.create',
        body({
          plan_id: ids.bPlan,
          creator_ids: [ids.bCreator],
          products: [{ id: ids.aProduct, rate: 10 }],
        }),
      );
      expect(aProducts.code).toBe(40001);
      expect(calls()).toBe(sent);
      expect(await snapshotA()).toEqual(before);
      expect(JSON.stringify([aPlan, aCreators, aProducts])).not.toContain('aquila_creator');
    });

    it("B names A's shop for its own plan: refused as not found, nothing sent to TikTok", async () => {
      const db = h.app.database.db;
      const aShop = await db
        .selectFrom('shop_connections')
        .select('id')
        .where('workspace_id', '=', a.workspaceId)
        .executeTakeFirstOrThrow();
      const before = await snapshotA();
      const calls = () => h.sim.control.calls().filter((c) => c.endpoint === 'target.create').length;
      const sent = calls();
      const res = await post(b, '/shop/target.create', {
        request_key: `iso-${Math.random().toString(36).slice(2, 12)}`,
        name: 'Probe',
        end_time: Math.floor(h.clock.ms / 1000) + 14 * 86_400,
        email: 'b@example.com',
        plan_id: ids.bPlan,
        shop: Number(aShop.id),
        creator_ids: [ids.bCreator],
        products: [{ id: ids.bProduct, rate: 10 }],
      });
      expect(res.code).toBe(40004);
      expect(res.msg).toBe('This shop does not exist');
      expect(calls()).toBe(sent);
      expect(await snapshotA()).toEqual(before);
    });
  });
}
