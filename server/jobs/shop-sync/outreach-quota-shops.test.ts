/**
 * The `outreach_quota` kind with two shops in one workspace, on both engines against the TikTok
 * Shop simulator: the workspace keeps the smallest weekly number of its active shops, whichever
 * shop ran last; a shop reporting no limit limits nothing; unlimited only when every shop is; a
 * stopped shop's figure no longer counts; the row keeps how many shops' figures it combines and
 * the smallest one's shop; two shops writing at once (two processes) end on the
 * smaller number.
 */
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import type { OutreachQuota } from '../../integrations/tiktok-shop/index.ts';
import { shopQuotaCursor, writeShopQuota } from '../../services/shop-quota.service.ts';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';

const ANOTHER_SHOP = '7495540735365001122';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: outreach quota of two shops [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    const ids = { glow: 0, another: 0 };
    const names = { glow: '', another: '' };
    beforeAll(async () => {
      h = await createSimHarness(engine, { secondUsShop: true });
      me = await h.app.signUp({ name: `Quota shops ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('2');
      const rows = await db().selectFrom('shop_connections').select(['id', 'shop_id', 'shop_name']).execute();
      const glow = rows.find((r) => r.shop_id === h.shopId)!;
      const another = rows.find((r) => r.shop_id === ANOTHER_SHOP)!;
      ids.glow = Number(glow.id);
      ids.another = Number(another.id);
      Object.assign(names, { glow: glow.shop_name, another: another.shop_name });
      expect(names.glow && names.another && names.glow !== names.another).toBeTruthy();
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
        .select(['weekly_quota', 'quota_unlimited', 'quota_source', 'quota_shops', 'quota_shop_name'])
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
    const quota = (shop: string, q: { quota_sum?: number; unlimited: boolean }) =>
      h.sim.control.setOutreachQuota(shop, q);

    it('keeps the smallest number whichever shop ran last', async () => {
      quota(h.shopId, { quota_sum: 300, unlimited: false });
      quota(ANOTHER_SHOP, { quota_sum: 120, unlimited: false });
      await runQuota(ids.glow, ids.another);
      // The number is the smaller shop's, and the row says so (the plans screen names it).
      const least = { weekly_quota: 120, quota_unlimited: 0, quota_shops: 2, quota_shop_name: names.another };
      expect(await settings()).toMatchObject({ ...least, quota_source: 'shop' });
      await runQuota(ids.glow);
      expect(await settings()).toMatchObject(least);
    });

    it('a shop without a limit limits nothing; unlimited only when every shop is', async () => {
      quota(ANOTHER_SHOP, { unlimited: true });
      await runQuota(ids.another);
      expect(await settings()).toMatchObject({
        weekly_quota: 300,
        quota_unlimited: 0,
        quota_shops: 2,
        quota_shop_name: names.glow,
      });
      quota(h.shopId, { unlimited: true });
      await runQuota(ids.glow);
      expect(await settings()).toMatchObject({
        weekly_quota: -1,
        quota_unlimited: 1,
        quota_shops: 2,
        quota_shop_name: '',
      });
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
      expect(await settings()).toMatchObject({
        weekly_quota: 250,
        quota_shops: 1,
        quota_shop_name: names.glow,
      });
    });

    it('two shops writing at once keep the smaller number', async () => {
      await db().updateTable('shop_connections').set({ status: 'active', stop_code: '' }).execute();
      quota(h.shopId, { quota_sum: 300, unlimited: false });
      quota(ANOTHER_SHOP, { quota_sum: 300, unlimited: false });
      await runQuota(ids.glow, ids.another);
      expect(await settings()).toMatchObject({ weekly_quota: 300 });
      // As the kind's commit does it (run-shop.ts): the quota, then this shop's cursor, one transaction.
      const commit = async (trx: Transaction<DB>, id: number, q: OutreachQuota) => {
        await writeShopQuota(trx, me.workspaceId, id, q);
        await trx
          .updateTable('shop_sync_state')
          .set({ cursor: shopQuotaCursor(q) })
          .where('connection_id', '=', id)
          .where('kind', '=', 'outreach_quota')
          .execute();
      };
      let second: Promise<void> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await commit(trx, ids.glow, { unlimited: false, weekly: 100, used: null });
          // The other shop's process writes while this one has not committed yet.
          second = db()
            .transaction()
            .execute((t) => commit(t, ids.another, { unlimited: false, weekly: 200, used: null }));
          // PostgreSQL: it runs until it waits on a lock this transaction holds. (SQLite: one
          // connection, it starts once this one has committed.)
          if (engine === 'postgres') {
            for (let i = 0; ; i++) {
              const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(h.app.database.db);
              if (rows[0]!.n > 0) break;
              if (i > 500) throw new Error('the second write never waited on a lock');
              await new Promise((r) => setTimeout(r, 10));
            }
          }
        });
      await second;
      expect(await settings()).toMatchObject({
        weekly_quota: 100,
        quota_unlimited: 0,
        quota_source: 'shop',
        quota_shops: 2,
        quota_shop_name: names.glow,
      });
    });
  });
}
