/**
 * Sample requests recorded in plans, in a workspace without a shop (/plan/samples.pending,
 * /plan/samples.decide), on both engines: ranked by fit with the rules' verdicts, a selection
 * approved or rejected in one call with a history row per decision naming the member (and the rule
 * that refused one), and a cap that holds when approvals race.
 */
import { expect, it } from 'vitest';
import { SHOP_REVIEW_CALL_MAX } from '../../contract/shop-review.ts';
import { nextVersion } from '../db/versioning.ts';
import { seedLocalSamples } from '../../tests/helpers/local-samples.ts';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';

type Item = {
  id: string;
  fit: number | null;
  creator: string;
  products: string;
  verdicts: { rule: string; verdict: string; value: number | null; limit: number }[];
  last_code: string;
};

describeEngines('sample requests recorded in plans', (t) => {
  const call = (me: SignedIn, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
    t().call(method, path, body, { token: me.token });
  const pending = async (me: SignedIn) => {
    const res = await call(me, 'GET', '/plan/samples.pending');
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.data as { items: Item[]; total: number };
  };
  const decide = (me: SignedIn, body: Record<string, unknown>) =>
    call(me, 'POST', '/plan/samples.decide', body);
  const stageOf = async (me: SignedIn, planId: number, creatorId: number) =>
    t()
      .database.db.selectFrom('plan_creators')
      .select(['stage', 'reason', 'user_name'])
      .where('workspace_id', '=', me.workspaceId)
      .where('plan_id', '=', planId)
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow();
  const history = (me: SignedIn) =>
    t()
      .database.db.selectFrom('plan_sample_decisions')
      .select(['plan_id', 'creator_id', 'user_name', 'result', 'reason', 'outcome', 'code', 'rule'])
      .where('workspace_id', '=', me.workspaceId)
      .orderBy('id')
      .execute();

  it('lists the requests best fit first with each rule’s verdict', async () => {
    const me = await t().signUp({ name: 'Local ranks' });
    const seed = await seedLocalSamples(t(), me);
    const list = await pending(me);
    expect(list.total).toBe(4);
    expect(list.items.map((i) => i.id)).toEqual(seed.ids);
    const fits = list.items.map((i) => i.fit!);
    expect(fits.every((f) => typeof f === 'number')).toBe(true);
    expect(fits).toEqual([...fits].sort((a, b) => b - a));
    expect(fits[0]).toBeGreaterThan(fits[3]!);
    expect(list.items[0]!.products).toContain('Pet bowl');
    expect(list.items.every((i) => i.verdicts.length === 0)).toBe(true);

    expect(
      (await call(me, 'POST', '/shop/sample-rules.set', { min_gmv30: 1000, price_cap: 20, cap_day: 3 })).code,
    ).toBe(200);
    const judged = await pending(me);
    expect(judged.items[0]!.verdicts).toEqual([
      { rule: 'min_gmv30', verdict: 'pass', value: 90_000, limit: 1000 },
      { rule: 'cap_day', verdict: 'pass', value: 0, limit: 3 },
      { rule: 'price_cap', verdict: 'pass', value: 15, limit: 20 },
    ]);
    expect(judged.items[3]!.verdicts[0]).toEqual({
      rule: 'min_gmv30',
      verdict: 'fail',
      value: 50,
      limit: 1000,
    });
    // The post rate is unknown (no sample sent yet): never a pass or a fail.
    await call(me, 'POST', '/shop/sample-rules.set', { min_post_rate: 50 });
    expect((await pending(me)).items[0]!.verdicts).toEqual([
      { rule: 'min_post_rate', verdict: 'unknown', value: null, limit: 50 },
    ]);
  });

  it('approves and rejects a selection in one call; every decision is a history row', async () => {
    const me = await t().signUp({ name: 'Local decides' });
    const seed = await seedLocalSamples(t(), me);
    await call(me, 'POST', '/shop/sample-rules.set', { min_gmv30: 1000 });
    const [best, second, third, worst] = seed.ids as [string, string, string, string];
    const res = await decide(me, { requests: [best, worst, second, best], result: 'approve' });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.data.results).toMatchObject([
      { id: best, outcome: 'done', code: '', stage: 'sample_approved' },
      { id: worst, outcome: 'refused', code: 'rule_min_gmv30', stage: 'sample_requested' },
      { id: second, outcome: 'done', stage: 'sample_approved' },
    ]);
    expect(res.data.results[1].msg).toContain('50');
    expect(await stageOf(me, seed.planId, seed.creators[0]!)).toMatchObject({
      stage: 'sample_approved',
      user_name: 'Local decides',
    });
    expect((await stageOf(me, seed.planId, seed.creators[3]!)).stage).toBe('sample_requested');
    // The refused one stays listed with the rule's refusal beside it; the approved ones are gone.
    const after = await pending(me);
    expect(after.items.map((i) => i.id)).toEqual([third, worst]);
    expect(after.items[1]!.last_code).toBe('rule_min_gmv30');

    const noReason = await decide(me, { requests: [third], result: 'reject' });
    expect(noReason.code).toBe(40001);
    expect(noReason.msg).toMatch(/reason/);
    const rej = await decide(me, {
      requests: [third, worst],
      result: 'reject',
      reason: ' Not our audience ',
    });
    expect(rej.data.results).toMatchObject([
      { id: third, outcome: 'done', stage: 'declined' },
      { id: worst, outcome: 'done', stage: 'declined' },
    ]);
    expect(await stageOf(me, seed.planId, seed.creators[2]!)).toMatchObject({
      stage: 'declined',
      reason: 'Not our audience',
    });
    expect((await pending(me)).items).toEqual([]);
    // Decided already, or not a request of this workspace.
    const again = await decide(me, { requests: [best, `${seed.planId}:999999`], result: 'approve' });
    expect(again.data.results).toMatchObject([
      { id: best, outcome: 'refused', code: 'not_pending', stage: 'sample_approved' },
      { id: `${seed.planId}:999999`, outcome: 'refused', code: 'not_found', stage: '' },
    ]);
    const c = seed.creators;
    expect(await history(me)).toEqual([
      row(seed.planId, c[0]!, 'approve', '', 'done', '', ''),
      row(seed.planId, c[3]!, 'approve', '', 'refused', 'rule_min_gmv30', 'min_gmv30'),
      row(seed.planId, c[1]!, 'approve', '', 'done', '', ''),
      row(seed.planId, c[2]!, 'reject', 'Not our audience', 'done', '', ''),
      row(seed.planId, c[3]!, 'reject', 'Not our audience', 'done', '', ''),
    ]);
    function row(
      plan: number,
      creator: number,
      result: string,
      reason: string,
      outcome: string,
      code: string,
      rule: string,
    ) {
      return {
        plan_id: plan,
        creator_id: creator,
        user_name: 'Local decides',
        result,
        reason,
        outcome,
        code,
        rule,
      };
    }
  });

  it('refuses a body that does not fit, naming the field', async () => {
    const me = await t().signUp({ name: 'Local limits' });
    for (const body of [
      { requests: [], result: 'approve' },
      { requests: ['1-2'], result: 'approve' },
      { requests: ['1:2'], result: 'maybe' },
      { requests: ['1:2'], result: 'approve', reason: 'why' },
      { requests: ['1:2'], result: 'reject', reason: 'x'.repeat(201) },
      {
        requests: Array.from({ length: SHOP_REVIEW_CALL_MAX + 1 }, (_, i) => `1:${i + 1}`),
        result: 'approve',
      },
    ]) {
      const res = await decide(me, body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(40001);
    }
    expect(await history(me)).toEqual([]);
  });

  it('a daily cap holds when approvals race, and counts in the plan’s day', async () => {
    const me = await t().signUp({ name: 'Local race' });
    const seed = await seedLocalSamples(t(), me, { count: 6 });
    await call(me, 'POST', '/shop/sample-rules.set', { cap_day: 2 });
    const answers = await Promise.all(
      seed.ids.map((id) => decide(me, { requests: [id], result: 'approve' })),
    );
    const outcomes = answers.map((r) => {
      expect(r.code, JSON.stringify(r)).toBe(200);
      return r.data.results[0] as { outcome: string; code: string };
    });
    expect(outcomes.filter((o) => o.outcome === 'done')).toHaveLength(2);
    expect(outcomes.filter((o) => o.code === 'rule_cap_day')).toHaveLength(4);
    const approved = await t()
      .database.db.selectFrom('plan_creators')
      .select('creator_id')
      .where('workspace_id', '=', me.workspaceId)
      .where('stage', '=', 'sample_approved')
      .execute();
    expect(approved).toHaveLength(2);
    const left = await pending(me);
    expect(left.items[0]!.verdicts).toEqual([{ rule: 'cap_day', verdict: 'fail', value: 2, limit: 2 }]);
    // The cap per product counts each product the plan sent: both are at 2 now.
    await call(me, 'POST', '/shop/sample-rules.set', { cap_product: 3 });
    const one = await decide(me, { requests: [left.items[0]!.id], result: 'approve' });
    expect(one.data.results[0]).toMatchObject({ outcome: 'done' });
    const two = await decide(me, { requests: [left.items[1]!.id], result: 'approve' });
    expect(two.data.results[0]).toMatchObject({ outcome: 'refused', code: 'rule_cap_product' });
  });

  it('an approval and a rejection of one request racing: one is done, the other finds it decided', async () => {
    const me = await t().signUp({ name: 'Local both' });
    const seed = await seedLocalSamples(t(), me, { count: 4 });
    const answers = await Promise.all(
      seed.ids.flatMap((id) => [
        decide(me, { requests: [id], result: 'approve' }),
        decide(me, { requests: [id], result: 'reject', reason: 'Out of stock' }),
      ]),
    );
    for (const [i, id] of seed.ids.entries()) {
      const [approve, reject] = [answers[2 * i]!, answers[2 * i + 1]!].map(
        (r) => r.data.results[0] as { outcome: string; code: string; stage: string },
      );
      const done = [approve, reject].filter((o) => o!.outcome === 'done');
      expect(done, id).toHaveLength(1);
      expect(
        [approve, reject].filter((o) => o!.code === 'not_pending'),
        id,
      ).toHaveLength(1);
      const plan = Number(id.split(':')[0]);
      const creator = Number(id.split(':')[1]);
      expect((await stageOf(me, plan, creator)).stage).toBe(done[0]!.stage);
    }
  });

  it('the fit is read again when the workspace changes, and only then', async () => {
    const me = await t().signUp({ name: 'Local cache' });
    const seed = await seedLocalSamples(t(), me);
    const fitOf = async (id: string) => (await pending(me)).items.find((i) => i.id === id)!.fit;
    const worst = seed.ids[3]!;
    const before = await fitOf(worst);
    // A change written past the workspace's version (no synced write does this) is not seen:
    // the inputs were kept for the version, not read again.
    const db = t().database.db;
    await db
      .updateTable('creators')
      .set({
        categorys: 'Pet Supplies',
        gmv_t30: 900_000,
        video_view_t30: 90_000_000,
        follower_count: 9_000_000,
      })
      .where('id', '=', seed.creators[3]!)
      .execute();
    expect(await fitOf(worst)).toBe(before);
    // Any write of the workspace moves its version: the next list reads the change.
    await db.transaction().execute((trx) => nextVersion(trx, me.workspaceId));
    const after = await fitOf(worst);
    expect(after).toBeGreaterThan(before!);
    // A change through the API (the creator's sample in another plan shipped and posted) changes the answer too.
    const plan = await call(me, 'POST', '/plan/add', { name: 'Other', country: 'US' });
    await call(me, 'POST', '/plan/creator.add', { plan_id: plan.data.id, creator_ids: [seed.creators[3]] });
    for (const stage of ['shipped', 'posted'])
      await t().call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.data.id, creator_ids: [seed.creators[3]], stage },
        { token: me.token },
      );
    expect(await fitOf(worst)).not.toBe(after);
  });
});
