/**
 * The `samples` kind on both engines against the TikTok Shop simulator: applications are kept as
 * last seen, their creators added to the workspace, and a changed status moves the creator along
 * the plans carrying the product (requested → approved → shipped); TikTok's rolling window ends a
 * walk without an error and what left it stays.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDLE_PATTERN } from '../../../contract/constants.ts';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: samples [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    beforeEach(async () => {
      h = await createSimHarness(engine);
      me = await h.app.signUp({ name: `Samples ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const run = async () => {
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('kind', '=', 'samples')
        .execute();
      await h.app.app.shop.sync.runDue();
    };
    const call = async (path: string, body: Record<string, unknown>) => {
      const res = await h.app.call('POST', path, body, { token: me.token });
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data;
    };
    const state = () =>
      db().selectFrom('shop_sync_state').selectAll().where('kind', '=', 'samples').executeTakeFirstOrThrow();
    const samples = () =>
      db().selectFrom('shop_samples').selectAll().where('workspace_id', '=', me.workspaceId).execute();
    const apps = () => h.sim.control.sampleApplications(h.shopId);

    /** A plan carrying the product of one application, with its creator at "to contact". */
    const planFor = async () => {
      const all = apps();
      // An application that is its creator's only one for its product, so its status alone decides.
      const s = all.find(
        (a) =>
          HANDLE_PATTERN.test(a.creator.username) &&
          all.filter((b) => b.creator.username === a.creator.username && b.product.id === a.product.id)
            .length === 1,
      )!;
      h.sim.control.setSampleStatus(h.shopId, s.id, 'PENDING');
      await call('/product/add', {
        country: 'US',
        productId: s.product.id,
        productTitle: 'Serum',
        productImage: 'https://example.com/p.png',
      });
      const product = await db()
        .selectFrom('products')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      await call('/blogger/ingest', { country: 'US', creators: [{ unique_id: s.creator.username }] });
      const creator = await db()
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', '=', s.creator.username)
        .executeTakeFirstOrThrow();
      const plan = await call('/plan/add', {
        name: 'Samples',
        country: 'US',
        product_ids: [Number(product.id)],
      });
      await call('/plan/creator.add', { plan_id: plan.id, creator_ids: [Number(creator.id)] });
      const member = () =>
        db()
          .selectFrom('plan_creators')
          .selectAll()
          .where('plan_id', '=', plan.id)
          .where('creator_id', '=', Number(creator.id))
          .executeTakeFirstOrThrow();
      return { s, planId: plan.id as number, creatorId: Number(creator.id), member };
    };

    it('keeps every application and adds the creators the workspace does not have yet', async () => {
      await run();
      const all = apps();
      const stored = await samples();
      expect(stored).toHaveLength(all.length);
      for (const a of all)
        expect(stored.find((r) => r.application_id === a.id)).toMatchObject({
          status: a.status,
          creator: a.creator.username,
          product_id: a.product.id,
          order_id: a.order_id,
          tracking_number: a.tracking_number,
          fulfillment_status: a.fulfillment_status,
        });
      const handles = [...new Set(all.map((a) => a.creator.username).filter((u) => HANDLE_PATTERN.test(u)))];
      const creators = await db()
        .selectFrom('creators')
        .select(['id', 'unique_id', 'nick_name', 'country'])
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect(creators.map((c) => c.unique_id).sort()).toEqual(handles.sort());
      expect(creators.every((c) => c.country === 'US' && c.nick_name !== '')).toBe(true);
      expect(stored.every((r) => Number(r.creator_id) > 0)).toBe(true);
      expect(Number((await state()).lines_synced)).toBe(all.length);
      // Again: nothing new, nothing stored twice.
      await run();
      expect(await samples()).toHaveLength(all.length);
      expect(Number((await state()).lines_synced)).toBe(all.length);
    });

    it('moves the creator along the plan as the application goes requested → approved → shipped', async () => {
      const { s, member } = await planFor();
      expect((await member()).stage).toBe('to_contact');
      await run();
      expect((await member()).stage).toBe('sample_requested');
      h.sim.control.setSampleStatus(h.shopId, s.id, 'AWAITING_SHIPMENT');
      await run();
      expect((await member()).stage).toBe('sample_approved');
      expect(Number((await member()).sample_time)).toBe(0);
      h.sim.control.setSampleStatus(h.shopId, s.id, 'SHIPPED');
      await run();
      const shipped = await member();
      expect(shipped.stage).toBe('shipped');
      expect(Number(shipped.sample_time)).toBeGreaterThan(0);
      const row = (await samples()).find((r) => r.application_id === s.id)!;
      expect(row).toMatchObject({ status: 'SHIPPED' });
      expect(row.tracking_number).not.toBe('');
      expect(row.order_id).not.toBe('');
      // Shipping adds the content follow-ups to the creator's workbench.
      const followups = await db()
        .selectFrom('creator_followups')
        .select('creator_id')
        .where('workspace_id', '=', me.workspaceId)
        .where('creator_id', '=', Number(row.creator_id))
        .execute();
      expect(followups.length).toBeGreaterThanOrEqual(2);
    });

    it('an unchanged application does not overrule a member who moved the creator back', async () => {
      const { s, planId, creatorId, member } = await planFor();
      h.sim.control.setSampleStatus(h.shopId, s.id, 'AWAITING_SHIPMENT');
      await run();
      expect((await member()).stage).toBe('sample_approved');
      await h.app.call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: planId, creator_ids: [creatorId], stage: 'contacted' },
        { token: me.token },
      );
      await run();
      expect((await member()).stage).toBe('contacted');
    });

    it('reads the end of TikTok’s rolling window as the end of the list, and keeps what left it', async () => {
      await run();
      const all = apps();
      h.sim.control.setSampleWindow(5);
      await h.sim.control.addSampleApplications(h.shopId, 2);
      await run();
      expect(await state()).toMatchObject({ last_error_code: '', cursor: '' });
      expect(Number((await state()).last_success_at)).toBeGreaterThan(0);
      expect(await samples()).toHaveLength(all.length + 2);
    });
  });
}
