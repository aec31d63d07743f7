/**
 * Workspace isolation of the sample review calls (/shop/samples.pending, /shop/samples.review):
 * another workspace, and a member who left the team, read none of a workspace's applications and
 * cannot review them, whatever ids they send; nothing reaches TikTok and nothing changes. Both
 * engines, against the TikTok Shop simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../helpers/sim-harness.ts';
import type { SignedIn } from '../helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sample review isolation [${engine}]`, () => {
    let h: SimHarness;
    let a: SignedIn;
    let member: SignedIn;
    let b: SignedIn;
    let ids: string[];
    beforeAll(async () => {
      h = await createSimHarness(engine);
      a = await h.app.signUp({ name: 'Aquila' });
      const made = await h.app.call('POST', '/team/add', { title: 'Aquila' }, { token: a.token });
      member = await h.app.signUp({ name: 'Aquila member' });
      await h.app.call('POST', '/team/user.add', { teamId: made.data.invite_code }, { token: member.token });
      expect((await h.connect(a)).get('connected')).toBe('1');
      await h.app.app.shop.sync.runDue();
      ids = h.sim.control
        .sampleApplications(h.shopId)
        .filter((s) => s.status === 'PENDING')
        .map((s) => s.id);
      expect(ids.length).toBeGreaterThan(0);
      b = await h.app.signUp({ name: 'Borealis' });
    });
    afterAll(() => h.close());

    const snapshotA = () =>
      h.app.database.db
        .selectFrom('shop_samples')
        .selectAll()
        .where('workspace_id', '=', a.workspaceId)
        .orderBy('id')
        .execute();
    const reviewCalls = () => h.sim.control.calls().filter((c) => c.endpoint === 'samples.review').length;

    it("B reads none of A's applications and cannot review them", async () => {
      const before = await snapshotA();
      const calls = reviewCalls();
      const list = await h.app.call('GET', '/shop/samples.pending', {}, { token: b.token });
      expect(list).toMatchObject({ code: 200, data: { items: [], total: 0 } });
      for (const body of [
        { application_ids: ids.slice(0, 50), result: 'approve' },
        { application_ids: ids.slice(0, 3), result: 'reject', reason: 'OTHER' },
      ]) {
        const res = await h.app.call('POST', '/shop/samples.review', body, { token: b.token });
        expect(res.code).toBe(200);
        expect(res.data.results.every((r: { code: string }) => r.code === 'not_found')).toBe(true);
        // The answer names only the ids B sent, nothing of A's rows.
        for (const s of before) if (s.creator) expect(JSON.stringify(res)).not.toContain(`"${s.creator}"`);
      }
      expect(reviewCalls()).toBe(calls);
      expect(await snapshotA()).toEqual(before);
      expect(await h.app.database.db.selectFrom('shop_sample_reviews').selectAll().execute()).toEqual([]);
    });

    it('a member sees the team’s applications; after leaving, none of them', async () => {
      const seen = await h.app.call('GET', '/shop/samples.pending', {}, { token: member.token });
      expect(seen.data.total).toBe(ids.length);
      await h.app.call('DELETE', '/team/leave', {}, { token: member.token });
      const before = await snapshotA();
      const after = await h.app.call('GET', '/shop/samples.pending', {}, { token: member.token });
      expect(after).toMatchObject({ code: 200, data: { items: [], total: 0 } });
      const res = await h.app.call(
        'POST',
        '/shop/samples.review',
        { application_ids: ids.slice(0, 2), result: 'approve' },
        { token: member.token },
      );
      expect(res.data.results.map((r: { code: string }) => r.code)).toEqual(['not_found', 'not_found']);
      expect(await snapshotA()).toEqual(before);
    });
  });
}
