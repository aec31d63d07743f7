import { expect, it } from 'vitest';
import { workspaceVersion } from '../../tests/helpers/creator-fixtures.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const LINK = (handle: string, id: string) => `https://www.tiktok.com/@${handle}/video/${id}`;
// 2026-03-10 12:00 UTC: early morning in the US shop's time zone, still 10 March.
const MARCH = 1_773_144_000;

describeEngines('plan costs and net profit', (t) => {
  /** A US plan of one product, two creators in it (the first shipped), and order lines for both. */
  async function setUp(prefix: string) {
    const a = await t().signUp();
    const db = t().database.db;
    const [c1, c2] = (await addCreators(db, a.workspaceId, 2, { prefix })) as [number, number];
    const product = await db
      .insertInto('products')
      .values({
        workspace_id: a.workspaceId,
        version: 1,
        deleted_at: null,
        product_id: '1729001',
        product_title: 'Lamp',
        category: '',
        product_img: '',
        country: 'US',
        add_time: MARCH,
        update_time: MARCH,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>) =>
      t().call(method, path, body, { token: a.token });
    const plan = await call('POST', '/plan/add', {
      name: `Lamps ${prefix}`,
      country: 'US',
      product_ids: [Number(product.id)],
      sample_cost: 10,
      shipping_cost: 5,
    });
    expect(plan.code, JSON.stringify(plan)).toBe(200);
    const planId = plan.data.id as number;
    expect((await call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [c1, c2] })).code).toBe(
      200,
    );
    expect(
      (await call('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [c1], stage: 'shipped' }))
        .code,
    ).toBe(200);
    const video = await call('POST', '/content/add', {
      country: 'US',
      link: LINK(`${prefix}0`, '7312345678900000001'),
      plan_id: planId,
    });
    expect(video.code, JSON.stringify(video)).toBe(200);
    const line = (creator: string, order: string, gmv: number, commission: number, content = '') => ({
      workspace_id: a.workspaceId,
      layout: 'affiliate',
      order_id: order,
      sku_id: '1',
      content_id: content,
      product_id: '1729001',
      creator,
      country: 'US',
      currency: 'USD',
      status: 'Settled',
      quantity: 1,
      void: 0,
      created_time: MARCH,
      add_time: MARCH,
      update_time: MARCH,
      gmv,
      commission,
    });
    await db
      .insertInto('orders')
      .values([
        line(`${prefix}0`, '9001', 100.1, 10.01, '7312345678900000001'),
        line(`${prefix}0`, '9002', 50, 5),
        line(`${prefix}1`, '9003', 30.3, 3.03),
      ])
      .execute();
    return { a, call, planId, c1, c2, contentId: video.data.id as number };
  }

  it('fees, retainers and ad spend lower the net profit by exactly their amounts, per creator, video and month', async () => {
    const { a, call, planId, c1, c2, contentId } = await setUp('net_');
    const money = async () => (await call('POST', '/plan/money', { plan_id: planId })).data;
    const before = await money();
    expect(before.currency).toBe('USD');
    // 180.40 GMV − 18.04 commission − 15 samples (one creator shipped).
    expect(before.total).toMatchObject({ gmv: 180.4, commission: 18.04, samples: 15, fees: 0, ads: 0 });
    expect(before.total.net).toBeCloseTo(147.36, 10);

    const fee = await call('POST', '/plan/cost.add', {
      plan_id: planId,
      creator_id: c2,
      kind: 'fee',
      amount: '200.25',
      start_date: '2026-03-02',
    });
    expect(fee).toMatchObject({ code: 200, data: { kind: 'fee', amount: 200.25, currency: 'USD' } });
    const ad = await call('POST', '/plan/cost.add', {
      plan_id: planId,
      creator_id: c1,
      kind: 'ad',
      amount: 40,
      start_date: '2026-03-11',
      content_id: contentId,
      channel: 'spark',
    });
    expect(ad.code, JSON.stringify(ad)).toBe(200);
    // 1000 a month from 16 April to 31 May: 15 of April's 30 days, then all of May.
    const retainer = await call('POST', '/plan/cost.add', {
      plan_id: planId,
      creator_id: c2,
      kind: 'retainer',
      amount: 1000,
      start_date: '2026-04-16',
      end_date: '2026-05-31',
    });
    expect(retainer.code, JSON.stringify(retainer)).toBe(200);

    const after = await money();
    expect(after.total).toMatchObject({ fees: 1700.25, ads: 40 });
    expect(Math.round((before.total.net - after.total.net) * 100)).toBe(174_025);
    const creator = (id: number) => after.creators.find((c: { creator_id: number }) => c.creator_id === id);
    expect(creator(c1)).toMatchObject({ gmv: 150.1, commission: 15.01, samples: 15, ads: 40, fees: 0 });
    expect(creator(c2)).toMatchObject({ gmv: 30.3, fees: 1700.25 });
    expect(after.videos).toEqual([
      expect.objectContaining({ content_id: contentId, gmv: 100.1, commission: 10.01, ads: 40, net: 50.09 }),
    ]);
    // The samples fall in the month they shipped (now); the fees in the months they cover.
    const fees = after.months.filter((m: { fees: number }) => m.fees > 0);
    expect(fees.map((m: { month: string; fees: number }) => [m.month, m.fees])).toEqual([
      ['2026-03', 200.25],
      ['2026-04', 500],
      ['2026-05', 1000],
    ]);
    const sum = (k: 'net' | 'gmv') =>
      after.months.reduce((n: number, m: Record<string, number>) => n + Math.round(m[k]! * 100), 0);
    expect(sum('net')).toBe(Math.round(after.total.net * 100));

    // A correction keeps what the line said before, and who changed it.
    const edit = await call('PUT', '/plan/cost.edit', { id: fee.data.id, amount: '180' });
    expect(edit.data).toMatchObject({ amount: 180, updated_by_name: expect.any(String) });
    const history = await call('POST', '/plan/cost.history', { id: fee.data.id });
    expect(history.data.rows.map((r: { action: string; amount: number }) => [r.action, r.amount])).toEqual([
      ['edit', 180],
      ['add', 200.25],
    ]);
    // Saving the line as it stands is no correction: no history row, no new version for the team.
    const version = await workspaceVersion(t(), a.workspaceId);
    const same = await call('PUT', '/plan/cost.edit', {
      id: fee.data.id,
      amount: '180.00',
      note: edit.data.note,
    });
    expect(same).toMatchObject({ code: 200, data: { amount: 180 } });
    expect((await call('POST', '/plan/cost.history', { id: fee.data.id })).data.rows).toHaveLength(2);
    expect(await workspaceVersion(t(), a.workspaceId)).toBe(version);
    expect((await call('DELETE', '/plan/cost.del', { id: ad.data.id })).code).toBe(200);
    expect((await money()).total).toMatchObject({ fees: 1680, ads: 0 });
    const list = await call('POST', '/plan/cost.list', { plan_id: planId });
    expect(list.data.total).toBe(2);
    expect((await call('POST', '/plan/cost.history', { id: ad.data.id })).data.rows[0].action).toBe('delete');
  });

  it('refuses amounts, dates and lines that do not fit, naming them, and stores nothing', async () => {
    const { call, planId, c1, c2, contentId } = await setUp('bad_');
    const add = (body: Record<string, unknown>) =>
      call('POST', '/plan/cost.add', {
        plan_id: planId,
        creator_id: c1,
        kind: 'fee',
        start_date: '2026-03-01',
        ...body,
      });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ amount: '12.345' }, 40001, 'at most two decimals'],
      [{ amount: '1e3' }, 40001, 'must be a number'],
      [{ amount: '1,200' }, 40001, 'must be a number'],
      [{ amount: 0 }, 40001, 'above 0'],
      [{ amount: '10000000000.01' }, 40001, 'above 0'],
      [{ amount: -5 }, 40001, 'must be a number'],
      [{ amount: 5, start_date: '2026-02-30' }, 40001, 'real day'],
      [{ amount: 5, kind: 'retainer' }, 40001, 'needs an end date'],
      [{ amount: 5, kind: 'retainer', end_date: '2026-02-01' }, 40001, 'before the start'],
      [{ amount: 5, kind: 'retainer', end_date: '2036-03-01' }, 40001, 'at most 120 months'],
      [{ amount: 5, kind: 'ad' }, 40001, 'needs a video'],
      [{ amount: 5, kind: 'ad', content_id: contentId, creator_id: c2 }, 40001, 'not this creator'],
      [{ amount: 5, content_id: contentId }, 40001, 'Only ad spend'],
      [{ amount: 5, creator_id: 999_999 }, 40004, 'not in the plan'],
    ];
    for (const [body, code, msg] of refusals) {
      const res = await add(body);
      expect(res.code, JSON.stringify([body, res])).toBe(code);
      expect(res.msg).toContain(msg);
    }
    expect((await call('POST', '/plan/cost.list', { plan_id: planId })).data.total).toBe(0);
    const ok = await add({ amount: 5 });
    const edit = await call('PUT', '/plan/cost.edit', { id: ok.data.id, end_date: '2026-04-01' });
    expect(edit).toMatchObject({ code: 40001 });
    expect((await call('POST', '/plan/money', { plan_id: planId })).data.total.fees).toBe(5);
  });
});
