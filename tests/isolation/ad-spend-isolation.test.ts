/**
 * /plan/cost.import is workspace-scoped: another workspace's plan answers exactly like a plan that
 * does not exist (40004) and changes nothing of theirs; another workspace's video (by id or link)
 * is an unknown video, refused by row, never attributed; and their lines and amounts never show in
 * the answer. Both engines.
 */
import { expect, it } from 'vitest';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

const VIDEO = '7318888888888888881';

describeEngines('ad spend import isolation', (t) => {
  it("another workspace's plan reads as missing; its videos are unknown here; its lines stay as they were", async () => {
    const db = t().database.db;
    const mine = await t().signUp();
    const theirs = await t().signUp();
    const [myCreator] = await addCreators(db, mine.workspaceId, 1, { prefix: 'adi_m' });
    const [theirCreator] = await addCreators(db, theirs.workspaceId, 1, { prefix: 'adi_t' });
    const post = async (token: string, body: unknown) =>
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/v0.1/plan/cost.import?language=en-us',
          headers: { token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json();
    const plan = async (who: typeof mine, creator: number) => {
      const p = await t().call('POST', '/plan/add', { name: 'Iso', country: 'US' }, { token: who.token });
      await t().call(
        'POST',
        '/plan/creator.add',
        { plan_id: p.data.id, creator_ids: [creator] },
        { token: who.token },
      );
      return p.data.id as number;
    };
    const myPlan = await plan(mine, myCreator!);
    const theirPlan = await plan(theirs, theirCreator!);
    const link = `https://www.tiktok.com/@adi_t0/video/${VIDEO}`;
    expect(
      (
        await t().call(
          'POST',
          '/content/add',
          { country: 'US', link, plan_id: theirPlan },
          { token: theirs.token },
        )
      ).code,
    ).toBe(200);
    const theirLine = await post(theirs.token, {
      plan_id: theirPlan,
      channel: 'spark',
      rows: [{ row: 2, video: VIDEO, date: '2026-03-01', amount: '987.65' }],
    });
    expect(theirLine.data.added).toBe(1);

    const rows = [{ row: 2, video: VIDEO, date: '2026-03-01', amount: '1' }];
    const missing = await post(mine.token, { plan_id: 99_999_999, channel: 'spark', rows });
    expect(missing.code).toBe(40004);
    for (const dryRun of [0, 1]) {
      const res = await post(mine.token, { plan_id: theirPlan, channel: 'spark', rows, dryRun });
      expect(res.code).toBe(40004);
      expect(res.msg).toBe(missing.msg);
      expect(res.data ?? null).toBeNull();
    }
    for (const video of [VIDEO, link]) {
      const res = await post(mine.token, {
        plan_id: myPlan,
        channel: 'spark',
        rows: [{ ...rows[0], video }],
      });
      expect(res.code).toBe(200);
      expect(res.data).toMatchObject({ added: 0, updated: 0, unchanged: 0, rows: 0 });
      expect(res.data.refused).toEqual([expect.objectContaining({ row: 2, field: 'video' })]);
      expect(JSON.stringify(res)).not.toContain('987.65');
    }
    const theirMoney = await t().call('POST', '/plan/money', { plan_id: theirPlan }, { token: theirs.token });
    expect(theirMoney.data.total.ads).toBe(987.65);
    const myMoney = await t().call('POST', '/plan/money', { plan_id: myPlan }, { token: mine.token });
    expect(myMoney.data.total.ads).toBe(0);
    expect((await post('', { plan_id: myPlan, channel: 'spark', rows })).code).not.toBe(200);
  });
});
