/**
 * The `orders` kind writes pages in batches (kinds/orders.ts) and sums, once when its pass ends,
 * only the weeks its batches touched (services/order-sums.ts), on both engines: a run cut between
 * batches keeps those weeks in its cursor, the resumed run ends exact, a full recompute changes
 * nothing, and a changed line rewrites the sums of its week only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { recomputeAffected, touch, weekOf } from '../../services/order-sums.ts';
import { readCursor } from './kinds/orders.ts';

const cents = (n: unknown) => Math.round(Number(n) * 100);

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync: orders in batches [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const run = () => h.app.app.shop.sync.runDue();
    const state = () =>
      db().selectFrom('shop_sync_state').selectAll().where('kind', '=', 'orders').executeTakeFirstOrThrow();
    const versionSeq = async () =>
      Number(
        (
          await db()
            .selectFrom('workspaces')
            .select('version_seq')
            .where('id', '=', me.workspaceId)
            .executeTakeFirstOrThrow()
        ).version_seq,
      );

    /** The shop with every creator its orders name in the workspace, so their sales are summed. */
    const start = async (orderLines: number) => {
      h = await createSimHarness(engine, { orderLines });
      me = await h.app.signUp({ name: `Batches ${engine}` });
      const handles = h.sim.control.shop(h.shopId).creators.map((c) => c.handle);
      for (let i = 0; i < handles.length; i += 100) {
        const res = await h.app.call(
          'POST',
          '/blogger/ingest',
          { country: 'US', creators: handles.slice(i, i + 100).map((unique_id) => ({ unique_id })) },
          { token: me.token },
        );
        expect(res.code).toBe(200);
      }
      expect((await h.connect(me)).get('connected')).toBe('1');
      // Only the orders kind runs, so every version the workspace takes is one of its commits.
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 4_000_000_000 })
        .where('kind', '!=', 'orders')
        .execute();
    };

    /** The live sums rows (with `all`, the deleted ones too), keyed by creator, product and week. */
    const stored = async (all = false) => {
      const rows = await db()
        .selectFrom('creator_sales')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .$if(!all, (q) => q.where('deleted_at', 'is', null))
        .execute();
      return new Map(rows.map((r) => [`${r.creator_id}|${r.product_id}|${r.week}`, r]));
    };

    /** The sums the stored lines make (every line here is an affiliate line; a void one does not count). */
    const expected = async () => {
      const ids = new Map(
        (
          await db()
            .selectFrom('creators')
            .select(['id', 'unique_id'])
            .where('workspace_id', '=', me.workspaceId)
            .execute()
        ).map((c) => [c.unique_id, Number(c.id)]),
      );
      const lines = await db()
        .selectFrom('orders')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      const sums = new Map<string, { orders: Set<string>; units: number; gmv: number; commission: number }>();
      for (const l of lines) {
        const id = ids.get(l.creator);
        if (!id || Number(l.void)) continue;
        const k = `${id}|${l.product_id}|${weekOf(Number(l.created_time))}`;
        const s = sums.get(k) ?? { orders: new Set(), units: 0, gmv: 0, commission: 0 };
        s.orders.add(l.order_id);
        s.units += Number(l.quantity);
        s.gmv += cents(l.gmv);
        s.commission += cents(l.commission);
        sums.set(k, s);
      }
      return { sums, lines: lines.length };
    };

    const expectExact = async () => {
      const want = await expected();
      const have = await stored();
      expect([...have.keys()].sort()).toEqual([...want.sums.keys()].sort());
      for (const [k, s] of want.sums)
        expect(
          {
            orders: Number(have.get(k)!.orders),
            units: Number(have.get(k)!.units),
            gmv: cents(have.get(k)!.gmv),
            commission: cents(have.get(k)!.commission),
          },
          k,
        ).toEqual({ orders: s.orders.size, units: s.units, gmv: s.gmv, commission: s.commission });
      return want.lines;
    };

    it('a run cut between batches keeps the weeks still to sum in its cursor; the resumed run ends exact', async () => {
      await start(1500);
      // Batches of 1 and 2 pages are the first three orders calls; the fourth is asked for only
      // once the second batch has committed. The run is stopped as that call arrives, before it
      // is answered: exactly two batches are in, whatever the machine's speed.
      const versions = await versionSeq();
      const id = Number((await state()).connection_id);
      let stopped = 0;
      h.sim.control.failNext('orders.search', 'slow', 1, {
        skip: 3,
        delayMs: 0,
        onTake: () => {
          stopped++;
          h.app.app.shop.sync.abort(id);
        },
      });
      await run();
      expect(stopped).toBe(1);
      expect((await versionSeq()) - versions).toBe(2);
      const cut = (await expected()).lines;
      // Three pages of 100 orders.
      expect(cut).toBeGreaterThanOrEqual(300);
      expect(cut).toBeLessThan(1500);
      expect(Number((await state()).lines_synced)).toBe(cut);
      // The pass sums its weeks once, when it ends: the weeks written so far wait in the cursor.
      const lines = await db()
        .selectFrom('orders')
        .select('created_time')
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      const weeks = new Set(lines.map((l) => weekOf(Number(l.created_time))));
      expect(weeks.size).toBeGreaterThan(0);
      expect(
        new Set(readCursor((await state()).cursor).weeks.map((i) => i * 7 * 86_400 - 3 * 86_400)),
      ).toEqual(weeks);
      expect((await stored()).size).toBe(0);
      h.sim.control.clearFaults();
      await run();
      expect(await expectExact()).toBe(1500);
      // Summing every week of every creator again finds nothing to change.
      const before = await stored();
      const seq = await versionSeq();
      await db()
        .transaction()
        .execute(async (trx) => {
          const all = new Map();
          for (const c of h.sim.control.shop(h.shopId).creators) touch(all, 'US', c.handle);
          await recomputeAffected(trx, me.workspaceId, all, seq + 1, 1);
        });
      expect(await stored()).toEqual(before);
    });

    it('weeks a finished pass left unsummed (a crash while summing) are summed by the next run', async () => {
      await start(600);
      await run();
      await expectExact();
      const summed = new Set([...(await stored()).values()].map((r) => Number(r.week)));
      expect(summed.size).toBeGreaterThan(1);
      // As if the process died after the pass's last batch, before any of its weeks were summed:
      // the pass is over (end 0), its weeks wait in the cursor, none of their rows are written.
      const cursor = readCursor((await state()).cursor);
      expect(cursor.end).toBe(0);
      await db().deleteFrom('creator_sales').where('workspace_id', '=', me.workspaceId).execute();
      await db()
        .updateTable('shop_sync_state')
        .set({
          cursor: JSON.stringify({
            ...cursor,
            weeks: [...summed].map((w) => (w + 3 * 86_400) / (7 * 86_400)),
          }),
          next_run_at: 0,
        })
        .where('kind', '=', 'orders')
        .execute();
      await run();
      // The new pass re-read recent days only and changed no line; the rows are back from the cursor.
      expect(readCursor((await state()).cursor).weeks).toEqual([]);
      await expectExact();
    });

    it('pages are written in batches that grow, each one transaction', async () => {
      await start(1500);
      const versions = await versionSeq();
      await run();
      expect(Number((await state()).lines_synced)).toBe(1500);
      // 1,000 orders are 10 pages of 100: batches of 1, 2, 4 and the last 3 pages, one version each
      // (the batch that ends the pass holds only empty pages of older slices, so it took none). Then
      // the pass's weeks are summed, a transaction and a version per group of creators: here every
      // week's lines fit one group's line budget, so a week takes one per 100 creators.
      const creatorsByWeek = new Map<number, Set<string>>();
      for (const l of await db()
        .selectFrom('orders')
        .select(['created_time', 'creator'])
        .where('workspace_id', '=', me.workspaceId)
        .execute()) {
        const week = weekOf(Number(l.created_time));
        creatorsByWeek.set(week, (creatorsByWeek.get(week) ?? new Set()).add(l.creator));
      }
      const groups = [...creatorsByWeek.values()].reduce((n, c) => n + Math.ceil(c.size / 100), 0);
      expect(creatorsByWeek.size).toBeGreaterThan(1);
      expect((await versionSeq()) - versions).toBe(4 + groups);
      await expectExact();
    });

    it('a changed line rewrites the sums of its own week only', async () => {
      await start(600);
      await run();
      const before = await stored(true);
      const refunded = await h.sim.control.changeOrderLines(h.shopId, { count: 5, kind: 'refund' });
      await db()
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('kind', '=', 'orders')
        .execute();
      await run();
      await expectExact();
      const lines = await db()
        .selectFrom('orders')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .where(
          'order_id',
          'in',
          refunded.map((r) => r.order_id),
        )
        .execute();
      const changed = lines.filter((l) =>
        refunded.some((r) => r.order_id === l.order_id && r.product_id === l.product_id),
      );
      expect(changed.length).toBe(5);
      expect(changed.every((l) => Number(l.void) === 1)).toBe(true);
      const weeks = new Set(changed.map((l) => weekOf(Number(l.created_time))));
      const after = await stored(true);
      const moved = [...after].filter(([k, r]) => before.get(k)?.version !== r.version).map(([, r]) => r);
      expect(moved.length).toBeGreaterThan(0);
      expect(moved.every((r) => weeks.has(Number(r.week)))).toBe(true);
      // The same creators' rows of other weeks were not written again.
      const creators = new Set(moved.map((r) => Number(r.creator_id)));
      const others = [...after.values()].filter(
        (r) => creators.has(Number(r.creator_id)) && !weeks.has(Number(r.week)),
      );
      expect(others.length).toBeGreaterThan(0);
      for (const r of others)
        expect(r.version).toBe(before.get(`${r.creator_id}|${r.product_id}|${r.week}`)!.version);
    });
  });
}
