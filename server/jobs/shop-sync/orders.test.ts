/**
 * The `orders` kind on both engines against the TikTok Shop simulator: affiliate SKU lines become
 * the order lines the file import writes, once (a rerun, a file import before or after, a run that
 * dies after a commit); sums follow; the settled commission replaces the estimate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readTable } from '../../../src/features/import/file-parse.ts';
import { readOrders } from '../../../src/features/import/orders-rules.ts';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { orderLines, type AffiliateOrder } from '../../integrations/tiktok-shop/index.ts';
import { RECENT_DAYS } from './kinds/orders.ts';

const DAY = 86_400_000;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: orders [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    afterEach(() => h.close());

    const start = async (orderLines?: number) => {
      h = await createSimHarness(engine, { orderLines });
      me = await h.app.signUp({ name: `Orders ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
    };
    const db = () => h.app.database.db;
    const run = () => h.app.app.shop.sync.runDue();
    const makeDue = (kind: string) =>
      db().updateTable('shop_sync_state').set({ next_run_at: 0 }).where('kind', '=', kind).execute();
    const rows = () =>
      db()
        .selectFrom('orders')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .orderBy('id')
        .execute();
    const state = () =>
      db().selectFrom('shop_sync_state').selectAll().where('kind', '=', 'orders').executeTakeFirstOrThrow();
    /** The shop's lines as the API shows them now, read the way the kind reads them. */
    const apiLines = () =>
      [...h.sim.control.orders(h.shopId)].flatMap((o) => orderLines(o as unknown as AffiliateOrder));
    const key = (l: { order_id: string; product_id: string }) => `${l.order_id}|${l.product_id}`;
    const post = async (path: string, body: unknown) =>
      (
        await h.app.app.inject({
          method: 'POST',
          url: `/api/v0.1${path}?language=en-us`,
          headers: { token: me.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json() as { code: number; msg: string; data: Record<string, unknown> };
    const importFile = async () => {
      const csv = h.sim.control.affiliateOrdersCsv(h.shopId);
      const t = await readTable(new Blob([csv]), 'affiliate.csv');
      const file = readOrders(t.headers, t.rows, t.rowNumbers);
      if (file === 'not_orders') throw new Error('not an orders file');
      expect(file.refusedRows).toBe(0);
      return post('/plan/orders.import', { country: 'US', layout: file.layout, lines: file.lines });
    };
    /** Each stored line against the API's: one per (order, product), with the API's figures (lines created since `since`). */
    const expectLedgerMatchesApi = async (since = 0) => {
      const api = apiLines();
      const stored = await rows();
      expect(stored).toHaveLength(api.length);
      const byKey = new Map(stored.map((r) => [key(r), r]));
      expect(byKey.size).toBe(api.length);
      for (const l of api.filter((x) => x.created_time >= since))
        expect(byKey.get(key(l)), key(l)).toMatchObject({
          layout: 'affiliate',
          country: 'US',
          creator: l.creator,
          content_id: l.content_id,
          status: l.status,
          commission: l.commission,
          void: l.void,
        });
      return stored;
    };

    it('first sync stores every affiliate SKU line once, and sums the sales of the shop’s creators', async () => {
      await start();
      const api = apiLines();
      expect(api.length).toBeGreaterThan(40);
      const handle = api.find((l) => !l.void)!.creator;
      expect((await post('/blogger/ingest', { country: 'US', creators: [{ unique_id: handle }] })).code).toBe(
        200,
      );
      // Another workspace with the same creator: nothing of this shop reaches it.
      const other = await h.app.signUp({ name: `Other ${engine}` });
      const ingested = await h.app.call(
        'POST',
        '/blogger/ingest',
        { country: 'US', creators: [{ unique_id: handle }] },
        { token: other.token },
      );
      expect(ingested.code).toBe(200);
      await run();
      const stored = await expectLedgerMatchesApi();
      expect(stored.every((r) => r.source === 'api' && r.sku_id === '' && Number(r.import_id) === 0)).toBe(
        true,
      );
      expect(await state()).toMatchObject({ last_error_code: '' });
      expect(Number((await state()).lines_synced)).toBe(api.length);
      // The creator's counted sales, as the API's own lines add up.
      const creator = await db()
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', '=', handle)
        .executeTakeFirstOrThrow();
      const sums = await db()
        .selectFrom('creator_sales')
        .selectAll()
        .where('creator_id', '=', Number(creator.id))
        .where('deleted_at', 'is', null)
        .execute();
      const cents = (n: unknown) => Math.round(Number(n) * 100);
      const counted = api.filter((l) => l.creator === handle && !l.void);
      expect(sums.reduce((s, r) => s + cents(r.gmv), 0)).toBe(counted.reduce((s, l) => s + cents(l.gmv), 0));
      expect(sums.reduce((s, r) => s + Number(r.units), 0)).toBe(counted.reduce((s, l) => s + l.quantity, 0));
      const theirs = (ws: number) =>
        Promise.all([
          db().selectFrom('orders').select('id').where('workspace_id', '=', ws).execute(),
          db().selectFrom('creator_sales').select('id').where('workspace_id', '=', ws).execute(),
        ]);
      expect(await theirs(other.workspaceId)).toEqual([[], []]);
    });

    it('a rerun stores nothing twice; later runs bring new orders and the settled commission', async () => {
      await start();
      await run();
      const first = await rows();
      const synced = Number((await state()).lines_synced);
      const version = () =>
        db()
          .selectFrom('workspaces')
          .select('version_seq')
          .where('id', '=', me.workspaceId)
          .executeTakeFirstOrThrow();
      const before = await version();
      await makeDue('orders');
      await run();
      expect(await rows()).toEqual(first);
      expect(Number((await state()).lines_synced)).toBe(synced);
      // Nothing changed: no version bump (it would wake every device of the workspace to pull).
      expect(await version()).toEqual(before);
      const pending = first.filter((r) => r.status === 'Pending');
      expect(pending.length).toBeGreaterThan(0);
      // Three weeks on: pending orders settle (actual commission), some are refunded; new orders come.
      h.clock.ms += 21 * DAY;
      const added = h.sim.control.addOrders(h.shopId, { count: 3 });
      await makeDue('orders');
      await run();
      const after = await expectLedgerMatchesApi();
      expect(after.length).toBeGreaterThan(first.length);
      expect(after.filter((r) => added.includes(r.order_id)).length).toBeGreaterThanOrEqual(3);
      const settled = after.filter((r) => pending.some((p) => p.id === r.id) && r.status === 'Settled');
      expect(settled.length).toBeGreaterThan(0);
      expect((await state()).last_error_code).toBe('');
    });

    it('a line imported by file and then synced is one line, keeping the file’s SKU id', async () => {
      await start();
      const imported = await importFile();
      expect(imported).toMatchObject({ code: 200, data: { updated: 0 } });
      const fromFile = await rows();
      expect(fromFile.every((r) => r.sku_id !== '' && r.source === '')).toBe(true);
      await run();
      const stored = await expectLedgerMatchesApi();
      expect(stored.map((r) => [r.id, r.sku_id])).toEqual(fromFile.map((r) => [r.id, r.sku_id]));
      // The file's GMV (payment after discounts) stays: the API has no such figure.
      expect(stored.map((r) => r.gmv)).toEqual(fromFile.map((r) => r.gmv));
    });

    it('a line synced and then imported by file is one line, now with the file’s SKU id', async () => {
      await start();
      await run();
      const synced = await rows();
      const imported = await importFile();
      expect(imported).toMatchObject({ code: 200, data: { added: 0, updated: synced.length } });
      const stored = await rows();
      expect(stored).toHaveLength(synced.length);
      expect(stored.every((r) => r.sku_id !== '')).toBe(true);
      await makeDue('orders');
      await run();
      // The API's figures again where the (recent) pass re-read (older lines keep the file's, the newer copy).
      const revisited = Math.floor(h.clock.ms / 1000) - RECENT_DAYS * 86_400;
      expect((await expectLedgerMatchesApi(revisited)).every((r) => r.sku_id !== '')).toBe(true);
    });

    it('a run that dies after a committed page resumes from it without storing a line twice', async () => {
      await start(600);
      // Every orders call answers slowly, so the run can be stopped between two pages.
      h.sim.control.failNext('orders.search', 'slow', 1000, { delayMs: 60 });
      const running = run();
      for (let i = 0; i < 500 && !(await state()).cursor; i++) await new Promise((r) => setTimeout(r, 10));
      const committed = await state();
      expect(JSON.parse(committed.cursor)).toMatchObject({ page: expect.stringMatching(/./) });
      h.app.app.shop.sync.abort(Number(committed.connection_id));
      await running;
      const partial = await rows();
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(apiLines().length);
      // The newest order (on the committed page) is refunded meanwhile: a run that read that page
      // again would store it; one that goes on from the next page does not.
      const [refunded] = await h.sim.control.changeOrderLines(h.shopId, { count: 1, kind: 'refund' });
      const line = async () =>
        (await rows()).find(
          (r) => r.order_id === refunded!.order_id && r.product_id === refunded!.product_id,
        )!;
      expect(Number((await line()).void)).toBe(0);
      h.sim.control.clearFaults();
      await run();
      expect(await rows()).toHaveLength(apiLines().length);
      expect(new Set((await rows()).map(key)).size).toBe(apiLines().length);
      expect(Number((await state()).lines_synced)).toBe(apiLines().length);
      expect(Number((await line()).void)).toBe(0);
      // The next pass reads it again.
      await makeDue('orders');
      await run();
      expect(Number((await line()).void)).toBe(1);
      await expectLedgerMatchesApi();
      expect(await rows()).toHaveLength(apiLines().length);
    });
  });
}
