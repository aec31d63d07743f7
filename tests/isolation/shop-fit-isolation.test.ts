/**
 * Workspace isolation of the fit score on the shop's pending applications (/shop/samples.pending):
 * another workspace's plans, products, creators, plan members and sales leave a workspace's fit
 * scores, and so its order, exactly as they were, even when those rows name the same TikTok
 * products and handles, or (written straight into the tables) the workspace's own creator ids.
 * Both engines, against the TikTok Shop simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextVersion, now } from '../../server/db/versioning.ts';
import { creatorNumbers } from '../helpers/local-samples.ts';
import { createSimHarness, type SimHarness } from '../helpers/sim-harness.ts';
import type { SignedIn } from '../helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop fit isolation [${engine}]`, () => {
    let h: SimHarness;
    let a: SignedIn;
    let b: SignedIn;
    beforeAll(async () => {
      h = await createSimHarness(engine, { samples: 40 });
      a = await h.app.signUp({ name: 'Aquila' });
      expect((await h.connect(a)).get('connected')).toBe('1');
      await h.app.app.shop.sync.runDue();
      b = await h.app.signUp({ name: 'Borealis' });
    });
    afterAll(() => h.close());

    const db = () => h.app.database.db;
    const call = (
      who: SignedIn,
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      body: Record<string, unknown> = {},
    ) => h.app.call(method, path, body, { token: who.token });
    const fitsOfA = async () => {
      const res = await call(a, 'GET', '/shop/samples.pending');
      expect(res.code).toBe(200);
      return (res.data.items as { application_id: string; fit: number | null }[]).map((i) => [
        i.application_id,
        i.fit,
      ]);
    };
    /** A plan in `who`'s workspace carrying the shop's requested products, with `category`. */
    const planFor = async (who: SignedIn, products: string[], category: string) => {
      const rowIds: number[] = [];
      for (const productId of products) {
        const add = await call(who, 'POST', '/product/add', {
          country: 'US',
          productId,
          productTitle: 'Bowl',
          productCategory: category,
          productImage: 'https://example.com/p.png',
        });
        expect(add.code, JSON.stringify(add)).toBe(200);
        rowIds.push(Number(add.data.id));
      }
      const plan = await call(who, 'POST', '/plan/add', {
        name: category,
        country: 'US',
        product_ids: rowIds,
      });
      expect(plan.code, JSON.stringify(plan)).toBe(200);
      return Number(plan.data.id);
    };

    it("B's plans, creators, members and sales leave A's fit unchanged", async () => {
      const pending = await db()
        .selectFrom('shop_samples')
        .select(['creator_id', 'product_id', 'creator'])
        .where('workspace_id', '=', a.workspaceId)
        .where('status', '=', 'PENDING')
        .where('creator_id', '>', 0)
        .execute();
      const products = [...new Set(pending.map((s) => s.product_id))];
      const aCreators = [...new Set(pending.map((s) => Number(s.creator_id)))];
      expect(aCreators.length).toBeGreaterThan(3);
      const planA = await planFor(a, products, 'Pet Supplies');
      // Samples sent to some of them (half posted): A's own outcomes, which B's sales must not move.
      await call(a, 'POST', '/plan/creator.add', { plan_id: planA, creator_ids: aCreators });
      await call(a, 'PUT', '/plan/creator.stage', {
        plan_id: planA,
        creator_ids: aCreators,
        stage: 'shipped',
      });
      await call(a, 'PUT', '/plan/creator.stage', {
        plan_id: planA,
        creator_ids: aCreators.filter((_, i) => i % 2),
        stage: 'posted',
      });
      // A product of A's in no plan of A's, of another category.
      const beauty = await call(a, 'POST', '/product/add', {
        country: 'US',
        productId: '1729999999999999999',
        productTitle: 'Lipstick',
        productCategory: 'Beauty',
        productImage: 'https://example.com/l.png',
      });
      expect(beauty.code).toBe(200);
      const aProductRows = await db()
        .selectFrom('products')
        .select('id')
        .where('workspace_id', '=', a.workspaceId)
        .execute();
      for (const [i, id] of aCreators.entries())
        await db()
          .updateTable('creators')
          .set(creatorNumbers(1000 * (i + 1), i % 2 ? 'Pet Supplies' : 'Home Supplies'))
          .where('id', '=', id)
          .execute();
      const before = await fitsOfA();
      expect(before.filter(([, f]) => f !== null).length).toBeGreaterThan(3);

      // B: the same products in a plan of another category, the same handles with other figures,
      // many strong creators, plan members and sales, some naming A's creator ids directly.
      const planB = await planFor(b, products, 'Home Supplies');
      const t = now();
      await db()
        .transaction()
        .execute(async (trx) => {
          const version = await nextVersion(trx, b.workspaceId);
          const handles = [...new Set(pending.map((s) => s.creator))];
          const rows = [
            ...handles.map((unique_id, i) => ({ unique_id, ...creatorNumbers(5 + i, 'Home Supplies') })),
            ...Array.from({ length: 30 }, (_, i) => ({
              unique_id: `borealis_${i}`,
              ...creatorNumbers(500_000 + i, 'Pet Supplies'),
            })),
          ].map((c) => ({
            ...c,
            workspace_id: b.workspaceId,
            version,
            deleted_at: null,
            country: 'US',
            add_time: t,
            update_time: t,
          }));
          const made = await trx
            .insertInto('creators')
            .values(rows as never)
            .returning('id')
            .execute();
          const member = (creator_id: number, stage: string) => ({
            workspace_id: b.workspaceId,
            version,
            deleted_at: null,
            plan_id: planB,
            creator_id,
            stage,
            stage_time: t - 86_400 * 3,
            sample_time: t - 86_400 * 10,
            user_id: b.userId,
            add_time: t,
            update_time: t,
          });
          // A plan of B's naming A's product rows (Pet and Beauty) by their ids.
          await trx
            .insertInto('plans')
            .values({
              workspace_id: b.workspaceId,
              version,
              deleted_at: null,
              name: 'Borrowed ids',
              country: 'US',
              product_ids: aProductRows.map((r) => r.id).join(','),
              user_id: b.userId,
              add_time: t,
              update_time: t,
            } as never)
            .execute();
          await trx
            .insertInto('plan_creators')
            .values([
              ...made.map((r) => member(Number(r.id), 'selling')),
              ...aCreators.map((id) => member(id, 'declined')),
            ] as never)
            .execute();
          await trx
            .insertInto('creator_sales')
            .values(
              [...made.map((r) => Number(r.id)), ...aCreators].map((creator_id, i) => ({
                workspace_id: b.workspaceId,
                version,
                deleted_at: null,
                creator_id,
                product_id: products[i % products.length]!,
                week: 0,
                currency: 'USD',
                orders: 100,
                units: 100,
                last_time: t,
                update_time: t,
                gmv: 1_000_000,
                commission: 10,
              })) as never,
            )
            .execute();
        });
      // A's inputs are kept per A's version (server/services/sample-fit.service.ts): a write of A's
      // makes the list read them all again, so B's rows are looked at, and must not count.
      await db()
        .transaction()
        .execute((trx) => nextVersion(trx, a.workspaceId));
      expect(await fitsOfA()).toEqual(before);
    });
  });
}
