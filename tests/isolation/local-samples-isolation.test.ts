/**
 * Workspace isolation of the sample requests recorded in plans (/plan/samples.pending,
 * /plan/samples.decide): another workspace lists none of a workspace's requests, cannot decide
 * them (not found, nothing moves, no history), and its own approvals and rules leave the
 * workspace's verdicts and caps as they were. Both engines.
 */
import { expect, it } from 'vitest';
import { seedLocalSamples } from '../helpers/local-samples.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

describeEngines('local sample requests isolation', (t) => {
  it('requests, decisions and caps are per workspace', async () => {
    const app = t();
    const a = await app.signUp({ name: 'Aquila' });
    const b = await app.signUp({ name: 'Borealis' });
    const seedA = await seedLocalSamples(app, a, { prefix: 'aquila_' });
    const seedB = await seedLocalSamples(app, b, { prefix: 'borealis_' });
    const call = (who: SignedIn, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
      app.call(method, path, body, { token: who.token });
    const list = async (who: SignedIn) => {
      const res = await call(who, 'GET', '/plan/samples.pending');
      expect(res.code).toBe(200);
      return res.data as {
        items: { id: string; creator: string; fit: number | null; verdicts: unknown[] }[];
      };
    };
    expect((await call(a, 'POST', '/shop/sample-rules.set', { cap_day: 1, min_gmv30: 100 })).code).toBe(200);
    const before = await list(a);
    expect(before.items.map((i) => i.id)).toEqual(seedA.ids);
    const seenByB = JSON.stringify(await list(b));
    expect(seenByB).not.toContain('aquila_');
    for (const id of seedA.ids) expect(seenByB).not.toContain(`"${id}"`);

    // B names A's requests: not found, nothing moves, no history for A.
    const res = await call(b, 'POST', '/plan/samples.decide', { requests: seedA.ids, result: 'approve' });
    expect(res.code).toBe(200);
    expect(res.data.results.every((r: { code: string }) => r.code === 'not_found')).toBe(true);
    const rej = await call(b, 'POST', '/plan/samples.decide', {
      requests: seedA.ids,
      result: 'reject',
      reason: 'x',
    });
    expect(rej.data.results.every((r: { code: string }) => r.code === 'not_found')).toBe(true);
    // B's own approvals (under B's own rules) do not count against A's daily cap.
    expect(
      (await call(b, 'POST', '/plan/samples.decide', { requests: seedB.ids.slice(0, 2), result: 'approve' }))
        .data.results,
    ).toMatchObject([{ outcome: 'done' }, { outcome: 'done' }]);
    const stages = await app.database.db
      .selectFrom('plan_creators')
      .select('stage')
      .where('workspace_id', '=', a.workspaceId)
      .execute();
    expect(stages.every((s) => s.stage === 'sample_requested')).toBe(true);
    const history = await app.database.db
      .selectFrom('plan_sample_decisions')
      .select('workspace_id')
      .where('workspace_id', '=', a.workspaceId)
      .execute();
    expect(history).toEqual([]);
    expect(await list(a)).toEqual(before);
    const done = await call(a, 'POST', '/plan/samples.decide', {
      requests: [seedA.ids[0]],
      result: 'approve',
    });
    expect(done.data.results[0]).toMatchObject({ outcome: 'done' });
  });
});
