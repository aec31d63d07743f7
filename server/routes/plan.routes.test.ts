import { expect, it } from 'vitest';
import { PLAN_CREATORS_MAX, PLANS_MAX } from '../../contract/limits.ts';
import { postByDay } from '../../contract/shop-time.ts';
import { teamOfTwo } from '../../tests/helpers/live-stream.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { nextVersion, now } from '../db/versioning.ts';

describeEngines('collaboration plans', (t) => {
  const pulled = async (token: string, table: string) => {
    const pull = await t().call('POST', '/sync/pull', { cursor: '' }, { token });
    const v = pull.data.changes[table] as { columns: string[]; rows: unknown[][] };
    return v.rows.map((r) => Object.fromEntries(v.columns.map((c, i) => [c, r[i]]))) as Record<
      string,
      unknown
    >[];
  };

  async function product(token: string, id: string): Promise<number> {
    const res = await t().call(
      'POST',
      '/product/add',
      {
        country: 'US',
        productId: id,
        productTitle: `Product ${id}`,
        productImage: 'https://example.com/p.png',
      },
      { token },
    );
    expect(res.code, JSON.stringify(res)).toBe(200);
    return (await pulled(token, 'products')).find((p) => p.product_id === id)!.id as number;
  }

  it('creates a plan with products and terms, checks them, and shares it with the team', async () => {
    const { admin, member } = await teamOfTwo(t(), 'Plans team');
    const p1 = await product(admin.token, '1729000000000000001');
    const add = await t().call(
      'POST',
      '/plan/add',
      {
        name: '  Spring push ',
        country: 'us',
        product_ids: [p1],
        commission_rate: '12.35',
        budget: '5000',
        start_date: '2027-03-01',
        end_date: '2027-04-30',
      },
      { token: member.token },
    );
    expect(add).toMatchObject({
      code: 200,
      data: {
        name: 'Spring push',
        country: 'US',
        product_ids: String(p1),
        commission_rate: 12.35,
        budget: 5000,
        start_date: '2027-03-01',
        end_date: '2027-04-30',
        chat_template_id: 0,
        user_id: member.userId,
      },
    });
    expect(await pulled(admin.token, 'plans')).toEqual([
      expect.objectContaining({ id: add.data.id, name: 'Spring push' }),
    ]);

    // Refusals say what is wrong, in the caller's language.
    const bad = async (body: Record<string, unknown>, language: 'zh-cn' | 'en-us' = 'en-us') =>
      t().call('POST', '/plan/add', { name: 'X', country: 'US', ...body }, { token: admin.token, language });
    expect(await bad({ commission_rate: 0 })).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('1% and 80%'),
    });
    expect((await bad({ commission_rate: 81 })).code).toBe(40001);
    expect((await bad({ commission_rate: 'ten' })).code).toBe(40001);
    expect((await bad({ budget: -1 })).code).toBe(40001);
    // More than two decimals is refused and named, never rounded to what the seller did not type.
    expect(await bad({ commission_rate: 12.345 })).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('two decimals'),
    });
    expect(await bad({ sample_cost: 3.999 }, 'zh-cn')).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('两位小数'),
    });
    expect((await bad({ budget: '10.005' })).code).toBe(40001);
    expect((await bad({ shipping_cost: 0.29, sample_cost: 1e9 })).code).toBe(200);
    expect(await bad({ start_date: '2027-05-01', end_date: '2027-04-01' }, 'zh-cn')).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('结束日期'),
    });
    expect((await bad({ start_date: '2027-02-30' })).code).toBe(40001);
    expect((await bad({ name: 'x'.repeat(51) })).code).toBe(40001);
    expect((await bad({ product_ids: Array.from({ length: 11 }, (_, i) => i + 1) })).code).toBe(40001);
    // Another workspace's product or template is not there.
    const stranger = await t().signUp({ name: 'stranger' });
    const foreign = await product(stranger.token, '1729000000000000009');
    expect((await bad({ product_ids: [foreign] })).code).toBe(40004);
    expect((await bad({ chat_template_id: 999_999 })).code).toBe(40004);

    // Edit: dates checked against the stored ones; '' clears a date.
    const id = add.data.id;
    const edit = (body: Record<string, unknown>) =>
      t().call('PUT', '/plan/edit', { id, ...body }, { token: admin.token });
    expect((await edit({ end_date: '2027-02-01' })).code).toBe(40001);
    expect((await edit({ start_date: '', end_date: '2027-02-01', name: 'Renamed' })).data).toMatchObject({
      name: 'Renamed',
      start_date: '',
      end_date: '2027-02-01',
      product_ids: String(p1),
    });
    expect((await t().call('PUT', '/plan/edit', { id, name: 'Mine' }, { token: stranger.token })).code).toBe(
      40004,
    );
  });

  it('adds creators at "to contact", moves them through stages with history, and takes them out', async () => {
    const a = await t().signUp({ name: 'planner' });
    const b = await t().signUp({ name: 'other' });
    const mine = await addCreators(t().database.db, a.workspaceId, 3);
    const theirs = await addCreators(t().database.db, b.workspaceId, 1);
    const plan = (await t().call('POST', '/plan/add', { name: 'Pets', country: 'US' }, { token: a.token }))
      .data;

    const add = await t().call(
      'POST',
      '/plan/creator.add',
      { plan_id: plan.id, creator_ids: [...mine, theirs[0], mine[0]] },
      { token: a.token },
    );
    expect(add).toMatchObject({ code: 200, data: { plan_id: plan.id, changed: 3, skipped: 2 } });
    // Again: all there already.
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: plan.id, creator_ids: mine },
          { token: a.token },
        )
      ).data,
    ).toMatchObject({ changed: 0, skipped: 3 });
    let members = await pulled(a.token, 'plan_creators');
    expect(members.map((m) => [m.creator_id, m.stage]).sort()).toEqual(
      mine.map((c) => [c, 'to_contact']).sort(),
    );
    expect(members.every((m) => m.user_name === 'planner')).toBe(true);

    // Out with a reason; the reason goes with exits only.
    const move = (ids: number[], stage: string, reason?: string) =>
      t().call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.id, creator_ids: ids, stage, reason },
        { token: a.token },
      );
    expect((await move([mine[0]!, mine[1]!, theirs[0]!], 'declined', 'Rate too low')).data).toMatchObject({
      changed: 2,
      skipped: 1,
    });
    expect((await move([mine[0]!], 'contacted', 'ignored')).data.changed).toBe(1);
    expect((await move([mine[0]!], 'contacted')).data).toMatchObject({ changed: 0, skipped: 1 });
    expect((await move([mine[0]!], 'sideways')).code).toBe(40001);
    expect((await move([], 'contacted')).code).toBe(40001);
    members = await pulled(a.token, 'plan_creators');
    const byCreator = new Map(members.map((m) => [m.creator_id, m]));
    expect(byCreator.get(mine[0])).toMatchObject({ stage: 'contacted', reason: '' });
    expect(byCreator.get(mine[1])).toMatchObject({ stage: 'declined', reason: 'Rate too low' });

    // Each entry into a stage is a row of the creator's timeline.
    const events = (await pulled(a.token, 'creator_events')).filter((e) => e.creator_id === mine[0]);
    expect(events.map((e) => e.detail)).toEqual(['to_contact:Pets', 'declined:Pets', 'contacted:Pets']);
    expect(events.every((e) => e.kind === 'stage')).toBe(true);

    // Out and back in: a fresh start at "to contact".
    expect(
      (
        await t().call(
          'DELETE',
          '/plan/creator.del',
          { plan_id: plan.id, creator_ids: [mine[1]] },
          { token: a.token },
        )
      ).data,
    ).toMatchObject({ changed: 1, skipped: 0 });
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: plan.id, creator_ids: [mine[1]] },
          { token: a.token },
        )
      ).data.changed,
    ).toBe(1);
    members = await pulled(a.token, 'plan_creators');
    expect(members.find((m) => m.creator_id === mine[1])).toMatchObject({ stage: 'to_contact', reason: '' });

    // B cannot touch A's plan.
    expect(
      (
        await t().call(
          'PUT',
          '/plan/creator.stage',
          { plan_id: plan.id, creator_ids: mine, stage: 'replied' },
          { token: b.token },
        )
      ).code,
    ).toBe(40004);
    expect((await t().call('DELETE', '/plan/del', { id: plan.id }, { token: b.token })).code).toBe(40004);

    // Deleting the plan takes its creators out with it; the creators stay.
    expect((await t().call('DELETE', '/plan/del', { id: plan.id }, { token: a.token })).code).toBe(200);
    expect(await pulled(a.token, 'plans')).toEqual([]);
    expect(await pulled(a.token, 'plan_creators')).toEqual([]);
    expect((await pulled(a.token, 'creators')).length).toBe(3);
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: plan.id, creator_ids: mine },
          { token: a.token },
        )
      ).code,
    ).toBe(40004);
  });

  it('says how many of the creators added were in the plan already', async () => {
    const a = await t().signUp({ name: 'adder' });
    const b = await t().signUp({ name: 'neighbour' });
    const mine = await addCreators(t().database.db, a.workspaceId, 4);
    const theirs = await addCreators(t().database.db, b.workspaceId, 1);
    const planOf = async (token: string) =>
      (await t().call('POST', '/plan/add', { name: 'Pets', country: 'US' }, { token })).data as {
        id: number;
      };
    const plan = await planOf(a.token);
    // B's creator sits in B's own plan: to A it is an unknown id, never "already there".
    const theirPlan = await planOf(b.token);
    const add = (token: string, planId: number, ids: number[]) =>
      t().call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: ids }, { token });
    expect((await add(b.token, theirPlan.id, theirs)).data).toMatchObject({ changed: 1, already: 0 });
    expect((await add(a.token, plan.id, mine.slice(0, 2))).data).toMatchObject({ changed: 2, already: 0 });
    expect((await add(a.token, plan.id, [...mine, theirs[0]!])).data).toEqual({
      plan_id: plan.id,
      changed: 2,
      skipped: 3,
      already: 2,
    });
    // Taken out and added again: back at "to contact", not counted as already there.
    expect(
      (
        await t().call(
          'DELETE',
          '/plan/creator.del',
          { plan_id: plan.id, creator_ids: [mine[0]] },
          { token: a.token },
        )
      ).code,
    ).toBe(200);
    expect((await add(a.token, plan.id, mine)).data).toMatchObject({ changed: 1, skipped: 3, already: 3 });
  });

  it('states its limits: plans per workspace and creators per plan', async () => {
    const a = await t().signUp({ name: 'limits' });
    const { db } = t().database;
    const version = await nextVersion(db, a.workspaceId);
    const ts = now();
    const base = {
      workspace_id: a.workspaceId,
      version,
      deleted_at: null,
      user_id: a.userId,
      add_time: ts,
      update_time: ts,
    };
    await db
      .insertInto('plans')
      .values(Array.from({ length: PLANS_MAX - 1 }, (_, i) => ({ ...base, name: `P${i}`, country: 'US' })))
      .execute();
    const last = await t().call('POST', '/plan/add', { name: 'Last', country: 'US' }, { token: a.token });
    expect(last.code).toBe(200);
    expect(
      await t().call('POST', '/plan/add', { name: 'One more', country: 'US' }, { token: a.token }),
    ).toMatchObject({
      code: 40009,
      msg: expect.stringContaining(String(PLANS_MAX)),
    });

    const creators = await addCreators(db, a.workspaceId, 2);
    for (let i = 0; i < PLAN_CREATORS_MAX - 1; i += 2000)
      await db
        .insertInto('plan_creators')
        .values(
          Array.from({ length: Math.min(2000, PLAN_CREATORS_MAX - 1 - i) }, (_, j) => ({
            ...base,
            plan_id: last.data.id,
            creator_id: 10_000_000 + i + j,
            stage: 'to_contact',
          })),
        )
        .execute();
    const full = await t().call(
      'POST',
      '/plan/creator.add',
      { plan_id: last.data.id, creator_ids: creators },
      { token: a.token },
    );
    expect(full).toMatchObject({ code: 40009, msg: expect.stringMatching(/; 1 more fits$/) });
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: last.data.id, creator_ids: [creators[0]] },
          { token: a.token },
        )
      ).data.changed,
    ).toBe(1);
  });

  it("keeps the workspace's weekly quota of new creators for the whole team, as the seller entered it", async () => {
    const { admin, member } = await teamOfTwo(t(), 'Quota team');
    const set = (v: unknown) => t().call('PUT', '/plan/quota', { weekly_quota: v }, { token: member.token });
    expect((await set('150')).data).toMatchObject({ weekly_quota: 150, user_id: member.userId });
    expect((await pulled(admin.token, 'workspace_settings')).map((r) => r.weekly_quota)).toEqual([150]);
    expect((await set(500)).data.weekly_quota).toBe(500);
    for (const bad of ['many', 100_001, 1.5, -2])
      expect(await set(bad), String(bad)).toMatchObject({
        code: 40001,
        msg: expect.stringContaining('100,000'),
      });
    expect((await set('')).data.weekly_quota).toBe(-1);
    expect(await pulled(admin.token, 'workspace_settings')).toHaveLength(1);
  });

  it('sends target invitations of at most 100 creators with the plan’s products and commission', async () => {
    const a = await t().signUp({ name: 'inviter' });
    const b = await t().signUp({ name: 'stranger' });
    const mine = await addCreators(t().database.db, a.workspaceId, 101);
    const [foreign] = await addCreators(t().database.db, b.workspaceId, 1);
    const plan = (await t().call('POST', '/plan/add', { name: 'Launch', country: 'US' }, { token: a.token }))
      .data;
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: plan.id, creator_ids: mine },
          { token: a.token },
        )
      ).data.changed,
    ).toBe(101);
    const invite = (ids: number[]) =>
      t().call('POST', '/plan/invite', { plan_id: plan.id, creator_ids: ids }, { token: a.token });

    // The terms come first: 1 to 10 products, then a commission of 1–80 %.
    expect(await invite(mine.slice(0, 2))).toMatchObject({ code: 40001, msg: expect.stringContaining('10') });
    const p1 = await product(a.token, '1729000000000000777');
    await t().call('PUT', '/plan/edit', { id: plan.id, product_ids: [p1] }, { token: a.token });
    expect(await invite(mine.slice(0, 2))).toMatchObject({ code: 40001, msg: expect.stringContaining('80') });
    await t().call('PUT', '/plan/edit', { id: plan.id, commission_rate: 15 }, { token: a.token });

    // TikTok's limit: 101 creators are refused, naming the limit; nothing is written.
    expect(await invite(mine)).toMatchObject({ code: 40001, msg: expect.stringContaining('100') });
    expect(await pulled(a.token, 'invitations')).toHaveLength(0);

    // One creator is already further on (stays there), one replied (moves), one is blacklisted.
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: plan.id, creator_ids: [mine[0]], stage: 'shipped' },
      { token: a.token },
    );
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: plan.id, creator_ids: [mine[1]], stage: 'replied' },
      { token: a.token },
    );
    const creators = await pulled(a.token, 'creators');
    const nameOf = (id: number) => String(creators.find((c) => c.id === id)!.unique_id);
    await t().call(
      'POST',
      '/blogger/black.add',
      { country: 'US', bloggers: [nameOf(mine[2]!)] },
      { token: a.token },
    );

    const batch = [...mine.slice(0, 99), foreign!];
    const res = await invite(batch);
    expect(res).toMatchObject({
      code: 200,
      data: { plan_id: plan.id, invited: 98, skipped: 1, blacklisted: [nameOf(mine[2]!)] },
    });
    const invitations = await pulled(a.token, 'invitations');
    expect(invitations).toHaveLength(98);
    expect(new Set(invitations.map((i) => i.product_id))).toEqual(new Set(['1729000000000000777']));
    const stages = new Map((await pulled(a.token, 'plan_creators')).map((m) => [m.creator_id, m.stage]));
    expect(stages.get(mine[0])).toBe('shipped');
    expect(stages.get(mine[1])).toBe('invited');
    expect(stages.get(mine[2])).toBe('to_contact');
    expect(stages.get(mine[3])).toBe('invited');
    expect(stages.get(mine[100])).toBe('to_contact');
    // Each invited creator's history says so; another workspace's plan is not found.
    const events = await pulled(a.token, 'creator_events');
    expect(events.filter((e) => e.kind === 'invitation')).toHaveLength(98);
    expect(
      await t().call(
        'POST',
        '/plan/invite',
        { plan_id: plan.id, creator_ids: [foreign] },
        { token: b.token },
      ),
    ).toMatchObject({ code: 40004 });
  });

  it('refuses a 6th message to a creator who has not replied, and none after a reply', async () => {
    const { admin, member } = await teamOfTwo(t(), 'Message team');
    const [c] = await addCreators(t().database.db, admin.workspaceId, 1);
    const other = await t().signUp({ name: 'outsider' });
    const send = (token: string) => t().call('POST', '/plan/message', { creator_id: c }, { token });
    // The team shares the count: messages from either member add up.
    for (let i = 1; i <= 5; i++)
      expect((await send(i % 2 ? admin.token : member.token)).data, `message ${i}`).toEqual({
        creator_id: c,
        messages: i,
      });
    const sixth = await send(member.token);
    expect(sixth).toMatchObject({ code: 40009, msg: expect.stringContaining('5') });
    const chats = async () =>
      (await pulled(admin.token, 'creator_events')).filter((e) => e.kind === 'chat' && e.creator_id === c);
    expect(await chats()).toHaveLength(5);
    expect((await pulled(admin.token, 'creators')).find((r) => r.id === c)!.is_chat).toBe(1);

    // Once the creator replied (a connected stage in any plan), messages are not limited.
    const plan = (
      await t().call('POST', '/plan/add', { name: 'Talk', country: 'US' }, { token: admin.token })
    ).data;
    await t().call(
      'POST',
      '/plan/creator.add',
      { plan_id: plan.id, creator_ids: [c] },
      { token: admin.token },
    );
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: plan.id, creator_ids: [c], stage: 'replied' },
      { token: admin.token },
    );
    expect((await send(member.token)).data).toEqual({ creator_id: c, messages: 0 });
    expect(await chats()).toHaveLength(6);
    // Invited after the reply: still a creator who replied, so still no limit.
    await t().call(
      'PUT',
      '/plan/creator.stage',
      { plan_id: plan.id, creator_ids: [c], stage: 'invited' },
      { token: admin.token },
    );
    expect((await send(member.token)).data).toEqual({ creator_id: c, messages: 0 });
    // Another workspace's creator is not found.
    expect(await send(other.token)).toMatchObject({ code: 40004 });
  });

  it('keeps what samples cost a plan, and refuses a cost that is not an amount', async () => {
    const a = await t().signUp({ name: 'coster' });
    const add = await t().call(
      'POST',
      '/plan/add',
      { name: 'Costs', country: 'US', sample_cost: '12.35', shipping_cost: '4' },
      { token: a.token },
    );
    expect(add.data).toMatchObject({ sample_cost: 12.35, shipping_cost: 4 });
    const edit = (body: Record<string, unknown>) =>
      t().call('PUT', '/plan/edit', { id: add.data.id, ...body }, { token: a.token });
    expect((await edit({ shipping_cost: 6.5 })).data).toMatchObject({
      sample_cost: 12.35,
      shipping_cost: 6.5,
    });
    for (const bad of [-1, 'free', 1_000_000_001, '12.345'])
      expect(await edit({ sample_cost: bad }), String(bad)).toMatchObject({
        code: 40001,
        msg: expect.stringContaining('Sample and shipping costs'),
      });
    expect((await pulled(a.token, 'plans'))[0]).toMatchObject({ sample_cost: 12.35, shipping_cost: 6.5 });
  });

  it("turns TikTok's sample deadlines into follow-ups on the creator, in the mover's language", async () => {
    const a = await t().signUp({ name: 'sampler' });
    const [c] = await addCreators(t().database.db, a.workspaceId, 1);
    const plan = (await t().call('POST', '/plan/add', { name: 'Serums', country: 'US' }, { token: a.token }))
      .data;
    await t().call('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: [c] }, { token: a.token });
    const move = (stage: string, language: 'en-us' | 'zh-cn') =>
      t().call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan.id, creator_ids: [c], stage },
        { token: a.token, language },
      );
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    expect((await move('sample_requested', 'en-us')).code).toBe(200);
    let due = await pulled(a.token, 'creator_followups');
    expect(due.map((f) => [f.creator_id, f.due_date, f.text])).toEqual([
      [c, day(7), 'Plan “Serums”: approve or reject the sample request within 7 days (TikTok’s rule)'],
    ]);
    expect((await move('shipped', 'zh-cn')).code).toBe(200);
    due = await pulled(a.token, 'creator_followups');
    expect(
      due
        .filter((f) => f.due_date !== day(7))
        .map((f) => [f.due_date, String(f.text).slice(0, 10)])
        .sort(),
    ).toEqual(
      [
        // Content is due on the plan's post-by day, a calendar day in the shop's time zone (US: Pacific),
        // which is the UTC date's day before from 00:00 to 08:00 UTC.
        [postByDay(Math.floor(Date.now() / 1000), 14, 'US'), '计划“Serums”'],
        [day(5), '计划“Serums”'],
      ].sort(),
    );
    // The same stage again writes nothing new.
    await move('shipped', 'zh-cn');
    expect(await pulled(a.token, 'creator_followups')).toHaveLength(3);
  });
});
