/**
 * POST /plan/orders.import on both engines: Seller Center's downloads, read by the PWA's
 * own parser from the fixture files, become counted sales per creator and product; importing the
 * same file again changes nothing; a later all-orders download's refund stops an affiliate line from
 * counting; another workspace's creators are never matched.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { readTable } from '../../src/features/import/file-parse.ts';
import { readOrders, type OrdersFile } from '../../src/features/import/orders-rules.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

async function fixture(name: string): Promise<OrdersFile> {
  const bytes = fs.readFileSync(new URL(`../../tests/fixtures/orders/${name}`, import.meta.url));
  const t = await readTable(new Blob([bytes]), name);
  const r = readOrders(t.headers, t.rows, t.rowNumbers);
  if (r === 'not_orders') throw new Error(name);
  return r;
}

describeEngines('order imports', (t) => {
  const post = async (token: string, body: unknown) => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/plan/orders.import?language=en-us',
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return res.json() as { code: number; msg: string; data: Record<string, unknown> };
  };
  const sales = async (token: string) => {
    const pull = await t().call('POST', '/sync/pull', { cursor: '' }, { token });
    const v = pull.data.changes.creator_sales as { columns: string[]; rows: unknown[][] };
    return v.rows.map((r) => Object.fromEntries(v.columns.map((c, i) => [c, r[i]]))) as Record<
      string,
      unknown
    >[];
  };
  const ingest = (token: string, handles: string[], country = 'US') =>
    t().app.inject({
      method: 'POST',
      url: '/api/v0.1/blogger/ingest',
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify({ country, creators: handles.map((unique_id) => ({ unique_id })) }),
    });

  it('turns affiliate lines into sales per creator and product, once, whatever the number of imports', async () => {
    const a = await t().signUp({ name: 'seller' });
    const b = await t().signUp({ name: 'other seller' });
    await ingest(a.token, ['glowwithjane', 'dealsbymark', 'shopwithlee']);
    await ingest(b.token, ['skincarebyav']);
    const file = await fixture('affiliate-us.csv');
    const body = { country: 'US', layout: file.layout, lines: file.lines };
    const first = await post(a.token, body);
    // skincarebyav is another workspace's creator: not matched here.
    expect(first).toMatchObject({
      code: 200,
      data: { added: 5, updated: 0, unmatched: ['skincarebyav'], creators: 3 },
    });
    const again = await post(a.token, body);
    expect(again.data).toMatchObject({ added: 0, updated: 5 });

    const rows = await sales(a.token);
    const creators = (await t().call('POST', '/sync/pull', { cursor: '' }, { token: a.token })).data.changes
      .creators as {
      columns: string[];
      rows: unknown[][];
    };
    const idOf = (h: string) =>
      creators.rows.find((r) => r[creators.columns.indexOf('unique_id')] === h)![
        creators.columns.indexOf('id')
      ];
    const of = (h: string, product: string) =>
      rows.find((r) => r.creator_id === idOf(h) && r.product_id === product);
    // Jane: one settled serum sale; her ineligible, refunded cleanser line does not count.
    expect(of('glowwithjane', '1729000000000000001')).toMatchObject({
      gmv: 19.99,
      orders: 1,
      units: 1,
      commission: 3,
      currency: 'USD',
    });
    expect(of('glowwithjane', '1729000000000000002')).toBeUndefined();
    expect(of('dealsbymark', '1729000000000000002')).toMatchObject({ gmv: 22, units: 2, commission: 5 });
    expect(of('shopwithlee', '1729000000000000001')).toMatchObject({ gmv: 17.99, commission: 1.2 });
    expect(rows).toHaveLength(3);
    expect(await sales(b.token)).toEqual([]);
  });

  it('a refund in a later all-orders download stops the affiliate line from counting', async () => {
    const a = await t().signUp({ name: 'refunds' });
    await ingest(a.token, ['glowwithjane']);
    const aff = await fixture('affiliate-us.csv');
    await post(a.token, { country: 'US', layout: 'affiliate', lines: aff.lines });
    expect((await sales(a.token)).map((r) => r.gmv)).toEqual([19.99]);
    // The all-orders file cancels order …001's serum SKU.
    const all = await fixture('all-orders-us.csv');
    const cancelled = all.lines.map((l) =>
      l.sku_id === '1729000000000000101' ? { ...l, status: 'Canceled', void: 1 as const } : l,
    );
    const res = await post(a.token, { country: 'US', layout: 'all_orders', lines: cancelled });
    expect(res).toMatchObject({ code: 200, data: { added: 3, unmatched: [] } });
    const live = (await sales(a.token)).filter((r) => r.deleted_at === undefined);
    expect(live).toEqual([]);
  });

  it('moves the sales when a file imported under the wrong country is imported again under the right one', async () => {
    const a = await t().signUp({ name: 'two shops' });
    await ingest(a.token, ['glowwithjane'], 'GB');
    await ingest(a.token, ['glowwithjane'], 'US');
    const file = await fixture('affiliate-us.csv');
    await post(a.token, { country: 'GB', layout: 'affiliate', lines: file.lines });
    const before = await sales(a.token);
    expect(before).toHaveLength(1);
    await post(a.token, { country: 'US', layout: 'affiliate', lines: file.lines });
    const after = await sales(a.token);
    // One row, now the US creator's: the GB creator's sum was taken back, nothing counted twice.
    expect(after).toHaveLength(1);
    expect(after[0]!.creator_id).not.toBe(before[0]!.creator_id);
    expect(after[0]).toMatchObject({ gmv: 19.99 });
  });

  it("records a sale entered by hand once, in the creator's currency, beside the imported ones", async () => {
    const a = await t().signUp({ name: 'by hand' });
    const b = await t().signUp({ name: 'stranger' });
    await ingest(a.token, ['glowwithjane']);
    await post(a.token, {
      country: 'US',
      layout: 'affiliate',
      lines: (await fixture('affiliate-us.csv')).lines,
    });
    const jane = (await sales(a.token))[0]!.creator_id as number;
    const sale = {
      creator_id: jane,
      product_id: '1729000000000000001',
      gmv: '40',
      units: 2,
      commission: '6',
      day: '2026-03-20',
      ref: '17000000000001',
    };
    const res = await t().call('POST', '/plan/sale.add', sale, { token: a.token });
    expect(res).toMatchObject({
      code: 200,
      msg: 'Sale recorded',
      data: { creator_id: jane, order_id: '17000000000001' },
    });
    // Sent again (a retry): the same line, not a second sale.
    await t().call('POST', '/plan/sale.add', sale, { token: a.token });
    // Kept by week (2 March and 16 March): the weekly chart reads them apart, totals add them up.
    const rows = await sales(a.token);
    expect(rows.map((r) => [r.week, r.gmv, r.orders, r.units, r.commission, r.currency]).sort()).toEqual(
      [
        [Date.parse('2026-03-02T00:00:00Z') / 1000, 19.99, 1, 1, 3, 'USD'],
        [Date.parse('2026-03-16T00:00:00Z') / 1000, 40, 1, 2, 6, 'USD'],
      ].sort(),
    );
    for (const bad of [{ gmv: '-1' }, { units: 0 }, { day: '2026-02-30' }, { product_id: '' }, { ref: 'x' }])
      expect(
        (await t().call('POST', '/plan/sale.add', { ...sale, ...bad }, { token: a.token })).code,
        JSON.stringify(bad),
      ).toBe(40001);
    expect((await t().call('POST', '/plan/sale.add', sale, { token: b.token })).code).toBe(40004);
  });

  it('refuses what is not an order line, naming the limit', async () => {
    const a = await t().signUp({ name: 'careful' });
    const line = (await fixture('affiliate-us.csv')).lines[0]!;
    expect((await post(a.token, { country: 'US', layout: 'affiliate', lines: [] })).code).toBe(40001);
    expect(
      (await post(a.token, { country: 'US', layout: 'affiliate', lines: [{ ...line, order_id: 'abc' }] }))
        .code,
    ).toBe(40001);
    expect((await post(a.token, { country: 'US', layout: 'nope', lines: [line] })).code).toBe(40001);
    const big = await post(a.token, { country: 'US', layout: 'affiliate', lines: Array(5001).fill(line) });
    expect(big).toMatchObject({ code: 40001, msg: expect.stringContaining('5,000') });
  });

  it("moves plan creators on with the records: an invitation of the plan's product to invited, a sale to selling", async () => {
    const a = await t().signUp({ name: 'mover' });
    await ingest(a.token, ['adv_one', 'adv_two', 'adv_three', 'adv_four']);
    const tower = '1729000000000000901';
    const other = '1729000000000000902';
    for (const productId of [tower, other])
      await t().call(
        'POST',
        '/product/add',
        { country: 'US', productId, productTitle: productId, productImage: 'https://example.com/p.png' },
        { token: a.token },
      );
    const pull = async () =>
      (await t().call('POST', '/sync/pull', { cursor: '' }, { token: a.token })).data.changes;
    const rowsOf = (v: unknown) => {
      const x = v as { columns: string[]; rows: unknown[][] };
      return x.rows.map((r) => Object.fromEntries(x.columns.map((c, i) => [c, r[i]]))) as Record<
        string,
        unknown
      >[];
    };
    const changes = await pull();
    const products = rowsOf(changes.products);
    const rowId = (p: string) => products.find((r) => r.product_id === p)!.id;
    const creators = rowsOf(changes.creators);
    const id = (h: string) => Number(creators.find((r) => r.unique_id === h)!.id);
    const withTower = (
      await t().call('POST', '/plan/add', { name: 'Tower push', country: 'US' }, { token: a.token })
    ).data as { id: number };
    const withOther = (
      await t().call('POST', '/plan/add', { name: 'Other push', country: 'US' }, { token: a.token })
    ).data as { id: number };
    await t().call(
      'PUT',
      '/plan/edit',
      { id: withTower.id, product_ids: [rowId(tower)] },
      { token: a.token },
    );
    await t().call(
      'PUT',
      '/plan/edit',
      { id: withOther.id, product_ids: [rowId(other)] },
      { token: a.token },
    );
    const all = ['adv_one', 'adv_two', 'adv_three', 'adv_four'].map(id);
    for (const plan of [withTower, withOther])
      await t().call('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: all }, { token: a.token });
    // adv_three is further on (sample requested), adv_four left the path (dropped).
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: withTower.id, creator_ids: [id('adv_three')], stage: 'sample_requested' },
      { token: a.token },
    );
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: withTower.id, creator_ids: [id('adv_four')], stage: 'dropped', reason: 'No' },
      { token: a.token },
    );

    const inv = await t().call(
      'POST',
      '/blogger/invitation.add',
      { country: 'US', bloggers: ['adv_one', 'adv_two', 'adv_three', 'adv_four'], productIds: [tower] },
      { token: a.token },
    );
    expect(inv.code).toBe(200);
    // The answer is the spec's: no internal ids.
    expect(Object.keys(inv.data as object).sort()).toEqual([
      'added',
      'blacklisted',
      'created_creators',
      'updated',
    ]);
    const stageOf = async (plan: number, h: string) =>
      rowsOf((await pull()).plan_creators).find((r) => r.plan_id === plan && r.creator_id === id(h))!.stage;
    expect(await stageOf(withTower.id, 'adv_one')).toBe('invited');
    expect(await stageOf(withTower.id, 'adv_three')).toBe('sample_requested');
    expect(await stageOf(withTower.id, 'adv_four')).toBe('dropped');
    // The other plan does not carry the tower: nobody moves there.
    expect(await stageOf(withOther.id, 'adv_one')).toBe('to_contact');

    const line = (order: string, creator: string, product: string, v = 0) => ({
      order_id: order,
      sku_id: '1',
      content_id: '',
      product_id: product,
      creator,
      quantity: 1,
      gmv: 20,
      commission: 2,
      currency: 'USD',
      status: v ? 'Cancelled' : 'Settled',
      void: v,
      created_time: 1_772_000_000,
    });
    const res = await post(a.token, {
      country: 'US',
      layout: 'affiliate',
      lines: [
        line('5769000000000000901', 'adv_one', tower),
        line('5769000000000000902', 'adv_two', tower, 1),
      ],
    });
    expect(res.code).toBe(200);
    expect(await stageOf(withTower.id, 'adv_one')).toBe('selling');
    // A void line sells nothing; a sale of the tower moves nobody in the other plan.
    expect(await stageOf(withTower.id, 'adv_two')).toBe('invited');
    expect(await stageOf(withOther.id, 'adv_one')).toBe('to_contact');
    // Each move is a row of the creator's history, like a user's.
    const events = rowsOf((await pull()).creator_events).filter(
      (e) => e.creator_id === id('adv_one') && e.kind === 'stage',
    );
    // (joining each plan was one too).
    expect(events.map((e) => e.detail).sort()).toEqual([
      'invited:Tower push',
      'selling:Tower push',
      'to_contact:Other push',
      'to_contact:Tower push',
    ]);
  });
});
