/**
 * /plan/ledger is workspace-scoped: another workspace's plan or creator answers exactly like an id
 * that does not exist (40004), alone or mixed with the caller's own ids, and its sales and costs
 * never appear in the caller's ledger, whatever cursor (`after`) is sent: one of their lines' keys
 * places a page in the caller's own ledger and nothing more. Both engines.
 */
import { expect, it } from 'vitest';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines } from '../helpers/test-app.ts';

describeEngines('ledger isolation', (t) => {
  it("another workspace's plan and creator read as missing, and nothing of theirs is in the caller's ledger", async () => {
    const db = t().database.db;
    const mine = await t().signUp();
    const theirs = await t().signUp();
    const [myCreator] = await addCreators(db, mine.workspaceId, 1, { prefix: 'iso_m' });
    const [theirCreator] = await addCreators(db, theirs.workspaceId, 1, { prefix: 'iso_t' });
    const plan = async (who: typeof mine, creator: number) => {
      const p = await t().call('POST', '/plan/add', { name: 'Iso', country: 'US' }, { token: who.token });
      await t().call(
        'POST',
        '/plan/creator.add',
        { plan_id: p.data.id, creator_ids: [creator] },
        { token: who.token },
      );
      const fee = await t().call(
        'POST',
        '/plan/cost.add',
        { plan_id: p.data.id, creator_id: creator, kind: 'fee', amount: 7, start_date: '2026-03-01' },
        { token: who.token },
      );
      expect(fee.code).toBe(200);
      return p.data.id as number;
    };
    const myPlan = await plan(mine, myCreator!);
    const theirPlan = await plan(theirs, theirCreator!);
    const ask = (body: Record<string, unknown>) =>
      t().call('POST', '/plan/ledger', body, { token: mine.token });

    const missing = await ask({ plan_id: 99_999_999 });
    expect(missing.code).toBe(40004);
    for (const body of [
      { plan_id: theirPlan },
      { creator_id: theirCreator },
      { plan_id: theirPlan, creator_id: myCreator },
      { plan_id: myPlan, creator_id: theirCreator },
    ]) {
      const res = await ask(body);
      expect(res.code, JSON.stringify([body, res])).toBe(40004);
      expect(res.data ?? null).toBeNull();
    }
    expect((await ask({ plan_id: theirPlan })).msg).toBe(missing.msg);
    const own = await ask({ creator_id: myCreator });
    expect(own.code).toBe(200);
    expect(own.data.plans).toEqual([{ plan_id: myPlan, name: 'Iso' }]);
    expect(
      own.data.lines.map((l: { creator_id: number; cost_cents: number }) => [l.creator_id, l.cost_cents]),
    ).toEqual([[myCreator, 700]]);
    // Their lines' keys as cursors: the page is the caller's own lines after that place, never theirs.
    const theirLines = (
      await t().call('POST', '/plan/ledger', { plan_id: theirPlan }, { token: theirs.token })
    ).data.lines as { key: string; creator_id: number }[];
    expect(theirLines).toHaveLength(1);
    const [t0, rank, id] = theirLines[0]!.key.split('.').map(Number);
    for (const after of [
      theirLines[0]!.key,
      `${t0! - 1}.${rank}.${id}`,
      `${t0}.${rank}.${id! - 1}`,
      '0.0.0',
      '-999999999999999.0.0',
    ]) {
      for (const body of [
        { plan_id: myPlan, after },
        { creator_id: myCreator, after },
      ]) {
        const res = await ask(body);
        expect(res.code, JSON.stringify([body, res])).toBe(200);
        for (const l of res.data.lines as { creator_id: number }[]) expect(l.creator_id).toBe(myCreator);
        expect(JSON.stringify(res.data)).not.toContain(`"creator_id":${theirCreator},`);
      }
      for (const body of [
        { plan_id: theirPlan, after },
        { creator_id: theirCreator, after },
      ])
        expect((await ask(body)).code, JSON.stringify(body)).toBe(40004);
    }
    const unauth = await t().call('POST', '/plan/ledger', { plan_id: myPlan });
    expect(unauth.code).not.toBe(200);
  });
});
