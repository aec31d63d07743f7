/**
 * POST /content/snapshots: a record's first 7 or 30 days since its post time, the last snapshot of
 * each day, oldest first; only the caller's workspace. Counts sent with /content/add or
 * /content/edit (a file's row, the extension, a member) are a snapshot when they changed, like the
 * shop sync's. Both engines.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const DAY = 86_400;
const POST = 1_767_225_600; // 2026-01-01 00:00 UTC

describeEngines('content snapshots', (t) => {
  async function record(token: string, handle: string, video: string) {
    const add = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: `https://www.tiktok.com/@${handle}/video/${video}`, post_time: POST },
      { token },
    );
    expect(add.code, JSON.stringify(add)).toBe(200);
    return add.data.id as number;
  }
  const snap = (ws: number, contentId: number, at: number, views: number) =>
    t()
      .database.db.insertInto('content_snapshots')
      .values({
        workspace_id: ws,
        content_id: contentId,
        taken_at: at,
        views,
        likes: Math.floor(views / 10),
        comments: 1,
        orders: 2,
        gmv: 9.5,
      })
      .execute();
  const ask = (token: string, body: Record<string, unknown>) =>
    t().call('POST', '/content/snapshots', body, { token });

  it('answers the last snapshot of each day since the post, oldest first, within 7 or 30 days', async () => {
    const a = await t().signUp();
    const id = await record(a.token, 'snap_a', '7300000000000000001');
    // Written out of order; one before the post (another clock), two on day 1, one on days 6, 7, 29, 30.
    for (const [at, views] of [
      [POST + 29 * DAY + 5, 2900],
      [POST + DAY + 7200, 120],
      [POST - 60, 1],
      [POST + 3600, 10],
      [POST + DAY + 60, 110],
      [POST + 6 * DAY, 600],
      [POST + 7 * DAY, 700],
      [POST + 30 * DAY, 3000],
    ] as const)
      await snap(a.workspaceId, id, at, views);

    const week = await ask(a.token, { id, days: 7 });
    expect(week.code, JSON.stringify(week)).toBe(200);
    expect(week.data).toMatchObject({ id, post_time: POST, days: 7 });
    expect(week.data.points.map((p: { day: number; views: number }) => [p.day, p.views])).toEqual([
      [0, 10],
      [1, 120],
      [6, 600],
    ]);
    expect(week.data.points[1]).toEqual({
      day: 1,
      taken_at: POST + DAY + 7200,
      views: 120,
      likes: 12,
      comments: 1,
      orders: 2,
      gmv: 9.5,
    });
    const month = await ask(a.token, { id, days: '30' });
    expect(month.data.points.map((p: { day: number; views: number }) => [p.day, p.views])).toEqual([
      [0, 10],
      [1, 120],
      [6, 600],
      [7, 700],
      [29, 2900],
    ]);

    // A corrected post time moves the window with it.
    await t().call('PUT', '/content/edit', { id, post_time: POST + DAY }, { token: a.token });
    const moved = await ask(a.token, { id, days: 7 });
    expect(moved.data.points.map((p: { day: number; views: number }) => [p.day, p.views])).toEqual([
      [0, 120],
      [5, 600],
      [6, 700],
    ]);
  });

  it('a record without snapshots answers no points; other windows and ids are refused', async () => {
    const a = await t().signUp();
    const id = await record(a.token, 'snap_b', '7300000000000000002');
    const none = await ask(a.token, { id, days: 30 });
    expect(none.code).toBe(200);
    expect(none.data.points).toEqual([]);
    for (const days of [0, 8, 31, -7, 7.5, 'x', null, undefined]) {
      const bad = await ask(a.token, { id, days });
      expect(bad.code, JSON.stringify([days, bad])).toBe(40001);
      expect(bad.msg).not.toBe('');
    }
    const missing = await ask(a.token, { id: 99_999_999, days: 7 });
    expect(missing.code).toBe(40004);
    await t().call('DELETE', '/content/del', { id }, { token: a.token });
    expect((await ask(a.token, { id, days: 7 })).code).toBe(40004);
  });

  it("reads only the caller's workspace: another's record is missing and its rows never count", async () => {
    const a = await t().signUp();
    const b = await t().signUp();
    const mine = await record(a.token, 'snap_c', '7300000000000000003');
    const theirs = await record(b.token, 'snap_c', '7300000000000000003');
    await snap(a.workspaceId, mine, POST + 100, 5);
    await snap(b.workspaceId, theirs, POST + 100, 777);
    // A row of B's workspace naming A's record id: not A's.
    await snap(b.workspaceId, mine, POST + DAY + 100, 888);

    const own = await ask(a.token, { id: mine, days: 7 });
    expect(own.data.points.map((p: { views: number }) => p.views)).toEqual([5]);
    const other = await ask(a.token, { id: theirs, days: 7 });
    expect(other.code).toBe(40004);
    expect(other.data ?? null).toBeNull();
    expect(other.msg).toBe((await ask(a.token, { id: 99_999_999, days: 7 })).msg);
    expect((await t().call('POST', '/content/snapshots', { id: mine, days: 7 })).code).not.toBe(200);
  });

  it('counts sent with an add or an edit are a snapshot when they changed, and only then', async () => {
    const a = await t().signUp();
    const db = t().database.db;
    const rows = async (id: number) =>
      (
        await db
          .selectFrom('content_snapshots')
          .select(['taken_at', 'views', 'likes', 'comments', 'orders'])
          .where('content_id', '=', id)
          .orderBy('taken_at')
          .execute()
      ).map((r) => [Number(r.views), Number(r.likes), Number(r.comments), Number(r.orders)]);
    // Each reading is moved a day back, as if the next came a day later.
    const ageReadings = (id: number) =>
      db
        .updateTable('content_snapshots')
        .set((eb) => ({ taken_at: eb('taken_at', '-', DAY) }))
        .where('content_id', '=', id)
        .execute();
    const link = 'https://www.tiktok.com/@snap_d/video/7300000000000000004';
    const add = (body: Record<string, unknown>) =>
      t().call('POST', '/content/add', { country: 'US', link, post_time: POST, ...body }, { token: a.token });

    const first = await add({ source: 'file', views: '1500', likes: 20 });
    expect(first.code, JSON.stringify(first)).toBe(200);
    expect(first.data).toMatchObject({ already: 0, snapshot: 1, source: 'file' });
    const id = first.data.id as number;
    expect(await rows(id)).toEqual([[1500, 20, 0, 0]]);

    // The same file again: the record and its figures are as they were, nothing is added.
    await ageReadings(id);
    expect((await add({ source: 'file', views: 1500, likes: 20 })).data).toMatchObject({
      already: 1,
      snapshot: 0,
    });
    expect(await rows(id)).toHaveLength(1);
    // A newer download of the same video: a new snapshot; counts left out keep the latest values.
    const newer = await add({ source: 'file', views: 2500 });
    expect(newer.data).toMatchObject({ id, already: 1, snapshot: 1 });
    expect(await rows(id)).toEqual([
      [1500, 20, 0, 0],
      [2500, 20, 0, 0],
    ]);

    // A member's correction by hand: a snapshot when the counts changed, none when they did not.
    await ageReadings(id);
    const edit = await t().call('PUT', '/content/edit', { id, comments: 4, orders: 1 }, { token: a.token });
    expect(edit.data).toMatchObject({ id, snapshot: 1 });
    await ageReadings(id);
    expect(
      (await t().call('PUT', '/content/edit', { id, views: 2500, kind: 'live' }, { token: a.token })).data,
    ).toMatchObject({ snapshot: 0, kind: 'live' });
    expect(await rows(id)).toEqual([
      [1500, 20, 0, 0],
      [2500, 20, 0, 0],
      [2500, 20, 4, 1],
    ]);
    // An edit without counts writes none.
    expect(
      (await t().call('PUT', '/content/edit', { id, kind: 'video' }, { token: a.token })).data.snapshot,
    ).toBe(0);
    // The chart reads a hand reading by days since the post: posted an hour ago, read now, day 0
    // (the earlier readings, moved back days, fall before the post and are not counted).
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    await t().call('PUT', '/content/edit', { id, post_time: hourAgo, views: 3000 }, { token: a.token });
    expect(
      (await ask(a.token, { id, days: 7 })).data.points.map((p: { day: number; views: number }) => [
        p.day,
        p.views,
      ]),
    ).toEqual([[0, 3000]]);

    // Counts that do not fit are refused and named, nothing written.
    for (const bad of [-1, 1.5, '12k', 1e13, '1,200']) {
      const res = await t().call('PUT', '/content/edit', { id, views: bad }, { token: a.token });
      expect(res.code, JSON.stringify([bad, res])).toBe(40001);
      expect(res.msg).not.toBe('');
    }
    expect(await rows(id)).toHaveLength(4);
  });
});
