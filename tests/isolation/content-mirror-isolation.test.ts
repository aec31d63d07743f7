/**
 * Content records reach the mirror (/sync/pull, table `contents`) of their own workspace only:
 * another workspace's records, the same video included, never appear in a caller's pages, neither
 * as rows nor as tombstones, from scratch or after a cursor. Both engines.
 */
import { expect, it } from 'vitest';
import { decodePull, type PullResponse, type PullWire } from '../../contract/sync.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

const VIDEO = (n: number) =>
  `https://www.tiktok.com/@iso_mirror/video/73555555555555555${String(n).padStart(2, '0')}`;

describeEngines('content mirror isolation', (t) => {
  const pull = async (who: SignedIn, cursor = ''): Promise<PullResponse> => {
    const res = await t().call<PullWire>(
      'POST',
      '/sync/pull',
      { cursor, limit: 20_000 },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(200);
    return decodePull(res.data);
  };
  const add = async (who: SignedIn, n: number): Promise<number> => {
    const res = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: VIDEO(n), post_time: 1_790_000_000 },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(200);
    return res.data.id as number;
  };

  it("never mirrors another workspace's content, live or deleted", async () => {
    const mine = await t().signUp();
    const theirs = await t().signUp();
    const myId = await add(mine, 1);
    const start = await pull(mine);
    expect(start.changes.contents.map((c) => c.id)).toEqual([myId]);

    // The other workspace records the same video and others, edits and deletes them.
    const sameVideo = await add(theirs, 1);
    const other = await add(theirs, 2);
    expect(sameVideo).not.toBe(myId);
    await t().call('PUT', '/content/edit', { id: other, post_time: 1_790_000_500 }, { token: theirs.token });
    await t().call('DELETE', '/content/del', { id: sameVideo }, { token: theirs.token });
    // Their calls on my record's id change nothing of mine.
    expect((await t().call('DELETE', '/content/del', { id: myId }, { token: theirs.token })).code).toBe(
      40004,
    );

    const delta = await pull(mine, start.cursor);
    expect(delta.changes.contents).toEqual([]);
    expect(delta.deletes.contents).toEqual([]);
    const fresh = await pull(mine);
    expect(fresh.changes.contents.map((c) => c.id)).toEqual([myId]);
    const theirsPulled = await pull(theirs);
    expect(theirsPulled.changes.contents.map((c) => c.id)).toEqual([other]);
  });
});
