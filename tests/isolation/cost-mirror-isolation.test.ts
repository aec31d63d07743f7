/**
 * A plan's cost lines reach the mirror (/sync/pull, table `plan_costs`) of their own workspace only:
 * another workspace's lines never appear in a caller's pages, as rows or as tombstones, from scratch
 * or after a cursor, and its calls on a caller's line ids change nothing. Both engines.
 */
import { expect, it } from 'vitest';
import { decodePull, type PullResponse, type PullWire } from '../../contract/sync.ts';
import { addCreators } from '../helpers/sync-fixtures.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

describeEngines('cost mirror isolation', (t) => {
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
  /** A workspace with a plan holding one creator; `fee` adds a line for them. */
  const workspace = async (prefix: string) => {
    const who = await t().signUp();
    const [creator] = await addCreators(t().database.db, who.workspaceId, 1, { prefix });
    const call = (method: string, path: string, body: Record<string, unknown>) =>
      t().call(method, path, body, { token: who.token });
    const plan = await call('POST', '/plan/add', { name: `Costs ${prefix}`, country: 'US' });
    expect(plan.code, plan.msg).toBe(200);
    const planId = plan.data.id as number;
    expect((await call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: [creator] })).code).toBe(
      200,
    );
    const fee = async (amount: string): Promise<number> => {
      const res = await call('POST', '/plan/cost.add', {
        plan_id: planId,
        creator_id: creator,
        kind: 'fee',
        amount,
        start_date: '2026-11-20',
      });
      expect(res.code, res.msg).toBe(200);
      return res.data.id as number;
    };
    return { who, call, fee };
  };

  it("never mirrors another workspace's cost lines, live or deleted", async () => {
    const mine = await workspace('costiso_a_');
    const theirs = await workspace('costiso_b_');
    const myLine = await mine.fee('10');
    const start = await pull(mine.who);
    expect(start.changes.plan_costs.map((c) => [c.id, c.amount_cents])).toEqual([[myLine, 1_000]]);

    // The other workspace adds, corrects and deletes lines of its own…
    const kept = await theirs.fee('20');
    const gone = await theirs.fee('30');
    expect((await theirs.call('PUT', '/plan/cost.edit', { id: kept, amount: '25' })).code).toBe(200);
    expect((await theirs.call('DELETE', '/plan/cost.del', { id: gone })).code).toBe(200);
    // … and its calls on my line's id change nothing of mine.
    expect((await theirs.call('PUT', '/plan/cost.edit', { id: myLine, amount: '99' })).code).toBe(40004);
    expect((await theirs.call('DELETE', '/plan/cost.del', { id: myLine })).code).toBe(40004);

    const delta = await pull(mine.who, start.cursor);
    expect(delta.changes.plan_costs).toEqual([]);
    expect(delta.deletes.plan_costs).toEqual([]);
    const fresh = await pull(mine.who);
    expect(fresh.changes.plan_costs.map((c) => [c.id, c.amount_cents])).toEqual([[myLine, 1_000]]);
    const theirsPulled = await pull(theirs.who);
    expect(theirsPulled.changes.plan_costs.map((c) => [c.id, c.amount_cents])).toEqual([[kept, 2_500]]);
  });
});
