/**
 * /shop/target.create on both engines against the TikTok Shop simulator: a plan's selection becomes
 * target collaborations (50 creators per TikTok call), the invited creators are recorded as
 * /plan/invite records them, conflicts and failures are named per part and never recorded, bad
 * input is refused naming its field before TikTok is called, a double submit creates one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../tests/helpers/sim-harness.ts';
import { SAMPLE_REST } from '../../tests/helpers/target-plan.ts';
import type { SignedIn } from '../../tests/helpers/test-app.ts';

const DAY = 86_400;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop target collaborations [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    let seq = 0;
    beforeAll(async () => {
      h = await createSimHarness(engine);
      me = await h.app.signUp({ name: `Target ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    });
    afterAll(() => h.close());

    const db = () => h.app.database.db;
    const simShop = () => h.sim.control.shop(h.shopId);
    const creates = () => h.sim.control.calls().filter((c) => c.endpoint === 'target.create');
    const nowS = () => Math.floor(h.clock.ms / 1000);
    const call = async (path: string, body: Record<string, unknown>, who = me) =>
      h.app.call('POST', path, body, { token: who.token });
    const ok = async (path: string, body: Record<string, unknown>) => {
      const res = await call(path, body);
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data;
    };

    /**
     * A plan with `n` creators and the simulator's products `productIdx`; each creator has the TikTok
     * user id the samples sync stores (`userIds` overrides some), unless `withoutId` names it.
     */
    const setup = async (
      n: number,
      o: { productIdx?: number[]; userIds?: Record<number, string>; withoutId?: number[] } = {},
    ) => {
      const tag = `t${engine[0]}${++seq}`;
      const connection = await db()
        .selectFrom('shop_connections')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      const productIds: number[] = [];
      for (const i of o.productIdx ?? [seq % 10]) {
        const tiktokId = simShop().products[i]!.id;
        const existing = await db()
          .selectFrom('products')
          .select('id')
          .where('workspace_id', '=', me.workspaceId)
          .where('product_id', '=', tiktokId)
          .executeTakeFirst();
        if (!existing)
          await ok('/product/add', {
            country: 'US',
            productId: tiktokId,
            productTitle: `Product ${i}`,
            productImage: 'https://example.com/p.png',
          });
        const row = await db()
          .selectFrom('products')
          .select('id')
          .where('workspace_id', '=', me.workspaceId)
          .where('product_id', '=', tiktokId)
          .executeTakeFirstOrThrow();
        productIds.push(Number(row.id));
      }
      const handles = Array.from({ length: n }, (_, i) => `${tag}_${i}`);
      for (let i = 0; i < handles.length; i += 50)
        await h.app.app.inject({
          method: 'POST',
          url: '/api/v0.1/blogger/ingest',
          headers: { token: me.token, 'content-type': 'application/json' },
          payload: JSON.stringify({
            country: 'US',
            creators: handles.slice(i, i + 50).map((unique_id) => ({ unique_id })),
          }),
        });
      const rows = await db()
        .selectFrom('creators')
        .select(['id', 'unique_id'])
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', 'in', handles)
        .execute();
      const idOf = new Map(rows.map((r) => [r.unique_id, Number(r.id)]));
      const creatorIds = handles.map((x) => idOf.get(x)!);
      const plan = await ok('/plan/add', { name: tag, country: 'US', product_ids: productIds });
      await ok('/plan/creator.add', { plan_id: plan.id, creator_ids: creatorIds });
      // What the samples sync stores (server/services/shop-samples.service.ts): handle, user id, our id.
      const userIds = handles.map(
        (_, i) => o.userIds?.[i] ?? `7${String(seq).padStart(3, '0')}${String(i).padStart(15, '0')}`,
      );
      const samples = handles
        .map((handle, i) => ({
          ...SAMPLE_REST,
          workspace_id: me.workspaceId,
          connection_id: Number(connection.id),
          application_id: `${seq}${String(i).padStart(6, '0')}`,
          status: 'PENDING',
          creator: handle,
          creator_user_id: userIds[i]!,
          creator_id: creatorIds[i]!,
          product_id: simShop().products[0]!.id,
          add_time: nowS(),
          update_time: nowS(),
        }))
        .filter((_, i) => !o.withoutId?.includes(i));
      if (samples.length) await db().insertInto('shop_samples').values(samples).execute();
      return { planId: Number(plan.id), productIds, creatorIds, handles, userIds };
    };

    const request = (
      s: Awaited<ReturnType<typeof setup>>,
      extra: Record<string, unknown> = {},
    ): Record<string, unknown> => ({
      plan_id: s.planId,
      request_key: `key-${engine}-${++seq}-${Math.random().toString(36).slice(2)}`,
      name: 'Autumn push',
      message: 'Free samples for you',
      end_time: nowS() + 14 * DAY,
      products: s.productIds.map((id) => ({ id, rate: 15.5 })),
      creator_ids: s.creatorIds,
      free_sample: 1,
      email: 'team@example.com',
      ...extra,
    });
    const stageOf = async (planId: number, creatorId: number) =>
      (
        await db()
          .selectFrom('plan_creators')
          .select('stage')
          .where('plan_id', '=', planId)
          .where('creator_id', '=', creatorId)
          .executeTakeFirstOrThrow()
      ).stage;
    const invitations = (handles: string[]) =>
      db()
        .selectFrom('invitations')
        .select(['unique_id', 'product_id'])
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', 'in', handles)
        .where('deleted_at', 'is', null)
        .execute();

    it('creates the collaboration in the shop and records the invitations as /plan/invite does', async () => {
      const s = await setup(3, { productIdx: [1, 2] });
      const before = creates().length;
      const res = await call('/shop/target.create', request(s));
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(res.data.invited).toBe(3);
      expect(res.data.parts).toHaveLength(1);
      const part = res.data.parts[0];
      expect(part).toMatchObject({ part: 1, status: 'created', creators: s.handles, conflicts: [] });
      expect(creates().length).toBe(before + 1);
      const made = simShop().targetCollaborations.find((t) => t.id === part.collaboration_id)!;
      expect(made.creatorUserIds).toEqual(s.userIds);
      expect(made.productIds).toEqual([simShop().products[1]!.id, simShop().products[2]!.id]);
      // Recorded: invitations with the collaboration's products, plan stage, flag, history, the id.
      const inv = await invitations(s.handles);
      expect(inv).toHaveLength(3);
      expect(inv.every((i) => i.product_id === made.productIds.join(','))).toBe(true);
      for (const id of s.creatorIds) expect(await stageOf(s.planId, id)).toBe('invited');
      const flags = await db()
        .selectFrom('creators')
        .select('is_invitation')
        .where('id', 'in', s.creatorIds)
        .execute();
      expect(flags.every((f) => Number(f.is_invitation) === 1)).toBe(true);
      const history = await db()
        .selectFrom('invitation_history')
        .select('note')
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect(history.filter((r) => r.note === 'created').length).toBeGreaterThanOrEqual(3);
      const stored = await db()
        .selectFrom('shop_target_collaborations')
        .selectAll()
        .where('plan_id', '=', s.planId)
        .execute();
      expect(stored.map((r) => r.collaboration_id)).toEqual([part.collaboration_id]);
      expect(stored[0]!.creator_ids).toBe(s.creatorIds.join(','));
      const logged = await db()
        .selectFrom('shop_target_requests')
        .selectAll()
        .where('plan_id', '=', s.planId)
        .executeTakeFirstOrThrow();
      expect(logged).toMatchObject({ status: 'done', user_id: me.userId });
      // Sent in hundredths of a percent: 15.5 % is 1550.
      expect(JSON.parse(logged.request).products).toEqual(made.productIds.map((id) => ({ id, rate: 1550 })));
    });

    it('refuses 120 creators naming the limit, before TikTok is called', async () => {
      const s = await setup(120);
      const before = creates().length;
      const res = await call('/shop/target.create', request(s));
      expect(res.code).toBe(40001);
      expect(res.msg).toMatch(/creator_ids|100/);
      expect(creates().length).toBe(before);
      expect(await invitations(s.handles)).toHaveLength(0);
    });

    it('sends 60 creators as two TikTok calls of 50 and 10', async () => {
      const s = await setup(60);
      const before = creates().length;
      const res = await call('/shop/target.create', request(s));
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(creates().length).toBe(before + 2);
      expect(
        res.data.parts.map((p: { status: string; creators: string[] }) => [p.status, p.creators.length]),
      ).toEqual([
        ['created', 50],
        ['created', 10],
      ]);
      expect(res.data.invited).toBe(60);
      expect(await invitations(s.handles)).toHaveLength(60);
    });

    it('keeps the first part when the second TikTok call fails, and never records the failed part', async () => {
      const s = await setup(60);
      h.sim.control.failNext('target.create', 'internal', 1, { skip: 1 });
      const res = await call('/shop/target.create', request(s));
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(res.data.parts[0]).toMatchObject({ status: 'created' });
      expect(res.data.parts[1]).toMatchObject({ status: 'failed', error_code: '36009003' });
      expect(res.data.parts[1].error_msg).toMatch(/Internal error/);
      expect(res.data.invited).toBe(50);
      const recorded = (await invitations(s.handles)).map((i) => i.unique_id).sort();
      expect(recorded).toEqual(s.handles.slice(0, 50).sort());
      expect(await stageOf(s.planId, s.creatorIds[55]!)).toBe('to_contact');
    });

    it('shows which creator and product conflicted, and records nothing for them', async () => {
      const existing = simShop().targetCollaborations[0]!;
      const productIdx = simShop().products.findIndex((p) => p.id === existing.productIds[0]);
      const s = await setup(2, { productIdx: [productIdx], userIds: { 0: existing.creatorUserIds[0]! } });
      const res = await call('/shop/target.create', request(s));
      expect(res.code, JSON.stringify(res)).toBe(200);
      expect(res.data.parts).toEqual([
        expect.objectContaining({
          status: 'conflicts',
          collaboration_id: '',
          conflicts: [{ creator: s.handles[0], product_id: existing.productIds[0] }],
        }),
      ]);
      expect(res.data.invited).toBe(0);
      expect(await invitations(s.handles)).toHaveLength(0);
      expect(await stageOf(s.planId, s.creatorIds[0]!)).toBe('to_contact');
    });

    it('refuses an end time too soon, a rate out of range and a creator without a TikTok user id, naming each', async () => {
      const s = await setup(2, { withoutId: [1] });
      const before = creates().length;
      const soon = await call('/shop/target.create', request(s, { end_time: nowS() + DAY }));
      expect(soon).toMatchObject({ code: 40001 });
      expect(soon.msg).toMatch(/end date must be at least 3 days/i);
      for (const rate of [0.5, 80.5, 15.555, 'x']) {
        const bad = await call(
          '/shop/target.create',
          request(s, { products: [{ id: s.productIds[0], rate }] }),
        );
        expect(bad.code, String(rate)).toBe(40001);
        expect(bad.msg).toMatch(/commission rate/i);
      }
      const noId = await call('/shop/target.create', request(s));
      expect(noId.code).toBe(40001);
      expect(noId.msg).toContain(s.handles[1]);
      expect(noId.msg).not.toContain(s.handles[0]);
      expect(creates().length).toBe(before);
    });

    it('creates one collaboration when the same dialog is submitted twice at once', async () => {
      const s = await setup(2);
      const before = creates().length;
      const body = request(s);
      const [a, b] = await Promise.all([
        call('/shop/target.create', body),
        call('/shop/target.create', body),
      ]);
      expect(creates().length).toBe(before + 1);
      const codes = [a.code, b.code].sort();
      expect(codes[0]).toBe(200);
      // The second either waits for the first's outcome or is told it is running.
      expect([200, 40009]).toContain(codes[1]);
      const again = await call('/shop/target.create', body);
      expect(again.code).toBe(200);
      expect(again.data).toEqual((a.code === 200 ? a : b).data);
      expect(creates().length).toBe(before + 1);
      // Two dialogs for one plan at once: while the first is with TikTok, the second is refused. The
      // first's TikTok call is held until the second has its answer, so the two surely overlap (left
      // to timing, a loaded machine once finished the first before the second arrived).
      const s2 = await setup(2);
      let second: ReturnType<typeof call> | undefined;
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      h.sim.control.failNext('target.create', 'slow', 1, {
        until: held,
        onTake: () => {
          second = call('/shop/target.create', request(s2));
          void second.finally(release);
        },
      });
      const c = await call('/shop/target.create', request(s2));
      const d = await second!;
      expect([c.code, d.code]).toEqual([200, 40009]);
      expect(creates().length).toBe(before + 2);
    });

    it("refuses another workspace's plan and a stopped shop, changing nothing", async () => {
      const s = await setup(1);
      const other = await h.app.signUp({ name: 'Other seller' });
      const before = creates().length;
      const foreign = await call('/shop/target.create', request(s), other);
      expect(foreign.code).toBe(40004);
      await db()
        .updateTable('shop_connections')
        .set({ status: 'stopped', stop_code: 'scope_missing' })
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      try {
        const stopped = await call('/shop/target.create', request(s));
        expect(stopped.code).toBe(40009);
        expect(stopped.msg).toContain('scope_missing');
      } finally {
        await db()
          .updateTable('shop_connections')
          .set({ status: 'active', stop_code: '' })
          .where('workspace_id', '=', me.workspaceId)
          .execute();
      }
      expect(creates().length).toBe(before);
      expect(await invitations(s.handles)).toHaveLength(0);
    });
  });
}
