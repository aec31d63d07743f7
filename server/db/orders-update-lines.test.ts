/**
 * `updateLines` (orders.repository.ts) on both engines: on PostgreSQL changed lines go out as
 * multi-row `insert ... on conflict (id) do update` batches. Whatever the batch size, every line
 * given is rewritten exactly once, no line is added, lost or doubled, lines not given and other
 * workspaces' lines stay as they were, and a batch naming a line that is not the workspace's
 * rolls back whole.
 */
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { insertLines, updateLines, type LineUpdate } from './orders.repository.ts';

describeEngines('order lines updated in batches', (t) => {
  const db = () => t().database.db;

  /** `n` affiliate lines of one workspace, in order of `order_id` (o0000 …). */
  const seed = async (me: SignedIn, n: number, prefix = 'o') => {
    await db()
      .transaction()
      .execute((trx) =>
        insertLines(
          trx,
          Array.from({ length: n }, (_, i) => ({
            workspace_id: me.workspaceId,
            layout: 'affiliate',
            order_id: `${prefix}${String(i).padStart(4, '0')}`,
            sku_id: '',
            content_id: `v${i % 3}`,
            product_id: `p${i % 5}`,
            creator: 'before',
            country: 'US',
            currency: 'USD',
            status: 'PENDING',
            quantity: 1,
            void: 0,
            created_time: 1_700_000_000 + i,
            add_time: 1_700_000_000,
            update_time: 1_700_000_000,
            gmv: 10,
            commission: 1,
            source: 'api',
          })),
        ),
      );
    return lines(me);
  };
  const lines = (me: SignedIn) =>
    db()
      .selectFrom('orders')
      .selectAll()
      .where('workspace_id', '=', me.workspaceId)
      .orderBy('order_id')
      .execute();
  type Line = Awaited<ReturnType<typeof lines>>[number];

  /** The update that makes line `l` the `k`-th changed one: every written field moves. */
  const change = (l: Line, k: number): LineUpdate => ({
    id: Number(l.id),
    layout: l.layout,
    order_id: l.order_id,
    sku_id: l.sku_id,
    content_id: l.content_id,
    product_id: l.product_id,
    country: 'GB',
    creator: `after${k}`,
    quantity: 2 + k,
    gmv: 20 + k,
    commission: 2 + k / 4,
    currency: 'GBP',
    status: 'SETTLED',
    void: k % 2,
    created_time: 1_710_000_000 + k,
    update_time: 1_720_000_000 + k,
  });

  /** Every line given carries its own change exactly once; every other line is as it was. */
  const expectWritten = (before: Norm[], after: Norm[], given: LineUpdate[]) => {
    expect(after.length).toBe(before.length);
    expect(new Set(after.map((l) => l.id)).size).toBe(after.length);
    const byId = new Map(given.map((u) => [u.id, u]));
    const want = before.map((was) => {
      const u = byId.get(was.id);
      if (!u) return was;
      const { id: _id, layout: _l, order_id: _o, sku_id: _s, content_id: _c, product_id: _p, ...fields } = u;
      return { ...was, ...fields };
    });
    expect(after).toEqual(want);
  };
  const norm = (rows: Line[]) =>
    rows.map((l) => ({
      ...l,
      id: Number(l.id),
      workspace_id: Number(l.workspace_id),
      quantity: Number(l.quantity),
      void: Number(l.void),
      created_time: Number(l.created_time),
      add_time: Number(l.add_time),
      update_time: Number(l.update_time),
      import_id: Number(l.import_id),
      prev_import_id: Number(l.prev_import_id),
      gmv: Number(l.gmv),
      commission: Number(l.commission),
    }));
  type Norm = ReturnType<typeof norm>[number];

  it('batches of any size write each given line once and no other (a last partial batch included)', async () => {
    const me = await t().signUp({ name: 'Batches' });
    const other = await t().signUp({ name: 'Other' });
    const before = norm(await seed(me, 50));
    const theirs = norm(await seed(other, 10));
    // Every line but a few, out of order, in batches of 7: 7 batches, the last one of 3.
    const given = before
      .filter((_, i) => i % 10 !== 3)
      .reverse()
      .map((l, k) => change(l, k));
    expect(given.length).toBe(45);
    await db()
      .transaction()
      .execute((trx) => updateLines(trx, me.workspaceId, given, 7));
    expectWritten(before, norm(await lines(me)), given);
    expect(norm(await lines(other))).toEqual(theirs);
  });

  it('the default batch size: more lines than one PostgreSQL statement carries', async () => {
    const me = await t().signUp({ name: 'Many' });
    const before = norm(await seed(me, 2_101));
    const given = before.map((l, k) => change(l, k));
    await db()
      .transaction()
      .execute((trx) => updateLines(trx, me.workspaceId, given));
    expectWritten(before, norm(await lines(me)), given);
  });

  it("a batch naming another workspace's line, a missing line or a line twice writes nothing", async () => {
    const me = await t().signUp({ name: 'Mine' });
    const other = await t().signUp({ name: 'Theirs' });
    const mine = norm(await seed(me, 12));
    const theirs = norm(await seed(other, 3));
    const missing = Math.max(...[...mine, ...theirs].map((l) => l.id)) + 1000;
    const bad = [
      [...mine.map((l, k) => change(l, k)), change(theirs[1]!, 99)],
      [...mine.map((l, k) => change(l, k)), { ...change(mine[0]!, 98), id: missing, order_id: 'nowhere' }],
      [...mine.map((l, k) => change(l, k)), change(mine[5]!, 97)],
    ];
    for (const given of bad)
      await expect(
        db()
          .transaction()
          .execute((trx) => updateLines(trx, me.workspaceId, given, 5)),
      ).rejects.toThrow(/updateLines/);
    expect(norm(await lines(me))).toEqual(mine);
    expect(norm(await lines(other))).toEqual(theirs);
  });
});
