import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { insertCreator, insertTag, linkTag, LONG } from '../../tests/helpers/creator-fixtures.ts';

describeEngines('POST /blogger/lists', (t) => {
  let a: SignedIn;
  let b: SignedIn;
  let tagFood: number;
  let tagTech: number;
  const list = async (
    body: Record<string, unknown>,
    language: 'en-us' | 'zh-cn' = 'en-us',
    token = a.token,
  ) => t().call('POST', '/blogger/lists', body, { token, language });
  const ids = (res: { data: { list: { unique_id: string }[] } }) => res.data.list.map((r) => r.unique_id);

  beforeAll(async () => {
    a = await t().signUp();
    b = await t().signUp();
    tagFood = await insertTag(t(), a.workspaceId, 'food');
    tagTech = await insertTag(t(), a.workspaceId, 'tech');
    const alice = await insertCreator(t(), a.workspaceId, 'alice', {
      daren_name: 'Alice Wonder',
      follower_count: 100,
      add_time: 1_700_000_000,
      is_chat: 1,
      signature: 'I love #SummerFun',
      video_engagement_t30: 5.2345,
      video_last_time: 1_690_000_000,
    });
    const bob = await insertCreator(t(), a.workspaceId, 'bob', {
      nick_name: 'BobbyNick',
      follower_count: 300,
      add_time: 1_700_100_000,
      is_invitation: 1,
    });
    const carol = await insertCreator(t(), a.workspaceId, 'carol_x', {
      follower_count: 200,
      add_time: 1_700_200_000,
      is_black: 1,
    });
    await insertCreator(t(), a.workspaceId, 'dave', { country: 'MY' });
    await insertCreator(t(), b.workspaceId, 'alice', { follower_count: 999 });
    await linkTag(t(), a.workspaceId, alice, tagFood);
    await linkTag(t(), a.workspaceId, bob, tagTech);
    await linkTag(t(), a.workspaceId, carol, tagFood);
    await linkTag(t(), a.workspaceId, carol, tagTech);
  });

  it('lists the workspace creators of the country, newest first, with count/limit/page', async () => {
    const res = await list({});
    expect(res.code).toBe(200);
    expect(ids(res)).toEqual(['carol_x', 'bob', 'alice']);
    expect(res.data).toMatchObject({ count: 3, limit: 20, page: 1 });
    expect(ids(await list({ country: 'MY' }))).toEqual(['dave']);
    expect(ids(await list({}, 'en-us', b.token))).toEqual(['alice']);
  });

  it('returns every field of the creator row, engagement as a percentage, tags of the page', async () => {
    const row = (await list({ name: 'alice' })).data.list[0];
    expect(row).toMatchObject({
      unique_id: 'alice',
      daren_name: 'Alice Wonder',
      follower_count: 100,
      video_engagement_t30: 5.23,
      video_last_time: 1_690_000_000,
      check_time: null,
      is_chat: 1,
      is_chat_str: 'Chatted',
      is_invitation_str: 'Not invited',
      is_black_str: 'Normal',
      status: 0,
      status_str: 'None',
      tags: [{ tag_id: tagFood, tag_title: 'food' }],
    });
    for (const k of [
      'signature',
      'daren_socialize',
      'bio_link',
      'categorys',
      'gmv_t30',
      'heart_count',
      'update_time',
    ])
      expect(row).toHaveProperty(k);
    const carol = (await list({ name: 'carol' })).data.list[0];
    expect(carol.tags.map((x: { tag_title: string }) => x.tag_title)).toEqual(['food', 'tech']);
  });

  it('localises the *_str labels in zh-cn', async () => {
    const rows = (await list({}, 'zh-cn')).data.list;
    const byId = Object.fromEntries(rows.map((r: { unique_id: string }) => [r.unique_id, r]));
    expect(byId.alice.is_chat_str).toBe('已建联');
    expect(byId.bob.is_chat_str).toBe('未建联');
    expect(byId.bob.is_invitation_str).toBe('已邀约');
    expect(byId.alice.is_invitation_str).toBe('未邀约');
    expect(byId.carol_x.is_black_str).toBe('已拉黑');
    expect(byId.alice.is_black_str).toBe('正常');
  });

  it('filters by name over unique_id, daren_name and nick_name, case-insensitively', async () => {
    expect(ids(await list({ name: 'WONDER' }))).toEqual(['alice']);
    expect(ids(await list({ name: 'bobbynick' }))).toEqual(['bob']);
    expect(ids(await list({ name: 'ol_' }))).toEqual(['carol_x']);
    // LIKE wildcards are literal characters in the search.
    expect(ids(await list({ name: '_' }))).toEqual(['carol_x']);
    expect(ids(await list({ name: '%' }))).toEqual([]);
  });

  it('filters by flags, tags (any of), challenge and add_time range', async () => {
    expect(ids(await list({ isChat: 1 }))).toEqual(['alice']);
    expect(ids(await list({ isChat: 0 }))).toEqual(['carol_x', 'bob']);
    expect(ids(await list({ isInvitation: 1 }))).toEqual(['bob']);
    expect(ids(await list({ isBlack: 1 }))).toEqual(['carol_x']);
    expect(ids(await list({ isBlack: 0, isInvitation: 0 }))).toEqual(['alice']);
    expect(ids(await list({ tagsId: tagTech }))).toEqual(['carol_x', 'bob']);
    expect(ids(await list({ tagsId: [tagFood, tagTech] }))).toEqual(['carol_x', 'bob', 'alice']);
    expect(ids(await list({ challenge: '#summerfun' }))).toEqual(['alice']);
    expect(ids(await list({ startTime: 1_700_050_000, endTime: 1_700_150_000 }))).toEqual(['bob']);
    expect(ids(await list({ endTime: '2023-11-14' }))).toEqual(['alice']);
    const res = await list({ isChat: 0, limit: 1, page: 2 });
    expect(ids(res)).toEqual(['bob']);
    expect(res.data).toMatchObject({ count: 2, limit: 1, page: 2 });
  });

  it('sorts by a whitelisted column both ways', async () => {
    expect(ids(await list({ field: 'follower_count', sort: 'asc' }))).toEqual(['alice', 'carol_x', 'bob']);
    expect(ids(await list({ field: 'follower_count', sort: 'descend' }))).toEqual([
      'bob',
      'carol_x',
      'alice',
    ]);
    expect(ids(await list({ field: 'video_last_time', sort: 'desc' }))[0]).toBe('alice');
    expect(ids(await list({ field: 'video_last_time', sort: 'asc' }))[2]).toBe('alice');
  });

  it('rejects bad input with 40001 naming the field', async () => {
    for (const [body, field] of [
      [{ field: 'password_hash' }, 'field'],
      [{ sort: 'sideways' }, 'sort'],
      [{ isChat: 2 }, 'isChat'],
      [{ country: 'XX' }, 'country'],
      [{ tagsId: 'abc' }, 'tagsId'],
      [{ name: LONG }, 'name'],
      [{ page: 0 }, 'page'],
    ] as const) {
      const res = await list(body);
      expect(res.code, JSON.stringify(body)).toBe(40001);
      expect(res.msg).toContain(field);
    }
  });

  it('needs a token', async () => {
    const res = await t().call('POST', '/blogger/lists', {});
    expect(res.code).toBe(10002);
  });
});
