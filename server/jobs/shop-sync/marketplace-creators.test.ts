/**
 * The `marketplace_creators` kind on both engines against the TikTok Shop simulator: the shop's
 * sample creators get TikTok's 30-day figures in the columns fit ranking reads, a few a run,
 * oldest read first, none twice within a week; withheld exact GMV is left as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { PER_RUN } from './kinds/marketplace-creators.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: marketplace creators [${engine}]`, { timeout: 60_000 }, () => {
    let h: SimHarness;
    let me: SignedIn;
    beforeEach(async () => {
      h = await createSimHarness(engine);
      me = await h.app.signUp({ name: `Market ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const runOnly = async (...kinds: string[]) => {
      await db().updateTable('shop_sync_state').set({ next_run_at: 4_000_000_000 }).execute();
      await db().updateTable('shop_sync_state').set({ next_run_at: 0 }).where('kind', 'in', kinds).execute();
      await h.app.app.shop.sync.runDue();
    };
    const calls = () => h.sim.control.calls().filter((c) => c.endpoint === 'creators.get');

    it('fills followers, GMV, units sold, videos posted and GPM, a few creators a run, never one twice a week', async () => {
      await runOnly('samples');
      const samples = await db()
        .selectFrom('shop_samples')
        .select(['creator_user_id', 'creator_id'])
        .where('workspace_id', '=', me.workspaceId)
        .where('creator_id', '>', 0)
        .execute();
      const users = [...new Set(samples.map((s) => s.creator_user_id))];
      expect(users.length).toBeGreaterThan(PER_RUN);
      h.sim.control.clearCalls();
      const seen = new Set<string>();
      for (let run = 0; run * PER_RUN < users.length; run++) {
        await runOnly('marketplace_creators');
        const read = calls().map((c) => c.path.split('/').pop()!);
        h.sim.control.clearCalls();
        expect(read.length).toBe(Math.min(PER_RUN, users.length - run * PER_RUN));
        for (const u of read) expect(seen.has(u)).toBe(false);
        read.forEach((u) => seen.add(u));
      }
      expect(seen).toEqual(new Set(users));
      await runOnly('marketplace_creators');
      expect(calls()).toHaveLength(0);
      for (const u of users) {
        const api = h.sim.control.marketplaceCreator(h.shopId, u).creator as Record<string, unknown>;
        const id = Number(samples.find((s) => s.creator_user_id === u)!.creator_id);
        const row = await db()
          .selectFrom('creators')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(Number(row.follower_count)).toBe(api.follower_count);
        expect(Number(row.video_publish_t30)).toBe(api.ec_video_count);
        const gmv = api.gmv as { amount: string } | undefined;
        if (gmv) expect(Number(row.gmv_t30)).toBeCloseTo(Number(gmv.amount), 2);
        else expect(Number(row.gmv_t30)).toBe(0);
        if (api.units_sold !== undefined) expect(Number(row.units_sold_t30)).toBe(api.units_sold);
        expect(Number(row.gpm_t30)).toBeCloseTo(Number((api.gpm as { amount: string }).amount), 2);
        expect(Number(row.gpm_t30)).toBeGreaterThan(0);
      }
    });

    it('without the marketplace scope only this kind waits; the shop goes on', async () => {
      await runOnly('samples');
      h.sim.control.withholdEndpoint('creators.get', 'scope');
      await runOnly('marketplace_creators', 'outreach_quota');
      const shop = await db().selectFrom('shop_connections').selectAll().executeTakeFirstOrThrow();
      expect(shop).toMatchObject({ status: 'active', stop_code: '' });
      const st = await db()
        .selectFrom('shop_sync_state')
        .selectAll()
        .where('kind', '=', 'marketplace_creators')
        .executeTakeFirstOrThrow();
      expect(st).toMatchObject({ last_error_code: 'items_skipped', failures: 0 });
      expect(
        await db()
          .selectFrom('workspace_settings')
          .selectAll()
          .where('workspace_id', '=', me.workspaceId)
          .execute(),
      ).toHaveLength(1);
    });
  });
}
