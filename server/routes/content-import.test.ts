import { expect, it } from 'vitest';
import { workspaceVersion } from '../../tests/helpers/creator-fixtures.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const PRODUCT = '1729000000000000077';
const V1 = '7312345678900000101';
const V2 = '7312345678900000102';

describeEngines('content imported from a file', (t) => {
  /** A US plan carrying one product, with its first creator's sample shipped; a second creator outside it. */
  async function setUp(prefix: string) {
    const a = await t().signUp();
    const db = t().database.db;
    const [c1, c2] = (await addCreators(db, a.workspaceId, 2, { prefix })) as [number, number];
    const call = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) =>
      t().call(method, path, body, { token: a.token });
    expect(
      (
        await call('POST', '/product/add', {
          country: 'US',
          productId: PRODUCT,
          productTitle: 'Lamp',
          productImage: 'https://example.com/p.png',
        })
      ).code,
    ).toBe(200);
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    const plan = await call('POST', '/plan/add', {
      name: `Lamp ${prefix}`,
      country: 'US',
      product_ids: [product.id],
    });
    const planId = plan.data.id as number;
    expect((await call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [c1] })).code).toBe(200);
    expect(
      (await call('PUT', '/plan/creator.stage', { plan_id: planId, creator_ids: [c1], stage: 'shipped' }))
        .code,
    ).toBe(200);
    const json = async (body: unknown, language = 'en-us') =>
      (
        await t().app.inject({
          method: 'POST',
          url: `/api/v0.1/content/import?language=${language}`,
          headers: { token: a.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    const stage = async () =>
      (
        await db
          .selectFrom('plan_creators')
          .select('stage')
          .where('plan_id', '=', planId)
          .where('creator_id', '=', c1)
          .executeTakeFirstOrThrow()
      ).stage;
    const snapshots = async () =>
      (
        await db
          .selectFrom('content_snapshots')
          .select(['views', 'likes', 'comments', 'orders', 'gmv'])
          .where('workspace_id', '=', a.workspaceId)
          .orderBy('taken_at')
          .execute()
      ).map((r) => ({ ...r, views: Number(r.views), gmv: Number(r.gmv) }));
    const records = async () =>
      db
        .selectFrom('contents')
        .select(['video_id', 'handle', 'creator_id', 'product_ids', 'plan_id', 'post_time', 'source'])
        .where('workspace_id', '=', a.workspaceId)
        .where('deleted_at', 'is', null)
        .orderBy('video_id')
        .execute();
    return { a, c1, c2, planId, json, stage, snapshots, records, h1: `${prefix}0`, h2: `${prefix}1` };
  }

  it('adds one record per video, moves the shipped sample to "content posted"; the same file again writes nothing', async () => {
    const { a, c1, c2, planId, json, stage, snapshots, records, h1, h2 } = await setUp('cimp_');
    const rows = [
      {
        row: 2,
        creator: `@${h1}`,
        video: V1,
        post_time: '2026-03-10 14:05',
        products: PRODUCT,
        views: '1200',
        likes: '30',
        gmv: '99.5',
      },
      {
        row: 3,
        creator: h2.toUpperCase(),
        video: `https://www.tiktok.com/@${h2}/video/${V2}`,
        post_time: '2026-03-11T01:00:00.000Z',
      },
    ];
    const before = await workspaceVersion(t(), a.workspaceId);
    const dry = await json({ country: 'US', rows, dryRun: 1 });
    expect(dry, JSON.stringify(dry)).toMatchObject({
      code: 200,
      data: { added: 2, updated: 0, unchanged: 0, moved: 0, rows: 2, refused: [] },
    });
    // A check writes nothing: no record, no move, no new version.
    expect(await records()).toEqual([]);
    expect(await stage()).toBe('shipped');
    expect(await workspaceVersion(t(), a.workspaceId)).toBe(before);

    const run = await json({ country: 'US', rows });
    expect(run).toMatchObject({ code: 200, data: { added: 2, moved: 1, rows: 2, refused: [] } });
    expect(run.msg).toContain('Content imported');
    expect(await stage()).toBe('posted');
    expect(await records()).toEqual([
      expect.objectContaining({
        video_id: V1,
        handle: h1,
        creator_id: c1,
        product_ids: PRODUCT,
        // The one plan the creator is in that carries the product; the other creator is in none.
        plan_id: planId,
        // 14:05 in the US shop's time zone (Los Angeles, UTC−7 on 10 March 2026)
        post_time: Date.UTC(2026, 2, 10, 21, 5) / 1000,
        source: 'file',
      }),
      expect.objectContaining({
        video_id: V2,
        handle: h2,
        creator_id: c2,
        plan_id: 0,
        post_time: Date.UTC(2026, 2, 11, 1) / 1000,
      }),
    ]);
    expect(await snapshots()).toEqual([expect.objectContaining({ views: 1200, likes: 30, gmv: 99.5 })]);
    const list = await t().call('POST', '/content/list', { creator_id: c1 }, { token: a.token });
    expect(list.data.rows).toEqual([expect.objectContaining({ video_id: V1, source: 'file' })]);
    const ofPlan = await t().call('POST', '/content/list', { plan_id: planId }, { token: a.token });
    expect(ofPlan.data.rows).toEqual([expect.objectContaining({ video_id: V1, plan_id: planId })]);

    // The same file again: nothing new.
    const again = await json({ country: 'US', rows });
    expect(again.data).toMatchObject({ added: 0, updated: 0, unchanged: 2, moved: 0, refused: [] });
    expect((await records()).length).toBe(2);
    expect((await snapshots()).length).toBe(1);

    // A newer download of the same videos: the changed counts are a snapshot, the record stays.
    const newer = [{ ...rows[0]!, views: '5000', post_time: '2026-03-12 09:00' }, rows[1]!];
    const dryNewer = await json({ country: 'US', rows: newer, dryRun: 1 });
    expect(dryNewer.data).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    expect((await snapshots()).length).toBe(1);
    const applied = await json({ country: 'US', rows: newer });
    expect(applied.data).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    // (a second reading in the same second replaces the first, so the count may stay 1)
    expect((await snapshots()).at(-1)).toMatchObject({ views: 5000, likes: 30, gmv: 99.5 });
    expect((await records())[0]!.post_time).toBe(Date.UTC(2026, 2, 10, 21, 5) / 1000);
  });

  it('refuses and names each cell that does not fit, never reading it as something else; the other rows count', async () => {
    const { json, records, h1, h2 } = await setUp('cbad_');
    const ok = { creator: h1, video: V1, post_time: '2026-03-10' };
    const rows = [
      { row: 2, ...ok, views: '1,200' },
      { row: 3, ...ok, video: V2, post_time: '10/03/2026 14:05:00' },
      { row: 4, ...ok, video: '7312345678900000103', likes: '1.5k', gmv: '$12' },
      { row: 5, ...ok, video: '7312345678900000104', post_time: '2026-02-30' },
      { row: 6, creator: 'nobody_here', video: '7312345678900000105', post_time: '2026-03-10' },
      { row: 7, ...ok, video: `https://www.tiktok.com/@${h2}/video/7312345678900000106` },
      { row: 8, ...ok, video: 'https://vm.tiktok.com/ZMabc/' },
      { row: 9, ...ok, video: '7312345678900000107', products: '17290000,abc', comments: '-3' },
      { row: 10, ...ok, video: '7312345678900000108', orders: '2', gmv: '10.005' },
      { row: 11, ...ok, video: '7312345678900000109' },
      { row: 12, ...ok, video: '7312345678900000109' },
    ];
    const out = await json({ country: 'US', rows });
    expect(out.code, JSON.stringify(out)).toBe(200);
    const named = out.data.refused.map((r: { row: number; field: string; value: string }) => [
      r.row,
      r.field,
      r.value,
    ]);
    expect(named).toEqual([
      [2, 'views', '1,200'],
      [3, 'post_time', '10/03/2026 14:05:00'],
      [4, 'likes', '1.5k'],
      [4, 'gmv', '$12'],
      [5, 'post_time', '2026-02-30'],
      [6, 'creator', 'nobody_here'],
      [7, 'video', `https://www.tiktok.com/@${h2}/video/7312345678900000106`],
      [8, 'video', 'https://vm.tiktok.com/ZMabc/'],
      [9, 'products', '17290000,abc'],
      [9, 'comments', '-3'],
      [10, 'gmv', '10.005'],
      [12, 'video', '7312345678900000109'],
    ]);
    expect(out.data.refused[5].reason).toContain('@nobody_here');
    expect(out.data).toMatchObject({ added: 1, rows: 1 });
    expect((await records()).map((r) => r.video_id)).toEqual(['7312345678900000109']);
    // The workspace's record of a video under another creator: named, not moved to this one.
    const taken = await json({
      country: 'US',
      rows: [{ row: 2, creator: h2, video: '7312345678900000109', post_time: '2026-03-10' }],
    });
    expect(taken.data.refused).toEqual([
      expect.objectContaining({ row: 2, field: 'video', reason: expect.stringContaining(`@${h1}`) }),
    ]);
    // In Chinese too.
    const zh = await json({ country: 'US', rows: [{ row: 2, ...ok, views: 'x' }] }, 'zh-cn');
    expect(zh.data.refused[0].reason).toContain('整数');
    // Limits: rows per call, cell length, an empty file.
    const many = Array.from({ length: 501 }, (_, i) => ({ row: i + 2, ...ok }));
    expect((await json({ country: 'US', rows: many })).code).toBe(40001);
    expect((await json({ country: 'US', rows: [{ row: 2, ...ok, creator: 'x'.repeat(1001) }] })).code).toBe(
      40001,
    );
    expect((await json({ country: 'US', rows: [] })).code).toBe(40001);
    // Chosen day first, the same cell is read: 10 March 14:05 in the shop's time zone (UTC−7 then).
    const dayFirst = await json({
      country: 'US',
      date_order: 'dmy',
      rows: [{ row: 3, ...ok, video: V2, post_time: '10/03/2026 14:05:00' }],
    });
    expect(dayFirst.data).toMatchObject({ added: 1, refused: [] });
    expect((await records()).find((r) => r.video_id === V2)?.post_time).toBe(
      Date.UTC(2026, 2, 10, 21, 5) / 1000,
    );
    expect(out.data.refused[1].reason).toContain('Dates in the file');
    expect((await json({ country: 'US', date_order: 'ydm', rows: [{ row: 2, ...ok }] })).code).toBe(40001);
  });

  it("takes the browser extension's harvest of a profile page: records of source 'extension', no plan, moving only samples sent before the video; a deleted one stays deleted", async () => {
    const { a, c1, stage, records, h1, json } = await setUp('cext_');
    const pairCode = await t().call('POST', '/ext/pair.code', {}, { token: a.token });
    const paired = await t().call('POST', '/ext/pair', { code: pairCode.data.code, name: 'Chrome' });
    expect(paired.code, paired.msg).toBe(200);
    const ext = paired.data.token as string;
    const harvest = (rows: Record<string, unknown>[]) =>
      t().call('POST', '/content/import', { country: 'US', rows }, { token: ext });
    const row = (video: string, at: Date) => ({
      row: 1,
      creator: h1,
      video,
      post_time: at.toISOString(),
      products: PRODUCT,
      views: '5000',
      likes: '300',
      comments: '',
    });
    // One of the creator's older hits, posted before the sample was shipped: recorded, nothing moves.
    const old = await harvest([row(V1, new Date(Date.UTC(2026, 2, 1, 12)))]);
    expect(old, JSON.stringify(old)).toMatchObject({ code: 200, data: { added: 1, moved: 0, refused: [] } });
    expect(await records()).toEqual([
      expect.objectContaining({ video_id: V1, creator_id: c1, plan_id: 0, source: 'extension' }),
    ]);
    expect(await stage()).toBe('shipped');
    // A video posted after the sample moves it to "content posted".
    const fresh = await harvest([row(V2, new Date(Date.now() + 86_400_000))]);
    expect(fresh.data).toMatchObject({ added: 1, moved: 1 });
    expect(await stage()).toBe('posted');
    // The same harvest again changes nothing; a record a member deleted is not brought back by it,
    // while a file, a member's own act, still may. The token may not read the content list.
    expect((await harvest([row(V2, new Date(Date.now() + 86_400_000))])).data).toMatchObject({
      added: 0,
      unchanged: 1,
    });
    const oldId = (
      await t().call('POST', '/content/list', { creator_id: c1 }, { token: a.token })
    ).data.rows.find((r: { video_id: string }) => r.video_id === V1).id;
    expect((await t().call('DELETE', '/content/del', { id: oldId }, { token: a.token })).code).toBe(200);
    expect((await harvest([row(V1, new Date(Date.UTC(2026, 2, 1, 12)))])).data).toMatchObject({
      added: 0,
      unchanged: 1,
    });
    expect((await records()).map((r) => r.video_id)).toEqual([V2]);
    const file = await json({
      country: 'US',
      rows: [{ ...row(V1, new Date(Date.UTC(2026, 2, 1, 12))), row: 2 }],
    });
    expect(file.data).toMatchObject({ added: 1 });
    expect((await records()).map((r) => [r.video_id, r.source])).toEqual([
      [V1, 'file'],
      [V2, 'extension'],
    ]);
    expect((await t().call('POST', '/content/list', { creator_id: c1 }, { token: ext })).code).toBe(40003);
  });
});
