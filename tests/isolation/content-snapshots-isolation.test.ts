/**
 * /content/snapshots is workspace-scoped: another workspace's record answers exactly like an id
 * that does not exist (40004), and a snapshot row of another workspace never appears in the
 * caller's answer, even one naming the caller's record id. Both engines.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../helpers/test-app.ts';

const POST = 1_767_225_600;

describeEngines('content snapshots isolation', (t) => {
  it("another workspace's record reads as missing and its figures never reach the caller", async () => {
    const db = t().database.db;
    const mine = await t().signUp();
    const theirs = await t().signUp();
    const add = async (who: typeof mine, video: string) =>
      (
        await t().call(
          'POST',
          '/content/add',
          { country: 'US', link: `https://www.tiktok.com/@iso_snap/video/${video}`, post_time: POST },
          { token: who.token },
        )
      ).data.id as number;
    const myId = await add(mine, '7311111111111111111');
    const theirId = await add(theirs, '7322222222222222222');
    const put = (ws: number, contentId: number, at: number, views: number) =>
      db
        .insertInto('content_snapshots')
        .values({ workspace_id: ws, content_id: contentId, taken_at: at, views, gmv: 0 })
        .execute();
    await put(mine.workspaceId, myId, POST + 10, 11);
    await put(theirs.workspaceId, theirId, POST + 10, 22);
    await put(theirs.workspaceId, myId, POST + 20, 33);

    const ask = (id: unknown) =>
      t().call('POST', '/content/snapshots', { id, days: 30 }, { token: mine.token });
    const missing = await ask(99_999_999);
    expect(missing.code).toBe(40004);
    for (const id of [theirId, String(theirId)]) {
      const res = await ask(id);
      expect(res.code, JSON.stringify(res)).toBe(40004);
      expect(res.msg).toBe(missing.msg);
      expect(res.data ?? null).toBeNull();
    }
    const own = await ask(myId);
    expect(own.code).toBe(200);
    expect(own.data.points.map((p: { views: number }) => p.views)).toEqual([11]);
    // B sees its own record only, and not A's through A's id.
    const b = await t().call('POST', '/content/snapshots', { id: myId, days: 30 }, { token: theirs.token });
    expect(b.code).toBe(40004);
  });
});
