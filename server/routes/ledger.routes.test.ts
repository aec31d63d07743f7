import { expect, it } from 'vitest';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

// 2026-03-10 12:00 UTC: early morning in the US shop's time zone, still 10 March.
const MARCH = 1_773_144_000;
const VIDEO = '7312345678900000001';

describeEngines('the ledger call', (t) => {
  /** A US plan of one product and two creators (the first shipped), a video, order lines and costs. */
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
    const call = (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
      t().call(method, path, body, { token: a.token });
    const addPlan = async (name: string) => {
      const plan = await call('/plan/add', {
        name,
        country: 'US',
        product_ids: [Number(product.id)],
        sample_cost: 10,
        shipping_cost: 5,
      });
      expect(plan.code, JSON.stringify(plan)).toBe(200);
      return plan.data.id as number;
    };
    const planId = await addPlan(`Lamps ${prefix}`);
    expect((await call('/plan/creator.add', { plan_id: planId, creator_ids: [c1, c2] })).code).toBe(200);
    const staged = await call(
      '/plan/creator.stage',
      { plan_id: planId, creator_ids: [c1], stage: 'shipped' },
      'PUT',
    );
    expect(staged.code).toBe(200);
    const video = await call('/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@${prefix}0/video/${VIDEO}`,
      plan_id: planId,
    });
    expect(video.code, JSON.stringify(video)).toBe(200);
    const line = (
      layout: string,
      creator: string,
      order: string,
      gmv: number,
      commission: number,
      content = '',
    ) => ({
      workspace_id: a.workspaceId,
      layout,
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
        line('affiliate', `${prefix}0`, '9001', 100.1, 10.01, VIDEO),
        // The same order line from the all-orders file: counted once, as the affiliate line.
        line('all_orders', `${prefix}0`, '9001', 100.1, 0, VIDEO),
        line('affiliate', `${prefix}0`, '9002', 50, 5),
        line('affiliate', `${prefix}1`, '9003', 30.3, 3.03),
      ])
      .execute();
    const costs = [
      { creator_id: c2, kind: 'fee', amount: '200.25', start_date: '2026-03-02' },
      {
        creator_id: c1,
        kind: 'ad',
        amount: 40,
        start_date: '2026-03-11',
        content_id: video.data.id,
        channel: 'spark',
      },
      { creator_id: c2, kind: 'retainer', amount: 1000, start_date: '2026-04-16', end_date: '2026-05-31' },
    ];
    for (const c of costs) expect((await call('/plan/cost.add', { plan_id: planId, ...c })).code).toBe(200);
    return { a, call, addPlan, planId, c1, c2 };
  }

  it("a creator's ledger ends on the plan's net profit for that creator; the plan's on its total; no order line twice", async () => {
    const { call, planId, c1, c2 } = await setUp('lg_');
    const money = (await call('/plan/money', { plan_id: planId })).data;
    const cents = (n: number) => Math.round(n * 100);
    for (const c of [c1, c2]) {
      const res = await call('/plan/ledger', { plan_id: planId, creator_id: c });
      expect(res.code, JSON.stringify(res)).toBe(200);
      const mine = money.creators.find((x: { creator_id: number }) => x.creator_id === c);
      const last = res.data.lines.at(-1);
      expect(last.run_gmv_cents).toBe(cents(mine.gmv));
      expect(last.run_net_cents).toBe(cents(mine.net));
      expect(cents(res.data.total.net)).toBe(cents(mine.net));
      expect(res.data.plans).toEqual([{ plan_id: planId, name: 'Lamps lg_' }]);
    }
    const first = (await call('/plan/ledger', { plan_id: planId, creator_id: c1 })).data;
    expect(first.currency).toBe('USD');
    expect(
      first.lines.map((l: { kind: string; day: string; video_id: string; ref: string }) => [
        l.kind,
        l.video_id,
        l.ref,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['sale', VIDEO, '9001'],
        ['sale', '', '9002'],
        ['ad', VIDEO, ''],
        ['sample', '', ''],
        ['content', VIDEO, ''],
      ]),
    );
    expect(first.lines.filter((l: { ref: string }) => l.ref === '9001')).toHaveLength(1);
    expect(first.lines_total).toBe(5);

    const whole = (await call('/plan/ledger', { plan_id: planId })).data;
    expect(whole.creator_id).toBe(0);
    expect(whole.lines.at(-1).run_net_cents).toBe(cents(money.total.net));
    const refs = whole.lines
      .filter((l: { kind: string }) => l.kind === 'sale')
      .map((l: { ref: string }) => l.ref);
    expect(refs.sort()).toEqual(['9001', '9002', '9003']);
    // The retainer (16 April to 31 May) is booked per month: half of April, all of May.
    expect(
      whole.lines
        .filter((l: { kind: string }) => l.kind === 'retainer')
        .map((l: { ref: string; cost_cents: number }) => [l.ref, l.cost_cents]),
    ).toEqual([
      ['2026-04', 50_000],
      ['2026-05', 100_000],
    ]);
  });

  it('pages from an offset with running totals counted from the first line; a creator alone gets their newest plan', async () => {
    const { call, addPlan, planId, c2 } = await setUp('pg_');
    const all = (await call('/plan/ledger', { plan_id: planId })).data;
    const page = (await call('/plan/ledger', { plan_id: planId, offset: 2, limit: 3 })).data;
    expect(page).toMatchObject({ offset: 2, lines_total: all.lines_total });
    expect(page.lines).toEqual(all.lines.slice(2, 5));
    // By key: after the second line's key, the same three lines, and `next` names the last of them.
    const byKey = (await call('/plan/ledger', { plan_id: planId, after: all.lines[1].key, limit: 3 })).data;
    expect(byKey).toMatchObject({ offset: 2, lines_total: all.lines_total, next: all.lines[4].key });
    expect(byKey.lines).toEqual(all.lines.slice(2, 5));
    const newer = await addPlan('Later plan');
    expect((await call('/plan/creator.add', { plan_id: newer, creator_ids: [c2] })).code).toBe(200);
    const own = (await call('/plan/ledger', { creator_id: c2 })).data;
    expect(own.plan_id).toBe(newer);
    expect(own.plans.map((p: { plan_id: number }) => p.plan_id)).toEqual([newer, planId]);
    // Plans count the lines of their products (as /plan/money does): the newer plan sells the same lamp.
    expect(own.lines.map((l: { kind: string; ref: string }) => [l.kind, l.ref])).toEqual([['sale', '9003']]);
    const newerMoney = (await call('/plan/money', { plan_id: newer })).data;
    expect(Math.round(own.total.net * 100)).toBe(Math.round(newerMoney.creators[0].net * 100));
  });

  it('refuses what does not fit, naming it', async () => {
    const { call, planId, c1 } = await setUp('bad_');
    const refusals: [Record<string, unknown>, number, string][] = [
      [{}, 40001, 'Name a plan or a creator'],
      [{ plan_id: planId, limit: 10_001 }, 40001, 'limit'],
      [{ plan_id: planId, offset: -1 }, 40001, 'offset'],
      [{ plan_id: planId, after: '1.2' }, 40001, 'after'],
      [{ plan_id: planId, after: '1.9.1' }, 40001, 'after'],
      [{ plan_id: planId, after: '1.2.3'.repeat(9) }, 40001, 'after'],
      [{ plan_id: planId, after: '1.2.3', offset: 4 }, 40001, 'after'],
      [{ plan_id: 'x' }, 40001, 'plan_id'],
      [{ plan_id: 999_999 }, 40004, 'does not exist'],
      [{ creator_id: 999_999 }, 40004, 'not found'],
    ];
    for (const [body, code, msg] of refusals) {
      const res = await call('/plan/ledger', body);
      expect(res.code, JSON.stringify([body, res])).toBe(code);
      expect(res.msg).toContain(msg);
    }
    const other = (
      await addCreators(t().database.db, (await t().signUp()).workspaceId, 1, { prefix: 'o_' })
    )[0];
    expect((await call('/plan/ledger', { plan_id: planId, creator_id: other })).code).toBe(40004);
    expect((await call('/plan/ledger', { plan_id: planId, creator_id: c1 })).code).toBe(200);
  });
});
