import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { challengeIdOf } from '../services/topic.service.ts';

const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

describeEngines('topics', (t) => {
  const makeVip = (me: SignedIn) =>
    t()
      .database.db.updateTable('users')
      .set({ vip_until: nowS() + 30 * DAY })
      .where('id', '=', me.userId)
      .execute();
  const add = (me: SignedIn, body: Record<string, unknown>, language?: 'zh-cn' | 'en-us') =>
    t().call('POST', '/challenge/add', { country: 'US', ...body }, { token: me.token, language });

  it('adds a hashtag (leading # stripped) with the spec fields, lists and deletes it', async () => {
    const me = await t().signUp();
    const end = nowS() + 7 * DAY;
    const res = await add(me, { title: '  #SummerSale ', endTime: end });
    expect(res.code).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(
      [
        'add_time',
        'challenge_id',
        'challenge_title',
        'check_time',
        'country',
        'cover_larger',
        'end_time',
        'id',
        'is_commerce',
        'video_count',
        'view_count',
      ].sort(),
    );
    expect(res.data).toMatchObject({
      challenge_title: 'SummerSale',
      end_time: end,
      check_time: null,
      video_count: 0,
      is_commerce: 0,
    });
    expect(res.data.challenge_id).toBe(challengeIdOf('summersale'));
    expect(res.data.challenge_id).toMatch(/^\d+$/);

    const list = await t().call(
      'POST',
      '/challenge/lists',
      { country: 'US', page: 1, limit: 20 },
      { token: me.token },
    );
    expect(list.data).toEqual({ list: [res.data], count: 1, limit: 20, page: 1 });
    const found = await t().call(
      'POST',
      '/challenge/lists',
      { country: 'US', title: '#summer' },
      { token: me.token },
    );
    expect(found.data.count).toBe(1);

    const del = await t().call(
      'DELETE',
      '/challenge/del',
      { id: res.data.id, country: 'US' },
      { token: me.token },
    );
    expect(del).toMatchObject({ code: 200, msg: 'Deleted' });
    expect(
      (await t().call('POST', '/challenge/lists', { country: 'US' }, { token: me.token })).data.count,
    ).toBe(0);
  });

  it('checks the title and the end time', async () => {
    const me = await t().signUp();
    expect(await add(me, { title: '' })).toMatchObject({
      code: 40001,
      msg: 'Please enter the topic (hashtag)',
    });
    expect(await add(me, { title: '#' }, 'zh-cn')).toMatchObject({ code: 40001, msg: '请输入话题名称' });
    expect((await add(me, { title: 'two words' })).code).toBe(40001);
    expect(await add(me, { title: 'late', endTime: nowS() - 10 })).toMatchObject({
      code: 40001,
      msg: 'The end time must be in the future',
    });
    // A date means "through that day": today is still fine.
    const today = new Date().toISOString().slice(0, 10);
    const res = await add(me, { title: 'today', endTime: today });
    expect(res.code).toBe(200);
    expect(res.data.end_time).toBe(Math.floor(Date.parse(`${today}T00:00:00Z`) / 1000) + DAY - 1);
    const open = await add(me, { title: 'forever' });
    expect(open.data.end_time).toBeNull();
    expect((await add(me, { title: '#Forever' })).code).toBe(40009);
  });

  it('allows 3 active topics on the free tier, answers 40201 for the 4th, and 50 for VIP', async () => {
    const me = await t().signUp();
    for (const title of ['one', 'two']) expect((await add(me, { title })).code).toBe(200);
    expect((await add(me, { title: 'three', country: 'MY' })).code).toBe(200);
    // An ended topic does not count.
    await t()
      .database.db.insertInto('topics')
      .values({
        workspace_id: me.workspaceId,
        version: 1,
        deleted_at: null,
        country: 'US',
        challenge_id: '1',
        challenge_title: 'old',
        end_time: nowS() - DAY,
        cover_larger: '',
        video_count: 0,
        view_count: 0,
        is_commerce: 0,
        add_time: 1,
        update_time: 1,
        check_time: null,
      })
      .execute();
    const fourth = await add(me, { title: 'four' });
    expect(fourth.code).toBe(40201);
    expect(fourth.msg).toBe('The free plan tracks at most 3 active topics; VIP tracks up to 50');
    expect((await add(me, { title: 'four' }, 'zh-cn')).msg).toBe(
      '免费版最多同时追踪3个话题，开通VIP可追踪50个',
    );
    expect(
      (await t().call('POST', '/challenge/lists', { country: 'US' }, { token: me.token })).data.count,
    ).toBe(3);

    await makeVip(me);
    for (let i = 4; i <= 50; i++) expect((await add(me, { title: `t${i}` })).code).toBe(200);
    const over = await add(me, { title: 't51' });
    expect(over).toMatchObject({ code: 40201, msg: 'VIP tracks at most 50 active topics' });
  });

  it('sorts by a whitelisted field both ways, NULLs last, and rejects other fields', async () => {
    const me = await t().signUp();
    await makeVip(me);
    const ids: number[] = [];
    for (const title of ['a', 'b', 'c', 'd']) ids.push((await add(me, { title, country: 'GB' })).data.id);
    const db = t().database.db;
    const stats: Array<[number, number, number | null]> = [
      [30, 300, 1000],
      [10, 100, null],
      [40, 50, 3000],
      [20, 999, 2000],
    ];
    for (const [i, [video, view, check]] of stats.entries()) {
      await db
        .updateTable('topics')
        .set({ video_count: video, view_count: view, check_time: check })
        .where('id', '=', ids[i] as number)
        .execute();
    }
    const order = async (field: string, sort: string) => {
      const res = await t().call(
        'POST',
        '/challenge/lists',
        { country: 'GB', field, sort },
        { token: me.token },
      );
      expect(res.code).toBe(200);
      return res.data.list.map((r: { challenge_title: string }) => r.challenge_title).join('');
    };
    expect(await order('video_count', 'asc')).toBe('bdac');
    expect(await order('video_count', 'desc')).toBe('cadb');
    expect(await order('view_count', 'descend')).toBe('dabc');
    expect(await order('check_time', 'asc')).toBe('adcb');
    expect(await order('check_time', 'desc')).toBe('cdab');
    const paged = await t().call(
      'POST',
      '/challenge/lists',
      { country: 'GB', field: 'video_count', sort: 'asc', page: 2, limit: 3 },
      { token: me.token },
    );
    expect(paged.data.list.map((r: { challenge_title: string }) => r.challenge_title)).toEqual(['c']);
    const bad = await t().call(
      'POST',
      '/challenge/lists',
      { country: 'GB', field: 'challenge_title; drop table topics' },
      { token: me.token },
    );
    expect(bad.code).toBe(40001);
    expect(bad.msg).toContain('field');
    expect(
      (await t().call('POST', '/challenge/lists', { country: 'GB', sort: 'sideways' }, { token: me.token }))
        .code,
    ).toBe(40001);
  });

  it("keeps another workspace's topics out of reach", async () => {
    const owner = await t().signUp();
    const stranger = await t().signUp();
    const topic = (await add(owner, { title: 'private' })).data;
    expect(
      (await t().call('DELETE', '/challenge/del', { id: topic.id, country: 'US' }, { token: stranger.token }))
        .code,
    ).toBe(40004);
    expect(
      (await t().call('DELETE', '/challenge/del', { id: topic.id, country: 'VN' }, { token: owner.token }))
        .code,
    ).toBe(40004);
    expect(
      (await t().call('POST', '/challenge/lists', { country: 'US' }, { token: stranger.token })).data.count,
    ).toBe(0);
    // The stranger's own limit is not affected by the owner's topics, and the same hashtag is free for them.
    expect((await add(stranger, { title: 'private' })).code).toBe(200);
    expect(
      (await t().call('POST', '/challenge/lists', { country: 'US' }, { token: owner.token })).data.list,
    ).toEqual([topic]);
  });
});
