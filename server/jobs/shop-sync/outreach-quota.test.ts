/**
 * The `outreach_quota` kind on both engines against the TikTok Shop simulator: the shop's weekly
 * quota fills the setting /plan/quota keeps; "unlimited" is stored as such with no number; a
 * shop without the endpoint or its scope skips this kind only; an answer that is not a weekly
 * quota stores nothing and is shown.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: outreach quota [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    beforeEach(async () => {
      h = await createSimHarness(engine);
      me = await h.app.signUp({ name: `Quota ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const runOnly = async (...kinds: string[]) => {
      await db().updateTable('shop_sync_state').set({ next_run_at: 4_000_000_000 }).execute();
      await db().updateTable('shop_sync_state').set({ next_run_at: 0 }).where('kind', 'in', kinds).execute();
      await h.app.app.shop.sync.runDue();
    };
    const state = (kind = 'outreach_quota') =>
      db().selectFrom('shop_sync_state').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
    const settings = () =>
      db()
        .selectFrom('workspace_settings')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirst();

    it('fills the weekly quota from the shop; a rerun writes nothing; unlimited is stored with no number', async () => {
      h.sim.control.setOutreachQuota(h.shopId, { quota_sum: 180, unlimited: false });
      await runOnly('outreach_quota');
      expect(await settings()).toMatchObject({ weekly_quota: 180, quota_source: 'shop', quota_unlimited: 0 });
      const version = Number((await settings())!.version);
      expect(await state()).toMatchObject({ last_error_code: '', lines_synced: 1 });
      await runOnly('outreach_quota');
      expect(Number((await settings())!.version)).toBe(version);
      expect(Number((await state()).lines_synced)).toBe(1);
      h.sim.control.setOutreachQuota(h.shopId, { unlimited: true });
      await runOnly('outreach_quota');
      expect(await settings()).toMatchObject({ weekly_quota: -1, quota_source: 'shop', quota_unlimited: 1 });
    });

    it('the shop’s number replaces a member’s; a member’s later number is theirs until the shop gives one', async () => {
      const put = async (weekly_quota: number) =>
        expect((await h.app.call('PUT', '/plan/quota', { weekly_quota }, { token: me.token })).code).toBe(
          200,
        );
      await put(50);
      expect(await settings()).toMatchObject({ weekly_quota: 50, quota_source: '' });
      h.sim.control.setOutreachQuota(h.shopId, { quota_sum: 200, unlimited: false });
      await runOnly('outreach_quota');
      expect(await settings()).toMatchObject({ weekly_quota: 200, quota_source: 'shop', quota_shops: 1 });
      await put(70);
      expect(await settings()).toMatchObject({
        weekly_quota: 70,
        quota_source: '',
        quota_unlimited: 0,
        quota_shops: 0,
        quota_shop_name: '',
      });
      h.sim.control.withholdEndpoint('outreach.quota', 'path');
      await runOnly('outreach_quota');
      expect(await settings()).toMatchObject({ weekly_quota: 70, quota_source: '' });
    });

    for (const how of ['scope', 'path'] as const)
      it(`a shop without the endpoint (${how}) skips this kind only; the shop and its other kinds go on`, async () => {
        h.sim.control.withholdEndpoint('outreach.quota', how);
        await runOnly('outreach_quota', 'samples');
        const shop = await db().selectFrom('shop_connections').selectAll().executeTakeFirstOrThrow();
        expect(shop).toMatchObject({ status: 'active', stop_code: '' });
        expect(await state()).toMatchObject({ last_error_code: 'items_skipped', failures: 0 });
        expect((await state()).last_error_message).toMatch(/not available/);
        expect(Number((await state()).next_run_at)).toBeGreaterThan(h.clock.ms / 1000 + 6 * 3600);
        expect(Number((await state('samples')).lines_synced)).toBeGreaterThan(0);
        expect(await settings()).toBeUndefined();
      });

    it('an answer that is not a weekly quota stores nothing and says why', async () => {
      h.sim.control.setOutreachQuota(h.shopId, { quota_type: 'DAILY', unlimited: false });
      await runOnly('outreach_quota');
      expect(await settings()).toBeUndefined();
      expect(await state()).toMatchObject({ last_error_code: 'items_skipped' });
      expect((await state()).last_error_message).toMatch(/not a weekly quota/);
    });
  });
}
