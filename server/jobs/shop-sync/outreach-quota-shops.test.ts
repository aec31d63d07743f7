/**
 * The `outreach_quota` kind with two shops in one workspace, on both engines against the TikTok
 * Shop simulator: the workspace keeps the smallest weekly number of its active shops, whichever
 * shop ran last; a shop reporting no limit limits nothing; unlimited only when every shop is; a
 * stopped shop's figure no longer counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';

const ANOTHER_SHOP = '7495540735365001122';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: outreach quota of two shops [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    const ids = { glow: 0, another: 0 };
    beforeAll(async () => {
      h = await createSimHarness(engine, { secondUsShop: true });
      me = await h.app.signUp({ name: `Quota shops ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('2');
      const rows = await db().selectFrom('shop_connections').select(['id', 'shop_id']).execute();
      ids.glow = Number(rows.find((r) => r.shop_id === h.shopId)!.id);
      ids.another = Number(rows.find((r) => r.shop_id === ANOTHER_SHOP)!.id);
    });
    afterAll(() => h.close());

    const db = () => h.app.database.db;
    /** Runs the quota kind of the given shops only, in that order. */
    const runQuota = async (...connections: number[]) => {
      for (const id of connections) {
        await db().updateTable('shop_sync_state').set({ next_run_at: 4_000_000_000 }).execute();
        await db()
          .updateTable('shop_sync_state')
          .set({ next_run_at: 0 })
          .where('kind', '=', 'outreach_quota')
          .where('connection_id', '=', id)
          .execute();
        await h.app.app.shop.sync.runDue();
      }
    };
    const settings = () =>
      db()
        .selectFrom('workspace_settings')
        .select(['weekly_quota', 'quota_unlimited', 'quota_source'])
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
    const quota = (shop: string, q: { quota_sum?: number; unlimited: boolean }) =>
      h.sim.control.setOutreachQuota(shop, q);

    it('keeps the smallest number whichever shop ran last', async () => {
      quota(h.shopId, { quota_sum: 300, unlimited: false });
      quota(ANOTHER_SHOP, { quota_sum: 120, unlimited: false });
      await runQuota(ids.glow, ids.another);
      expect(await settings()).toMatchObject({ weekly_quota: 120, quota_unlimited: 0, quota_source: 'shop' });
      await runQuota(ids.glow);
      expect(await settings()).toMatchObject({ weekly_quota: 120, quota_unlimited: 0 });
    });

    it('a shop without a limit limits nothing; unlimited only when every shop is', async () => {
      quota(ANOTHER_SHOP, { unlimited: true });
      await runQuota(ids.another);
      expect(await settings()).toMatchObject({ weekly_quota: 300, quota_unlimited: 0 });
      quota(h.shopId, { unlimited: true });
      await runQuota(ids.glow);
      expect(await settings()).toMatchObject({ weekly_quota: -1, quota_unlimited: 1 });
    });

    it("a stopped shop's figure no longer counts", async () => {
      quota(h.shopId, { quota_sum: 300, unlimited: false });
      quota(ANOTHER_SHOP, { quota_sum: 90, unlimited: false });
      await runQuota(ids.another, ids.glow);
      expect(await settings()).toMatchObject({ weekly_quota: 90 });
      await db()
        .updateTable('shop_connections')
        .set({ status: 'stopped', stop_code: 'scope_missing' })
        .where('id', '=', ids.another)
        .execute();
      quota(h.shopId, { quota_sum: 250, unlimited: false });
      await runQuota(ids.glow);
      expect(await settings()).toMatchObject({ weekly_quota: 250 });
    });
  });
}
