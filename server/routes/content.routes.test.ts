import { expect, it } from 'vitest';
import { postByDay } from '../../contract/shop-time.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const LINK = (handle: string, id: string) => `https://www.tiktok.com/@${handle}/video/${id}?is_from_webapp=1`;

describeEngines('content records', (t) => {
  async function planWithShipped(token: string, ws: number, prefix: string) {
    const [creator] = await addCreators(t().database.db, ws, 1, { prefix });
    const plan = await t().call('POST', '/plan/add', { name: `Push ${prefix}`, country: 'US' }, { token });
    expect(plan.code, JSON.stringify(plan)).toBe(200);
    expect(plan.data.post_within_days).toBe(14);
    const call = (path: string, body: Record<string, unknown>) =>
      t().call(path.endsWith('del') ? 'DELETE' : 'PUT', path, body, { token });
    expect(
      (
        await t().call(
          'POST',
          '/plan/creator.add',
          { plan_id: plan.data.id, creator_ids: [creator] },
          { token },
        )
      ).code,
    ).toBe(200);
    expect(
      (await call('/plan/creator.stage', { plan_id: plan.data.id, creator_ids: [creator], stage: 'shipped' }))
        .code,
    ).toBe(200);
    return { creator: creator!, plan: plan.data.id as number, handle: `${prefix}0` };
  }
  const stageOf = async (plan: number, creator: number) =>
    (
      await t()
        .database.db.selectFrom('plan_creators')
        .select(['stage'])
        .where('plan_id', '=', plan)
        .where('creator_id', '=', creator)
        .executeTakeFirstOrThrow()
    ).stage;

  it('a pasted link for a plan moves the shipped sample to "content posted", once', async () => {
    const a = await t().signUp();
    const { creator, plan, handle } = await planWithShipped(a.token, a.workspaceId, 'sunny_');
    const add = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK(handle, '7312345678901234567'), plan_id: plan },
      { token: a.token },
    );
    expect(add).toMatchObject({
      code: 200,
      msg: 'Content recorded',
      data: {
        handle,
        creator_id: creator,
        plan_id: plan,
        video_id: '7312345678901234567',
        link: `https://www.tiktok.com/@${handle}/video/7312345678901234567`,
        kind: 'video',
        source: 'hand',
        already: 0,
        moved: 1,
      },
    });
    expect(await stageOf(plan, creator)).toBe('posted');

    // The same video again (another form of its link): the record the workspace has, unchanged.
    const again = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: `www.tiktok.com/@${handle}/video/7312345678901234567`, kind: 'live' },
      { token: a.token },
    );
    expect(again.data).toMatchObject({ id: add.data.id, kind: 'video', plan_id: plan, already: 1, moved: 0 });
    const list = await t().call('POST', '/content/list', { creator_id: creator }, { token: a.token });
    expect(list.data.total).toBe(1);
    expect(
      (await t().call('POST', '/content/list', { plan_id: plan }, { token: a.token })).data.rows,
    ).toEqual([expect.objectContaining({ id: add.data.id })]);

    // Edit, then delete; a deleted record is gone from lists and adding the video revives it.
    const edit = await t().call(
      'PUT',
      '/content/edit',
      { id: add.data.id, kind: 'live', plan_id: '' },
      { token: a.token },
    );
    expect(edit.data).toMatchObject({ kind: 'live', plan_id: 0 });
    // Saving a field as it stands is no correction; the creator's history names what changed, and who.
    await t().call('PUT', '/content/edit', { id: add.data.id, kind: 'live' }, { token: a.token });
    expect((await t().call('DELETE', '/content/del', { id: add.data.id }, { token: a.token })).code).toBe(
      200,
    );
    const history = await t()
      .database.db.selectFrom('creator_events')
      .select(['kind', 'detail', 'user_id'])
      .where('workspace_id', '=', a.workspaceId)
      .where('creator_id', '=', creator)
      .where('kind', 'in', ['content_edit', 'content_del'])
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.kind, h.detail, Number(h.user_id)])).toEqual([
      ['content_edit', '7312345678901234567|plan,kind', a.userId],
      ['content_del', '7312345678901234567', a.userId],
    ]);
    expect(
      (await t().call('POST', '/content/list', { creator_id: creator }, { token: a.token })).data.total,
    ).toBe(0);
    expect((await t().call('DELETE', '/content/del', { id: add.data.id }, { token: a.token })).code).toBe(
      40004,
    );
    const revived = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK(handle, '7312345678901234567') },
      { token: a.token },
    );
    expect(revived.data).toMatchObject({ id: add.data.id, already: 0, kind: 'video', plan_id: 0 });
  });

  it('a record carrying a plan product moves the sample; one for another plan or creator does not', async () => {
    const a = await t().signUp();
    const prod = await t().call(
      'POST',
      '/product/add',
      {
        country: 'US',
        productId: '1729000000000000042',
        productTitle: 'Lamp',
        productImage: 'https://example.com/p.png',
      },
      { token: a.token },
    );
    expect(prod.code).toBe(200);
    const row = await t()
      .database.db.selectFrom('products')
      .select('id')
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    const { creator, plan, handle } = await planWithShipped(a.token, a.workspaceId, 'moon_');
    expect(
      (await t().call('PUT', '/plan/edit', { id: plan, product_ids: [row.id] }, { token: a.token })).code,
    ).toBe(200);
    const other = await t().call('POST', '/plan/add', { name: 'Other', country: 'US' }, { token: a.token });
    // For another plan: the sample in this one stays shipped.
    const elsewhere = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK(handle, '11'), plan_id: other.data.id },
      { token: a.token },
    );
    expect(elsewhere.data.moved).toBe(0);
    expect(await stageOf(plan, creator)).toBe('shipped');
    const byProduct = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK(handle, '12'), product_ids: ['1729000000000000042'] },
      { token: a.token },
    );
    expect(byProduct.data.moved).toBe(1);
    expect(await stageOf(plan, creator)).toBe('posted');
    // A creator the workspace does not have yet: kept, linked to no one.
    const stranger = await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK('nobody_here', '13') },
      { token: a.token },
    );
    expect(stranger.data).toMatchObject({ creator_id: 0, moved: 0, handle: 'nobody_here' });
  });

  it('refuses what is not a video link, a plan of another country, and out-of-range fields, with a clear message', async () => {
    const a = await t().signUp();
    const add = (body: Record<string, unknown>) =>
      t().call('POST', '/content/add', { country: 'US', ...body }, { token: a.token, language: 'en-us' });
    expect(await add({ link: 'https://vm.tiktok.com/ZMabc/' })).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('Short links'),
    });
    expect(await add({ link: 'https://www.tiktok.com/@sunny' })).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('Not a TikTok video link'),
    });
    expect((await add({})).code).toBe(40001);
    expect((await add({ link: LINK('sunny', '1'), post_time: '99999999999' })).code).toBe(40001);
    expect((await add({ link: LINK('sunny', '1'), product_ids: ['12x'] })).code).toBe(40001);
    expect(
      (
        await add({
          link: LINK('sunny', '1'),
          product_ids: Array.from({ length: 11 }, (_, i) => String(i + 1)),
        })
      ).code,
    ).toBe(40001);
    expect((await add({ link: LINK('sunny', '1'), source: 'shop' })).code).toBe(40001);
    const gb = await t().call('POST', '/plan/add', { name: 'UK', country: 'GB' }, { token: a.token });
    expect(await add({ link: LINK('sunny', '1'), plan_id: gb.data.id })).toMatchObject({
      code: 40001,
      msg: expect.stringContaining('GB'),
    });
    expect((await add({ link: LINK('sunny', '1'), plan_id: 999999 })).code).toBe(40004);
    expect((await t().call('POST', '/content/list', {}, { token: a.token })).code).toBe(40001);
    // Nothing refused was stored.
    const n = await t()
      .database.db.selectFrom('contents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('parallel pastes of one video make one record', async () => {
    const a = await t().signUp();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t().call('POST', '/content/add', { country: 'US', link: LINK('sunny', '777') }, { token: a.token }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(results.filter((r) => r.data.already === 0)).toHaveLength(1);
  });

  it('shipped samples past the plan post-by day are listed with the value at stake, and their follow-up is due that day', async () => {
    const a = await t().signUp();
    const { creator, plan, handle } = await planWithShipped(a.token, a.workspaceId, 'late_');
    expect(
      (
        await t().call(
          'PUT',
          '/plan/edit',
          { id: plan, post_within_days: 3, sample_cost: 20, shipping_cost: 4.5 },
          { token: a.token },
        )
      ).data.post_within_days,
    ).toBe(3);
    expect(
      (await t().call('PUT', '/plan/edit', { id: plan, post_within_days: 0 }, { token: a.token })).code,
    ).toBe(40001);
    expect(
      (await t().call('PUT', '/plan/edit', { id: plan, post_within_days: 366 }, { token: a.token })).code,
    ).toBe(40001);
    // Shipped again under the 3-day rule: the content-due follow-up falls on the shop's post-by day.
    const move = (stage: string) =>
      t().call(
        'PUT',
        '/plan/creator.stage',
        { plan_id: plan, creator_ids: [creator], stage },
        { token: a.token },
      );
    await move('sample_approved');
    await move('shipped');
    const { sample_time } = await t()
      .database.db.selectFrom('plan_creators')
      .select('sample_time')
      .where('plan_id', '=', plan)
      .executeTakeFirstOrThrow();
    const due = await t()
      .database.db.selectFrom('creator_followups')
      .select(['due_date', 'text'])
      .where('creator_id', '=', creator)
      .where('text', 'like', '%3 days after shipping%')
      .execute();
    expect(due.map((d) => d.due_date)).toEqual([postByDay(Number(sample_time), 3, 'US')]);

    const overdue = () => t().call('POST', '/content/samples.overdue', {}, { token: a.token });
    // Just shipped: not overdue yet.
    expect((await overdue()).data).toEqual({ rows: [], total: 0 });
    // Shipped ten days ago: overdue by six or seven shop days (depending on the hour in Los Angeles).
    const tenDaysAgo = Number(sample_time) - 10 * 86_400;
    await t()
      .database.db.updateTable('plan_creators')
      .set({ sample_time: tenDaysAgo })
      .where('plan_id', '=', plan)
      .execute();
    const res = await overdue();
    expect(res.data.total).toBe(1);
    expect(res.data.rows[0]).toMatchObject({
      plan_id: plan,
      creator_id: creator,
      handle,
      sample_cost: 24.5,
      post_by: postByDay(tenDaysAgo, 3, 'US'),
    });
    expect([6, 7, 8]).toContain(res.data.rows[0].days_overdue);
    expect(
      (await t().call('POST', '/content/samples.overdue', { plan_id: plan }, { token: a.token })).data.total,
    ).toBe(1);
    // Content for the plan: no longer a sample without content.
    await t().call(
      'POST',
      '/content/add',
      { country: 'US', link: LINK(handle, '99'), plan_id: plan },
      { token: a.token },
    );
    expect((await overdue()).data.total).toBe(0);
  });
});
