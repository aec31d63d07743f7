/**
 * Reviewing the shop's sample applications from CreatorDesk, on both engines against the TikTok
 * Shop simulator: approve and reject reach TikTok and are written as the next sync would write them
 * (the plan stage moves on approval), a rejection needs one of TikTok's reasons, TikTok's refusals
 * come back with its code, a second review of one application never reaches TikTok twice, another
 * workspace's ids are not found, and a disconnected shop changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDLE_PATTERN } from '../../contract/constants.ts';
import { createSimHarness, type SimHarness } from '../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../tests/helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sample review [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    beforeEach(async () => {
      // Enough applications that some pending ones are ones TikTok does not let the seller approve.
      h = await createSimHarness(engine, { samples: 120 });
      me = await h.app.signUp({ name: `Reviewer ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const sync = async () => {
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('kind', '=', 'samples')
        .execute();
      await h.app.app.shop.sync.runDue();
    };
    const apps = () => h.sim.control.sampleApplications(h.shopId);
    const simStatus = (id: string) => apps().find((a) => a.id === id)!.status;
    const reviewCalls = () => h.sim.control.calls().filter((c) => c.endpoint === 'samples.review').length;
    const pending = async (who = me) => {
      const res = await h.app.call('GET', '/shop/samples.pending', {}, { token: who.token });
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data as { items: Record<string, unknown>[]; total: number };
    };
    const review = (body: Record<string, unknown>, who = me) =>
      h.app.call('POST', '/shop/samples.review', body, { token: who.token });
    const history = () =>
      db().selectFrom('shop_sample_reviews').selectAll().where('workspace_id', '=', me.workspaceId).execute();
    /** A pending application TikTok allows approving, whose creator has a valid handle and is alone on its product. */
    const approvable = () => {
      const all = apps();
      return all.find(
        (a) =>
          a.status === 'PENDING' &&
          a.is_approvable &&
          HANDLE_PATTERN.test(a.creator.username) &&
          all.filter((b) => b.creator.username === a.creator.username && b.product.id === a.product.id)
            .length === 1,
      )!;
    };

    it('lists the pending applications with what TikTok allows, and approves one', async () => {
      const s = approvable();
      // A plan carrying its product, with the creator at "sample requested" (as the sync puts them).
      await h.app.call(
        'POST',
        '/product/add',
        {
          country: 'US',
          productId: s.product.id,
          productTitle: 'Serum',
          productImage: 'https://example.com/p.png',
        },
        { token: me.token },
      );
      await sync();
      const product = await db()
        .selectFrom('products')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      const creator = await db()
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', '=', s.creator.username)
        .executeTakeFirstOrThrow();
      const plan = await h.app.call(
        'POST',
        '/plan/add',
        { name: 'Samples', country: 'US', product_ids: [Number(product.id)] },
        { token: me.token },
      );
      await h.app.call(
        'POST',
        '/plan/creator.add',
        { plan_id: plan.data.id, creator_ids: [Number(creator.id)] },
        { token: me.token },
      );
      await h.app.call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.data.id, creator_ids: [Number(creator.id)], stage: 'sample_requested' },
        { token: me.token },
      );

      const list = await pending();
      const simPending = apps().filter((a) => a.status === 'PENDING');
      expect(list.total).toBe(simPending.length);
      const row = list.items.find((i) => i.application_id === s.id)!;
      expect(row).toMatchObject({
        creator: s.creator.username,
        product_id: s.product.id,
        approve_by: s.approve_expiration_time,
        is_approvable: 1,
        disapprovable_reasons: [],
        last_code: '',
      });
      const blocked = simPending.find((a) => !a.is_approvable);
      expect(blocked).toBeDefined();
      const blockedRow = list.items.find((i) => i.application_id === blocked!.id)!;
      expect(blockedRow.is_approvable).toBe(0);
      expect(blockedRow.disapprovable_reasons).toEqual(blocked!.disapprovable_reasons);

      const res = await review({ application_ids: [s.id], result: 'approve' });
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(res.data.results).toEqual([
        { application_id: s.id, outcome: 'done', code: '', msg: '', status: 'AWAITING_SHIPMENT' },
      ]);
      expect(simStatus(s.id)).toBe('AWAITING_SHIPMENT');
      const stored = await db()
        .selectFrom('shop_samples')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .where('application_id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'AWAITING_SHIPMENT' });
      expect(Number(stored.review_claim_at)).toBe(0);
      const member = () =>
        db()
          .selectFrom('plan_creators')
          .selectAll()
          .where('plan_id', '=', plan.data.id)
          .where('creator_id', '=', Number(creator.id))
          .executeTakeFirstOrThrow();
      expect((await member()).stage).toBe('sample_approved');
      expect((await member()).user_id).toBe(me.userId);
      expect(await history()).toMatchObject([
        { application_id: s.id, result: 'approve', reason: '', outcome: 'done', user_id: me.userId },
      ]);
      expect((await pending()).items.some((i) => i.application_id === s.id)).toBe(false);

      // A member who moves the creator back is not overruled by the next sync.
      await h.app.call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.data.id, creator_ids: [Number(creator.id)], stage: 'contacted' },
        { token: me.token },
      );
      await sync();
      expect((await member()).stage).toBe('contacted');
    });

    it('rejects with one of TikTok’s reasons, and refuses a rejection without one before calling TikTok', async () => {
      await sync();
      const s = approvable();
      const calls = reviewCalls();
      const bare = await review({ application_ids: [s.id], result: 'reject' });
      expect(bare.code).toBe(40001);
      expect(bare.msg).toBe('Choose a reason to reject');
      const wrong = await review({ application_ids: [s.id], result: 'reject', reason: 'TOO_SMALL' });
      expect(wrong.code).toBe(40001);
      expect(reviewCalls()).toBe(calls);
      expect(simStatus(s.id)).toBe('PENDING');

      const res = await review({ application_ids: [s.id], result: 'reject', reason: 'OUT_OF_STOCK' });
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(res.data.results[0]).toMatchObject({ outcome: 'done', status: 'REJECT_CANCELLED' });
      expect(simStatus(s.id)).toBe('REJECT_CANCELLED');
      expect(await history()).toMatchObject([{ result: 'reject', reason: 'OUT_OF_STOCK', outcome: 'done' }]);
      // Reviewed: a second try does not reach TikTok.
      const again = await review({ application_ids: [s.id], result: 'approve' });
      expect(again.data.results[0]).toMatchObject({ outcome: 'refused', code: 'not_pending' });
      expect(reviewCalls()).toBe(calls + 1);
    });

    it('surfaces TikTok’s code when it refuses an application that is not approvable', async () => {
      await sync();
      const blocked = apps().find((a) => a.status === 'PENDING' && !a.is_approvable)!;
      const ok = approvable();
      const res = await review({ application_ids: [blocked.id, ok.id], result: 'approve' }, me);
      expect(res.code, JSON.stringify(res)).toBe(200);
      const [refused, done] = res.data.results;
      expect(refused.outcome).toBe('refused');
      expect(refused.code).toMatch(/^\d+$/);
      expect(refused.msg).toMatch(/not approvable/);
      expect(done).toMatchObject({ application_id: ok.id, outcome: 'done' });
      expect(simStatus(blocked.id)).toBe('PENDING');
      const row = (await pending()).items.find((i) => i.application_id === blocked.id)!;
      expect(row).toMatchObject({ last_result: 'approve', last_code: refused.code, last_msg: refused.msg });
    });

    it('two reviews of one application at once reach TikTok once', async () => {
      await sync();
      const s = approvable();
      const calls = reviewCalls();
      const both = await Promise.all([
        review({ application_ids: [s.id], result: 'approve' }),
        review({ application_ids: [s.id], result: 'reject', reason: 'OTHER' }),
      ]);
      expect(reviewCalls()).toBe(calls + 1);
      const outcomes = both.map((r) => r.data.results[0].outcome).sort();
      expect(outcomes).toEqual(['done', 'refused']);
      const refused = both.map((r) => r.data.results[0]).find((r) => r.outcome === 'refused');
      expect(['in_review', 'not_pending']).toContain(refused.code);
      expect((await history()).filter((r) => r.outcome === 'done')).toHaveLength(1);
    });

    it('another workspace’s applications are not found and stay untouched', async () => {
      await sync();
      const s = approvable();
      const other = await h.app.signUp({ name: `Other ${engine}` });
      const calls = reviewCalls();
      const res = await review({ application_ids: [s.id], result: 'approve' }, other);
      expect(res.code).toBe(200);
      expect(res.data.results).toEqual([
        expect.objectContaining({ application_id: s.id, outcome: 'refused', code: 'not_found' }),
      ]);
      expect((await pending(other)).items).toEqual([]);
      expect(reviewCalls()).toBe(calls);
      expect(simStatus(s.id)).toBe('PENDING');
    });

    it('a disconnected shop answers a clear code and changes nothing', async () => {
      await sync();
      const s = approvable();
      const status = await h.app.call('GET', '/shop/status', {}, { token: me.token });
      await h.app.call('DELETE', '/shop/disconnect', { id: status.data.shops[0].id }, { token: me.token });
      const calls = reviewCalls();
      const res = await h.app.call(
        'POST',
        '/shop/samples.review',
        { application_ids: [s.id], result: 'approve' },
        { token: me.token, language: 'zh-cn' },
      );
      expect(res.code).toBe(40009);
      expect(res.msg).toContain('店铺已停止同步或已断开');
      expect(reviewCalls()).toBe(calls);
      expect(simStatus(s.id)).toBe('PENDING');
      expect(await history()).toEqual([]);
    });
  });
}
