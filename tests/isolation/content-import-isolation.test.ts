/**
 * /content/import is workspace-scoped: another workspace's creator is a creator this workspace does
 * not have (refused by row, never linked), another workspace's record of the same video neither
 * blocks nor is touched by an import here (its counts, its creator, its stage stay), and nothing of
 * theirs shows in the answer. Both engines.
 */
import { expect, it } from 'vitest';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const VIDEO = '7318888888888888991';

describeEngines('content import isolation', (t) => {
  it("another workspace's creators are unknown here; their record of the same video stays theirs", async () => {
    const db = t().database.db;
    const mine = await t().signUp();
    const theirs = await t().signUp();
    await addCreators(db, mine.workspaceId, 1, { prefix: 'cii_m' });
    await addCreators(db, theirs.workspaceId, 1, { prefix: 'cii_t' });
    const post = async (token: string, body: unknown) =>
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/v0.1/content/import?language=en-us',
          headers: { token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    const theirRow = { row: 2, creator: 'cii_t0', video: VIDEO, post_time: '2026-03-01', views: '987654' };
    expect((await post(theirs.token, { country: 'US', rows: [theirRow] })).data).toMatchObject({ added: 1 });

    // Their creator, by handle: unknown here, whether checked or imported.
    for (const dryRun of [1, 0]) {
      const res = await post(mine.token, { country: 'US', rows: [{ ...theirRow, views: '1' }], dryRun });
      expect(res.code).toBe(200);
      expect(res.data).toMatchObject({ added: 0, updated: 0, unchanged: 0, rows: 0 });
      expect(res.data.refused).toEqual([expect.objectContaining({ row: 2, field: 'creator' })]);
      expect(JSON.stringify(res)).not.toContain('987654');
    }
    // The same video under my creator: a record of mine, theirs untouched.
    const mineRes = await post(mine.token, {
      country: 'US',
      rows: [{ row: 2, creator: 'cii_m0', video: VIDEO, post_time: '2026-03-02', views: '5' }],
    });
    expect(mineRes.data).toMatchObject({ added: 1, refused: [] });
    const records = await db
      .selectFrom('contents')
      .select(['workspace_id', 'handle'])
      .where('video_id', '=', VIDEO)
      .orderBy('workspace_id')
      .execute();
    const byWs = (a: [number, unknown], b: [number, unknown]) => a[0] - b[0];
    expect(records.map((r) => [Number(r.workspace_id), r.handle])).toEqual(
      [
        [theirs.workspaceId, 'cii_t0'] as [number, unknown],
        [mine.workspaceId, 'cii_m0'] as [number, unknown],
      ].sort(byWs),
    );
    const theirList = await t().call('POST', '/content/list', { creator_id: 0 }, { token: theirs.token });
    expect(theirList.code).not.toBe(200);
    const snaps = await db
      .selectFrom('content_snapshots')
      .select(['workspace_id', 'views'])
      .orderBy('workspace_id')
      .execute();
    expect(snaps.map((s) => [Number(s.workspace_id), Number(s.views)])).toEqual(
      [[theirs.workspaceId, 987654] as [number, unknown], [mine.workspaceId, 5] as [number, unknown]].sort(
        byWs,
      ),
    );
    expect((await post('', { country: 'US', rows: [theirRow] })).code).not.toBe(200);
  });
});
