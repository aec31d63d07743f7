import { expect, it } from 'vitest';
import { workspaceVersion } from '../../tests/helpers/creator-fixtures.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const LINK = (handle: string, id: string) => `https://www.tiktok.com/@${handle}/video/${id}`;
const V1 = '7312345678900000001';
const V2 = '7312345678900000002';

describeEngines('ad spend imported from a file', (t) => {
  /** A US plan with two creators, one video each (one for the plan, one for no plan), and a third creator's video outside it. */
  async function setUp(prefix: string) {
    const a = await t().signUp();
    const db = t().database.db;
    const [c1, c2] = (await addCreators(db, a.workspaceId, 3, { prefix })) as [number, number, number];
    const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>) =>
      t().call(method, path, body, { token: a.token });
    const json = async (path: string, body: unknown) =>
      (
        await t().app.inject({
          method: 'POST',
          url: `/api/v0.1${path}?language=en-us`,
          headers: { token: a.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    const plan = await call('POST', '/plan/add', { name: `Ads ${prefix}`, country: 'US' });
    const planId = plan.data.id as number;
    expect((await call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [c1, c2] })).code).toBe(
      200,
    );
    const v1 = await call('POST', '/content/add', {
      country: 'US',
      link: LINK(`${prefix}0`, V1),
      plan_id: planId,
    });
    const v2 = await call('POST', '/content/add', { country: 'US', link: LINK(`${prefix}1`, V2) });
    const v3 = await call('POST', '/content/add', {
      country: 'US',
      link: LINK(`${prefix}2`, '7312345678900000003'),
    });
    for (const v of [v1, v2, v3]) expect(v.code, JSON.stringify(v)).toBe(200);
    const money = async () => (await call('POST', '/plan/money', { plan_id: planId })).data;
    return {
      ws: a.workspaceId,
      call,
      json,
      planId,
      c1,
      c2,
      v1: v1.data.id as number,
      v2: v2.data.id as number,
      money,
    };
  }

  it('lands rows as ad spend on their videos; importing the same file again adds nothing', async () => {
    const { ws, json, call, planId, c1, c2, v1, v2, money } = await setUp('ads_');
    const rows = [
      { row: 2, video: V1, date: '2026-03-10', amount: '12.50', currency: 'USD', campaign: 'Spring' },
      {
        row: 3,
        video: LINK('ads_0', V1),
        date: '2026-03-10',
        amount: '7.25',
        currency: 'usd',
        campaign: 'spring',
      },
      { row: 4, video: V2, date: '2026-03-11', amount: '30', currency: '' },
    ];
    const body = { plan_id: planId, channel: 'spark', rows };
    const before = await money();
    const versionBefore = await workspaceVersion(t(), ws);
    const dry = await json('/plan/cost.import', { ...body, dryRun: 1 });
    expect(dry, JSON.stringify(dry)).toMatchObject({
      code: 200,
      data: { added: 2, updated: 0, change: 49.75 },
    });
    expect((await money()).total.ads).toBe(before.total.ads);
    // A check changes nothing, so no member's device is told of a new version.
    expect(await workspaceVersion(t(), ws)).toBe(versionBefore);

    const first = await json('/plan/cost.import', body);
    expect(first).toMatchObject({
      code: 200,
      data: { added: 2, updated: 0, unchanged: 0, rows: 3, refused: [], change: 49.75, currency: 'USD' },
    });
    const after = await money();
    expect(Math.round((before.total.net - after.total.net) * 100)).toBe(4975);
    expect(after.videos.find((v: { content_id: number }) => v.content_id === v1)).toMatchObject({
      ads: 19.75,
    });
    expect(after.videos.find((v: { content_id: number }) => v.content_id === v2)).toMatchObject({ ads: 30 });
    const list = (await call('POST', '/plan/cost.list', { plan_id: planId })).data;
    expect(
      list.rows.map((r: Record<string, unknown>) => [
        r.creator_id,
        r.content_id,
        r.amount,
        r.start_date,
        r.channel,
      ]),
    ).toEqual([
      [c2, v2, 30, '2026-03-11', 'spark'],
      [c1, v1, 19.75, '2026-03-10', 'spark'],
    ]);

    const again = await json('/plan/cost.import', body);
    expect(again.data).toMatchObject({ added: 0, updated: 0, unchanged: 2, change: 0 });
    expect((await call('POST', '/plan/cost.list', { plan_id: planId })).data.total).toBe(2);
    expect((await money()).total.ads).toBe(49.75);

    // A newer download says another amount for one day: the line is corrected, its history keeps the old one.
    const newer = await json('/plan/cost.import', { ...body, rows: [{ ...rows[2], amount: '31.10' }] });
    expect(newer.data).toMatchObject({ added: 0, updated: 1, change: 1.1 });
    const line = list.rows[0];
    const history = (await call('POST', '/plan/cost.history', { id: line.id })).data.rows;
    expect(history.map((h: { action: string; amount: number }) => [h.action, h.amount])).toEqual([
      ['edit', 31.1],
      ['add', 30],
    ]);

    // A member moves that line to another day: it no longer stands for the file's row, which comes back.
    expect((await call('PUT', '/plan/cost.edit', { id: line.id, start_date: '2026-03-20' })).code).toBe(200);
    expect((await json('/plan/cost.import', body)).data).toMatchObject({ added: 1, unchanged: 1 });
    const moved = (await call('POST', '/plan/cost.list', { plan_id: planId })).data.rows;
    expect(moved.find((r: { id: number }) => r.id === line.id)).toMatchObject({ start_date: '2026-03-20' });
    expect(moved).toHaveLength(3);
  });

  it('refuses and names each row that does not fit; the others still count and nothing stored is lost', async () => {
    const { json, planId, money } = await setUp('bad_');
    const kept = await json('/plan/cost.import', {
      plan_id: planId,
      channel: 'shop_ads',
      rows: [{ row: 2, video: V1, date: '2026-03-01', amount: '5' }],
    });
    expect(kept.data.added).toBe(1);
    const rows = [
      { row: 2, video: V1, date: '2026-03-02', amount: '12.345' },
      { row: 3, video: V1, date: '2026-03-02', amount: '-4' },
      { row: 4, video: '7399999999999999999', date: '2026-03-02', amount: '4' },
      { row: 5, video: V1, date: '2026-02-30', amount: '4' },
      { row: 6, video: V1, date: '03/02/2026', amount: '4' },
      { row: 7, video: V1, date: '2026-03-02', amount: '4', currency: 'GBP' },
      { row: 8, video: '7312345678900000003', date: '2026-03-02', amount: '4' },
      { row: 9, video: 'https://vm.tiktok.com/abc', date: '2026-03-02', amount: '4' },
      { row: 10, video: V1, date: '2026-03-02', amount: '1,200' },
      { row: 11, video: V2, date: '2026-03-02', amount: '2.5' },
    ];
    const res = await json('/plan/cost.import', { plan_id: planId, channel: 'shop_ads', rows });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const named = res.data.refused.map((r: { row: number; field: string; value: string; reason: string }) => [
      r.row,
      r.field,
      r.value,
    ]);
    expect(named).toEqual([
      [2, 'amount', '12.345'],
      [3, 'amount', '-4'],
      [4, 'video', '7399999999999999999'],
      [5, 'date', '2026-02-30'],
      [6, 'date', '03/02/2026'],
      [7, 'currency', 'GBP'],
      [8, 'video', '7312345678900000003'],
      [9, 'video', 'https://vm.tiktok.com/abc'],
      [10, 'amount', '1,200'],
    ]);
    const reasons = res.data.refused.map((r: { reason: string }) => r.reason);
    expect(reasons[0]).toContain('at most two decimals');
    expect(reasons[1]).toContain('cannot be negative');
    expect(reasons[2]).toContain('no content record');
    expect(reasons[3]).toContain('real day');
    expect(reasons[5]).toContain('this plan is in USD');
    expect(reasons[6]).toContain('not in this plan');
    expect(res.data).toMatchObject({ added: 1, rows: 1, change: 2.5 });
    expect((await money()).total.ads).toBe(7.5);
    expect(reasons[4]).toContain('Dates in the file');

    // The member says the file writes the day first: the same cell reads as 3 February, a day that
    // cannot be one is still refused, and a year-first cell stays what it says.
    const dayFirst = await json('/plan/cost.import', {
      plan_id: planId,
      channel: 'shop_ads',
      date_order: 'dmy',
      rows: [
        { row: 6, video: V1, date: '03/02/2026', amount: '4' },
        { row: 7, video: V1, date: '30/02/2026', amount: '4' },
        { row: 8, video: V1, date: '2026-03-04', amount: '1' },
        { row: 9, video: V1, date: '05/03/2026 00:00:00', amount: '2' },
      ],
    });
    expect(
      dayFirst.data.refused.map((r: { row: number; field: string; value: string }) => [
        r.row,
        r.field,
        r.value,
      ]),
    ).toEqual([[7, 'date', '30/02/2026']]);
    const lines = await json('/plan/cost.list', { plan_id: planId });
    expect(
      lines.data.rows.map((l: { start_date: string; amount: number }) => [l.start_date, l.amount]).sort(),
    ).toEqual([
      ['2026-02-03', 4],
      ['2026-03-01', 5],
      ['2026-03-02', 2.5],
      ['2026-03-04', 1],
      ['2026-03-05', 2],
    ]);
    // Month first reads the same cell as 2 March; an order that is none of the three is refused.
    const monthFirst = await json('/plan/cost.import', {
      plan_id: planId,
      channel: 'spark',
      date_order: 'mdy',
      rows: [{ row: 2, video: V1, date: '03/02/2026', amount: '6' }],
      dryRun: 1,
    });
    expect(monthFirst.data).toMatchObject({ added: 1, refused: [] });
    expect(
      (await json('/plan/cost.import', { plan_id: planId, channel: 'spark', date_order: 'dym', rows })).code,
    ).toBe(40001);
  });

  it('answers 40004 for another workspace’s plan, and refuses its videos as unknown', async () => {
    const { planId } = await setUp('own_');
    const b = await t().signUp();
    const asB = async (body: unknown) =>
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/v0.1/plan/cost.import?language=en-us',
          headers: { token: b.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    const rows = [{ row: 2, video: V1, date: '2026-03-02', amount: '4' }];
    expect((await asB({ plan_id: planId, channel: 'spark', rows })).code).toBe(40004);
    const own = await t().call('POST', '/plan/add', { name: 'B plan', country: 'US' }, { token: b.token });
    const res = await asB({ plan_id: own.data.id, channel: 'spark', rows });
    expect(res.data.refused).toEqual([expect.objectContaining({ row: 2, field: 'video' })]);
    expect(res.data.added).toBe(0);
  });
});
