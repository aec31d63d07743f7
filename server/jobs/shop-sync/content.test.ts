/**
 * The `content` kind on both engines against the TikTok Shop simulator: a shipped sample's
 * fulfilments become one content record per video (source 'shop') with a performance snapshot
 * whenever the counts moved; a rerun stores nothing twice; a hand-pasted link of the same video is
 * the same record; the creator moves to "content posted" as for a hand entry; a killed run resumes
 * after its last committed batch; later runs read only what can still change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HANDLE_PATTERN } from '../../../contract/constants.ts';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { CONTENT_STATUSES, FRESH_DAYS } from './kinds/content.ts';

const DAY = 86_400;

for (const engine of ['sqlite', 'postgres'] as const) {
  // Each read is a call and a few writes per application: slow on a busy machine, not stuck.
  describe(`shop sync: content [${engine}]`, { timeout: 90_000 }, () => {
    let h: SimHarness;
    let me: SignedIn;
    afterEach(() => h.close());

    const start = async (samples?: number) => {
      h = await createSimHarness(engine, { samples });
      me = await h.app.signUp({ name: `Content ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    };
    const db = () => h.app.database.db;
    /** Runs only these kinds (everything else waits). */
    const runOnly = async (...kinds: string[]) => {
      await db().updateTable('shop_sync_state').set({ next_run_at: 4_000_000_000 }).execute();
      await db().updateTable('shop_sync_state').set({ next_run_at: 0 }).where('kind', 'in', kinds).execute();
      await h.app.app.shop.sync.runDue();
    };
    const state = () =>
      db().selectFrom('shop_sync_state').selectAll().where('kind', '=', 'content').executeTakeFirstOrThrow();
    const records = () =>
      db()
        .selectFrom('contents')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    const snapshots = () =>
      db()
        .selectFrom('content_snapshots')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .orderBy('id')
        .execute();
    const apps = () => h.sim.control.sampleApplications(h.shopId);
    /** Every fulfilment TikTok answers now for the applications that can carry content. */
    const apiContent = () =>
      apps()
        .filter((a) => CONTENT_STATUSES.includes(a.status))
        .flatMap((a) =>
          h.sim.control.sampleFulfillments(h.shopId, a.id).map((f) => ({ app: a, ...f.content })),
        );
    const fulfilmentCalls = () => h.sim.control.calls().filter((c) => c.endpoint === 'samples.fulfillments');
    const call = async (path: string, body: Record<string, unknown>) => {
      const res = await h.app.call('POST', path, body, { token: me.token });
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data;
    };

    /** A plan with one application's product and its creator, the sample shipped (as synced). */
    const shippedInPlan = async () => {
      const all = apps();
      const s = all.find(
        (a) =>
          HANDLE_PATTERN.test(a.creator.username) &&
          all.filter((b) => b.creator.username === a.creator.username && b.product.id === a.product.id)
            .length === 1,
      )!;
      h.sim.control.setSampleStatus(h.shopId, s.id, 'SHIPPED');
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
        name: 'Content',
        country: 'US',
        product_ids: [Number(product.id)],
      });
      await call('/plan/creator.add', { plan_id: plan.id, creator_ids: [Number(creator.id)] });
      await runOnly('samples');
      const member = () =>
        db()
          .selectFrom('plan_creators')
          .selectAll()
          .where('plan_id', '=', plan.id)
          .where('creator_id', '=', Number(creator.id))
          .executeTakeFirstOrThrow();
      expect((await member()).stage).toBe('shipped');
      return { s, planId: plan.id as number, creatorId: Number(creator.id), member };
    };

    it('stores one shop record per fulfilment with a snapshot; a rerun stores nothing twice; moved counts add a snapshot', async () => {
      await start(60);
      await runOnly('samples');
      await runOnly('content');
      const api = apiContent();
      expect(api.length).toBeGreaterThan(3);
      const stored = await records();
      expect(stored).toHaveLength(api.length);
      for (const c of api) {
        const row = stored.find((r) => r.video_id === c.id)!;
        expect(row, c.id).toMatchObject({
          country: 'US',
          source: 'shop',
          kind: c.format === 'LIVE' ? 'live' : 'video',
          product_ids: c.app.product.id,
          post_time: c.create_time,
          handle: c.app.creator.username.toLowerCase(),
        });
        if (c.format === 'VIDEO') expect(row.link).toBe(c.url);
        expect(Number(row.creator_id)).toBeGreaterThan(0);
      }
      const snaps = await snapshots();
      expect(snaps).toHaveLength(api.length);
      for (const c of api) {
        const row = stored.find((r) => r.video_id === c.id)!;
        expect(snaps.find((s) => Number(s.content_id) === Number(row.id))).toMatchObject({
          views: c.view_count,
          likes: c.like_count,
          comments: c.comment_count,
          orders: c.paid_order_count,
        });
      }
      expect(await state()).toMatchObject({ cursor: '', last_error_code: '' });
      const lines = Number((await state()).lines_synced);
      expect(lines).toBe(api.length * 2);

      // Again at the same moment: nothing new.
      await runOnly('content');
      expect(await records()).toHaveLength(api.length);
      expect(await snapshots()).toHaveLength(api.length);
      expect(Number((await state()).lines_synced)).toBe(lines);

      // A new video, a day later: one more record, and a snapshot for each piece whose counts grew.
      const waiting = apps().find((a) => a.status === 'SHIPPED' || a.status === 'CONTENT_PENDING')!;
      h.sim.control.addSampleContent(h.shopId, waiting.id);
      h.clock.ms += DAY * 1000;
      const before = apiContent();
      await runOnly('samples');
      await runOnly('content');
      const after = apiContent();
      expect(after).toHaveLength(before.length);
      expect(await records()).toHaveLength(api.length + 1);
      const grown = after.filter((c) => {
        const was = api.find((x) => x.id === c.id);
        return !was || was.view_count !== c.view_count || was.like_count !== c.like_count;
      });
      expect(grown.length).toBeGreaterThan(0);
      expect(await snapshots()).toHaveLength(api.length + grown.length);
    });

    it('a synced video moves its shipped creator to content posted, in the plan it is for', async () => {
      await start();
      const { s, planId, member } = await shippedInPlan();
      h.sim.control.addSampleContent(h.shopId, s.id);
      // Only the content kind runs: the move is the content record's, not the sample status's.
      await runOnly('content');
      const [row] = (await records()).filter((r) => r.product_ids === s.product.id);
      expect(row).toMatchObject({ source: 'shop', plan_id: planId });
      expect((await member()).stage).toBe('posted');
    });

    it('a hand-pasted link, then the synced same video, is one record that keeps the member’s entry', async () => {
      await start();
      const { s, planId, member } = await shippedInPlan();
      h.sim.control.addSampleContent(h.shopId, s.id);
      const [f] = h.sim.control.sampleFulfillments(h.shopId, s.id);
      // Pasted with a query string and in capitals: the same video once parsed.
      const pasted = await call('/content/add', {
        country: 'US',
        link: `${f!.content.url.replace(/@([^/]+)/, (_m, x: string) => `@${x.toUpperCase()}`)}?is_from_webapp=1`,
        post_time: 1_700_000_000,
      });
      expect(pasted.already).toBe(0);
      expect((await member()).stage).toBe('shipped');
      const others = (await records()).length;
      await runOnly('content');
      const all = (await records()).filter((r) => r.video_id === f!.content.id);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({
        id: pasted.id,
        source: 'hand',
        post_time: 1_700_000_000,
        product_ids: s.product.id,
        plan_id: planId,
        video_id: f!.content.id,
      });
      expect((await snapshots()).filter((x) => Number(x.content_id) === pasted.id)).toHaveLength(1);
      expect((await member()).stage).toBe('posted');
      const total = (await records()).length;
      // And pasted again after the sync: still the one record.
      const again = await call('/content/add', { country: 'US', link: f!.content.url });
      expect(again).toMatchObject({ already: 1, id: pasted.id });
      expect(await records()).toHaveLength(total);
      expect(others).toBeGreaterThanOrEqual(1);
    });

    it('a run that dies after a committed batch resumes from it without storing a record twice', async () => {
      await start(120);
      await runOnly('samples');
      const due = apps().filter((a) => CONTENT_STATUSES.includes(a.status)).length;
      expect(due).toBeGreaterThan(40);
      h.sim.control.clearCalls();
      h.sim.control.failNext('samples.fulfillments', 'slow', 10_000, { delayMs: 25 });
      await db().updateTable('shop_sync_state').set({ next_run_at: 4_000_000_000 }).execute();
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('kind', '=', 'content')
        .execute();
      const running = h.app.app.shop.sync.runDue();
      for (let i = 0; i < 1000 && !(await state()).cursor; i++) await new Promise((r) => setTimeout(r, 10));
      const committed = await state();
      const after = JSON.parse(committed.cursor).after as string;
      expect(after).toMatch(/^\d+$/);
      h.app.app.shop.sync.abort(Number(committed.connection_id));
      await running;
      const partial = await records();
      expect(partial.length).toBeLessThan(apiContent().length);
      h.sim.control.clearFaults();
      const callsBefore = fulfilmentCalls().length;
      await runOnly('content');
      const all = await records();
      expect(all).toHaveLength(apiContent().length);
      expect(new Set(all.map((r) => r.video_id)).size).toBe(all.length);
      expect(await snapshots()).toHaveLength(all.length);
      // It went on after the committed batch: the applications up to it were not asked again.
      const resumed = fulfilmentCalls().slice(callsBefore);
      expect(resumed.length).toBeLessThan(due);
      expect(resumed.every((c) => (c.path.match(/sample_applications\/(\d+)\//)?.[1] ?? '') > after)).toBe(
        true,
      );
    });

    it('later runs read only what can still change: waiting samples, moved statuses and content younger than 30 days', async () => {
      await start(80);
      await runOnly('samples');
      await runOnly('content');
      h.clock.ms += (FRESH_DAYS + 1) * DAY * 1000;
      h.sim.control.clearCalls();
      await runOnly('content');
      const waiting = apps().filter((a) => a.status === 'SHIPPED' || a.status === 'CONTENT_PENDING');
      const fresh = h.clock.ms / 1000 - FRESH_DAYS * DAY;
      const young = apps().filter((a) =>
        h.sim.control.sampleFulfillments(h.shopId, a.id).some((f) => f.content.create_time >= fresh),
      );
      const finished = apps().filter((a) => CONTENT_STATUSES.includes(a.status)).length;
      const read = new Set(fulfilmentCalls().map((c) => c.path.match(/sample_applications\/(\d+)\//)?.[1]));
      expect(read).toEqual(new Set([...waiting, ...young].map((a) => a.id)));
      expect(read.size).toBeLessThan(finished);
      // A waiting one posts: its status moves (synced), it is read and its video stored.
      h.sim.control.addSampleContent(h.shopId, waiting[0]!.id);
      await runOnly('samples');
      h.sim.control.clearCalls();
      await runOnly('content');
      expect(fulfilmentCalls().map((c) => c.path)).toContain(
        `/affiliate_seller/202409/sample_applications/${waiting[0]!.id}/fulfillments/search`,
      );
      h.sim.control.clearCalls();
      // Its video is young: read again next time, with the others as before.
      await runOnly('content');
      expect(
        new Set(fulfilmentCalls().map((c) => c.path.match(/sample_applications\/(\d+)\//)?.[1])),
      ).toEqual(new Set([...waiting, ...young].map((a) => a.id)));
    });
  });
}
