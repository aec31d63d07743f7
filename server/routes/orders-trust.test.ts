/**
 * Orders that never guess and lines that can be taken back, on both engines: a copy of a UK shop's
 * affiliate file with nine rows damaged by hand lands only its good rows, to the penny; importing
 * the good file after it counts every order once; an import is undone (its lines removed, the copies
 * it replaced put back, sums recomputed); a single line is deleted with a history row; creators who
 * arrive after their orders get their sales; a dry run says what an import would move from another
 * country; samples count only when they were recorded as sent.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { orderCalls, ordersFixture, totals } from './orders.fixtures.ts';

const GB = ['glowwithjane', 'dealsbymark', 'shopwithlee', 'skincarebyav', 'beautybyrosie'];
const body = (file: Awaited<ReturnType<typeof ordersFixture>>, ref: string, country = 'GB') => ({
  country,
  layout: file.layout,
  lines: file.lines,
  import_ref: ref,
  file_name: `${ref}.csv`,
  refused: file.refusedRows,
});

describeEngines('orders that never guess', (t) => {
  const o = orderCalls(t);

  it('lands only the good rows of a damaged file, exactly, and counts each order once when the good file follows', async () => {
    const a = await t().signUp({ name: 'uk shop' });
    await o.ingest(a.token, GB, 'GB');
    const damaged = await ordersFixture('affiliate-uk-damaged.csv');
    const first = await o.post(a.token, body(damaged, 'damaged-0001'));
    expect(first).toMatchObject({
      code: 200,
      data: { added: 8, updated: 0, unmatched: ['nobodyhere_uk'], creators: 5 },
    });
    // 19.99 + 9.75 + 9.75 + 19.99 + 25: the refused rows are not guessed at (60,75 is not 6075).
    expect(totals(await o.sales(a.token))).toEqual({ gmv: 84.48, orders: 5, commission: 11.43 });

    const good = await ordersFixture('affiliate-uk-shop.csv');
    const second = await o.post(a.token, body(good, 'goodfile-0001'));
    expect(second.data).toMatchObject({ added: 8, updated: 8, moved: [] });
    const rows = await o.sales(a.token);
    expect(totals(rows)).toEqual({ gmv: 1316.95, orders: 13, commission: 147.59 });
    // Mark's £22.50 line (cut short in the damaged copy) is one order, not a second line beside it.
    const id = await o.idsOf(a.token);
    expect(totals(rows.filter((r) => r.creator_id === id('dealsbymark')))).toEqual({
      gmv: 83.25,
      orders: 2,
      commission: 16.65,
    });
    // Both imports are listed, with what they wrote and the rows refused on the device.
    const imports = (await o.pull(a.token)).order_imports!;
    expect(
      imports.map((r) => [r.file_name, r.country, r.lines, r.added, r.updated, r.refused, r.undo_time]),
    ).toEqual([
      ['damaged-0001.csv', 'GB', 8, 8, 0, 8, 0],
      ['goodfile-0001.csv', 'GB', 16, 8, 8, 0, 0],
    ]);
    // A weekly chart needs a time on every counted line: no sale sits in week 0.
    expect(rows.filter((r) => Number(r.week) === 0)).toEqual([]);
  });

  it('undoes an import: its lines go, the copies it replaced come back, and the sums follow', async () => {
    const a = await t().signUp({ name: 'undo' });
    const b = await t().signUp({ name: 'stranger' });
    await o.ingest(a.token, GB, 'GB');
    const damaged = await o.post(
      a.token,
      body(await ordersFixture('affiliate-uk-damaged.csv'), 'undo-damaged'),
    );
    const good = await o.post(a.token, body(await ordersFixture('affiliate-uk-shop.csv'), 'undo-goodfile'));
    // Another workspace cannot undo it, nor learn it exists.
    expect(await o.json('POST', '/plan/orders.undo', b.token, { id: good.data.import_id })).toMatchObject({
      code: 40004,
    });
    const undo = await o.json('POST', '/plan/orders.undo', a.token, { id: good.data.import_id });
    expect(undo).toMatchObject({ code: 200, msg: 'Import undone', data: { removed: 16, restored: 8 } });
    expect(totals(await o.sales(a.token))).toEqual({ gmv: 84.48, orders: 5, commission: 11.43 });
    const undone = (await o.pull(a.token)).order_imports!.find((r) => r.id === good.data.import_id)!;
    expect(undone.undo_user_name).toBe('undo');
    expect(Number(undone.undo_time)).toBeGreaterThan(0);
    // Undoing the first import too leaves nothing; a second undo changes nothing.
    await o.json('POST', '/plan/orders.undo', a.token, { id: damaged.data.import_id });
    expect(await o.sales(a.token)).toEqual([]);
    expect((await o.json('POST', '/plan/orders.undo', a.token, { id: damaged.data.import_id })).data).toEqual(
      { id: damaged.data.import_id, removed: 0, restored: 0 },
    );
    // A part sent for an import already undone is refused, not added to it.
    const late = await o.post(a.token, body(await ordersFixture('affiliate-uk-shop.csv'), 'undo-goodfile'));
    expect(late.code).toBe(40009);
  });

  it('holds under parallel calls: the same file imported twice at once, an import undone twice at once', async () => {
    const a = await t().signUp({ name: 'parallel' });
    await o.ingest(a.token, GB, 'GB');
    const good = await ordersFixture('affiliate-uk-shop.csv');
    const both = await Promise.all([
      o.post(a.token, body(good, 'par-first')),
      o.post(a.token, body(good, 'par-second')),
    ]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    // One copy of each line, whichever came second replaced the other's.
    expect(both.map((r) => r.data.added).sort()).toEqual([0, 16]);
    expect(totals(await o.sales(a.token))).toEqual({ gmv: 1316.95, orders: 13, commission: 147.59 });
    const second = both.find((r) => r.data.added === 0)!;
    const undos = await Promise.all(
      [1, 2].map(() => o.json('POST', '/plan/orders.undo', a.token, { id: second.data.import_id })),
    );
    expect(undos.map((r) => r.code)).toEqual([200, 200]);
    // One undo did the work (16 removed, the first import's 16 copies back); the other found nothing left.
    expect(undos.map((r) => r.data.removed).sort()).toEqual([0, 16]);
    expect(totals(await o.sales(a.token))).toEqual({ gmv: 1316.95, orders: 13, commission: 147.59 });
  });

  it('deletes a single broken line from the app, with a history row, and the sums drop', async () => {
    const a = await t().signUp({ name: 'cleaner' });
    const b = await t().signUp({ name: 'intruder' });
    await o.ingest(a.token, GB, 'GB');
    await o.post(a.token, body(await ordersFixture('affiliate-uk-shop.csv'), 'clean-goodfile'));
    // A line an older build kept from a row cut short (no content, no time): beside the real one.
    const broken = {
      order_id: '576900000000001008',
      sku_id: '1729000000000000102',
      content_id: '',
      product_id: '1729000000000000002',
      creator: 'dealsbymark',
      quantity: 1,
      gmv: 22.5,
      commission: 0,
      currency: 'GBP',
      status: 'Settled',
      void: 0,
      created_time: 0,
    };
    await o.post(a.token, { country: 'GB', layout: 'affiliate', lines: [broken] });
    const id = await o.idsOf(a.token);
    const mark = id('dealsbymark');
    const markSales = async () => totals((await o.sales(a.token)).filter((r) => r.creator_id === mark));
    // £22.50 counted twice: three orders where the file has two.
    expect(await markSales()).toEqual({ gmv: 105.75, orders: 3, commission: 16.65 });
    const list = await o.json('POST', '/plan/order.lines', a.token, { creator_id: mark });
    expect(list).toMatchObject({ code: 200, data: { total: 4 } });
    const lines = list.data.lines as Record<string, unknown>[];
    // Newest first, the broken line (no time) last; the unpaid one is listed but not counted.
    expect(lines.map((l) => [l.order_id, l.gmv, l.counted, l.created_time === 0])).toEqual([
      ['576900000000001012', 19.99, 0, false],
      ['576900000000001008', 22.5, 1, false],
      ['576900000000001002', 60.75, 1, false],
      ['576900000000001008', 22.5, 1, true],
    ]);
    const brokenId = lines.at(-1)!.id as number;
    expect((await o.json('DELETE', '/plan/order.del', b.token, { id: brokenId })).code).toBe(40004);
    expect((await o.json('POST', '/plan/order.lines', b.token, { creator_id: mark })).code).toBe(40004);
    const del = await o.json('DELETE', '/plan/order.del', a.token, { id: brokenId });
    expect(del).toMatchObject({ code: 200, msg: 'Order line deleted', data: { id: brokenId } });
    expect(await markSales()).toEqual({ gmv: 83.25, orders: 2, commission: 16.65 });
    const events = (await o.pull(a.token)).creator_events!.filter((e) => e.kind === 'sale_del');
    expect(events).toMatchObject([
      { creator_id: mark, detail: '576900000000001008|22.5|GBP', user_name: 'cleaner' },
    ]);
    expect((await o.json('DELETE', '/plan/order.del', a.token, { id: brokenId })).code).toBe(40004);
  });

  it('counts orders imported before their creators as soon as the creators arrive, by ingest, file import or by hand', async () => {
    const a = await t().signUp({ name: 'early orders' });
    const file = await ordersFixture('affiliate-uk-shop.csv');
    const res = await o.post(a.token, body(file, 'early-orders'));
    expect(res.data).toMatchObject({
      creators: 0,
      unmatched: [
        'glowwithjane',
        'dealsbymark',
        'beautybyrosie',
        'skincarebyav',
        'shopwithlee',
        'nobodyhere_uk',
      ],
    });
    expect(await o.sales(a.token)).toEqual([]);
    // By the ingest API (the extension).
    await o.ingest(a.token, ['glowwithjane'], 'GB');
    const of = async (h: string) => {
      const id = await o.idsOf(a.token);
      return totals((await o.sales(a.token)).filter((r) => r.creator_id === id(h)));
    };
    expect(await of('glowwithjane')).toEqual({ gmv: 72.47, orders: 3, commission: 10.88 });
    // By a file of creators (Home → Import).
    const imported = await o.json('POST', '/blogger/import', a.token, {
      country: 'GB',
      rows: [{ unique_id: 'dealsbymark' }],
    });
    expect(imported.code, imported.msg).toBe(200);
    expect(await of('dealsbymark')).toEqual({ gmv: 83.25, orders: 2, commission: 16.65 });
    // By hand: an invitation to a name the workspace did not have.
    const inv = await o.json('POST', '/blogger/invitation.add', a.token, {
      country: 'GB',
      bloggers: ['shopwithlee'],
    });
    expect(inv.code, inv.msg).toBe(200);
    expect(await of('shopwithlee')).toEqual({ gmv: 52.74, orders: 3, commission: 3.78 });
  });

  it('says before importing what a file would replace and move from another country, and writes nothing', async () => {
    const a = await t().signUp({ name: 'two shops' });
    await o.ingest(a.token, GB, 'GB');
    await o.ingest(a.token, GB, 'US');
    const file = await ordersFixture('affiliate-uk-shop.csv');
    await o.post(a.token, body(file, 'right-country'));
    const before = totals(await o.sales(a.token));
    const check = await o.post(a.token, { ...body(file, 'wrong-country', 'US'), dryRun: 1 });
    expect(check).toMatchObject({
      code: 200,
      data: { added: 0, updated: 16, moved: [{ country: 'GB', lines: 16 }], import_id: 0, creators: 5 },
    });
    expect(totals(await o.sales(a.token))).toEqual(before);
    expect((await o.pull(a.token)).order_imports).toHaveLength(1);
  });

  it('refuses an amount with more than two decimals rather than rounding it', async () => {
    const a = await t().signUp({ name: 'cents' });
    const line = (await ordersFixture('affiliate-us.csv')).lines[0]!;
    const res = await o.post(a.token, {
      country: 'US',
      layout: 'affiliate',
      lines: [{ ...line, gmv: 60.755 }],
    });
    expect(res).toMatchObject({ code: 40001, msg: expect.stringContaining('two decimals') });
  });

  it('records samples as sent only by a move to shipped, never by a sale moving a creator to selling', async () => {
    const a = await t().signUp({ name: 'samples' });
    await o.ingest(a.token, ['smp_one', 'smp_two', 'smp_three']);
    await t().call(
      'POST',
      '/product/add',
      {
        country: 'US',
        productId: '1729000000000000001',
        productTitle: 'Serum',
        productImage: 'https://example.com/p.png',
      },
      { token: a.token },
    );
    const rows = await o.pull(a.token);
    const product = Number(rows.products![0]!.id);
    const id = await o.idsOf(a.token);
    const plan = (
      await t().call('POST', '/plan/add', { name: 'Serum push', country: 'US' }, { token: a.token })
    ).data;
    await t().call('PUT', '/plan/edit', { id: plan.id, product_ids: [product] }, { token: a.token });
    const ids = ['smp_one', 'smp_two', 'smp_three'].map(id);
    await t().call('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: ids }, { token: a.token });
    const move = (h: string, stage: string) =>
      t().call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.id, creator_ids: [id(h)], stage },
        { token: a.token },
      );
    await move('smp_two', 'shipped');
    await move('smp_three', 'shipped');
    await move('smp_three', 'sample_approved');
    const us = await ordersFixture('affiliate-us.csv');
    const sale = (h: string, n: string) => ({
      ...us.lines[0]!,
      order_id: `57690000000000090${n}`,
      creator: h,
    });
    await o.post(a.token, {
      country: 'US',
      layout: 'affiliate',
      lines: [sale('smp_one', '1'), sale('smp_two', '2')],
    });
    const members = (await o.pull(a.token)).plan_creators!.filter((m) => m.plan_id === plan.id);
    const of = (h: string) => members.find((m) => m.creator_id === id(h))!;
    // One moved to selling by its sale: no sample recorded. One shipped, then sold: its sample stays.
    expect(of('smp_one')).toMatchObject({ stage: 'selling', sample_time: 0 });
    expect(of('smp_two')).toMatchObject({ stage: 'selling' });
    expect(Number(of('smp_two').sample_time)).toBeGreaterThan(0);
    // Moved back before shipping (a mistaken move): no sample.
    expect(of('smp_three')).toMatchObject({ stage: 'sample_approved', sample_time: 0 });
  });
});
