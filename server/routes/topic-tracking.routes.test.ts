// The collector is driven by hand with a fixture provider; the app's own collector stays off.
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { COLLECT_KIND, runCollectJob, scheduleDue } from '../collectors/collect-job.ts';
import { blankVideo, type CollectedAuthor, type TopicProvider } from '../collectors/provider.ts';
import { claim } from '../jobs/job-queue.ts';
import { insertTag } from '../../tests/helpers/creator-fixtures.ts';

vi.stubEnv('TOPIC_COLLECTOR', 'off');

const T0 = Math.floor(Date.now() / 1000);
const author = (unique_id: string, follower_count: number, extra: Partial<CollectedAuthor> = {}) => ({
  unique_id,
  nick_name: unique_id.toUpperCase(),
  follower_count,
  video_engagement_t30: 1.5,
  socialize: [{ platform: 'instagram', value: `@${unique_id}` }],
  ...extra,
});
const AUTHORS: Record<string, CollectedAuthor> = {
  amy: author('amy', 500, { nick_name: 'Amy Rose', video_engagement_t30: 3.254, gmv_t30: 10 }),
  ben: author('ben', 9000, { video_engagement_t30: 0 }),
  cat: author('cat', 50_000),
  dan: author('dan', 9999, { nick_name: 'Danny' }),
  eve: author('eve', 1200),
  zed: author('zed', 100),
};
/** hashtag → [author of each video]; video i is i hours old. */
const FIXTURE: Record<string, string[]> = {
  SpringHaul: ['amy', 'ben', 'cat', 'dan', 'amy', 'cat', 'ben'],
  PetTok: ['amy', 'eve'],
  OtherHaul: ['zed'],
};
const fixture: TopicProvider = {
  name: 'fixture',
  collect: async (q) => {
    const names = FIXTURE[q.hashtag] ?? [];
    const videos = names.map((name, i) => {
      const v = blankVideo(`${q.hashtag}-${i}`, name);
      v.video_create_time = T0 - i * 3600;
      v.play_count = 100 * (i + 1);
      return v;
    });
    return { videos, authors: [...new Set(names)].map((n) => AUTHORS[n]!) };
  },
};

describeEngines('topic videos, influencers and amateurs', (t) => {
  let me: SignedIn;
  let other: SignedIn;
  const topics: Record<string, number> = {};
  const call = (path: string, body: Record<string, unknown>, who: SignedIn = me, method = 'POST') =>
    t().call(method, path, body, { token: who.token });
  const names = (res: { data: { list: { unique_id: string }[] } }) => res.data.list.map((r) => r.unique_id);
  const amateurs = (body: Record<string, unknown> = {}, who: SignedIn = me) =>
    call('/challenge/blogger.lists', { country: 'US', ...body }, who);

  beforeAll(async () => {
    me = await t().signUp();
    other = await t().signUp();
    for (const [who, title] of [
      [me, 'SpringHaul'],
      [me, 'PetTok'],
      [other, 'OtherHaul'],
    ] as const) {
      const res = await call('/challenge/add', { country: 'US', title }, who);
      topics[title] = res.data.id;
    }
    const deps = { db: t().database.db, provider: fixture, intervalSeconds: 900, clock: () => T0 };
    expect(await scheduleDue(deps)).toBe(3);
    let job;
    while ((job = await claim(t().database.db, t().engine, [COLLECT_KIND], 'test')))
      await runCollectJob(deps, job);
  });

  it('pages a topic videos newest first with the spec fields', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await call('/challenge/video.lists', {
        country: 'US',
        challengeId: topics.SpringHaul,
        page,
        limit: 3,
      });
      expect(res.code).toBe(200);
      expect(res.data).toMatchObject({ count: 7, limit: 3, page });
      pages.push(...res.data.list);
    }
    expect(pages.map((v) => v.video_id)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `SpringHaul-${i}`));
    for (const key of [
      'unique_id',
      'video_id',
      'video_desc',
      'is_ad',
      'video_create_time',
      'collect_count',
      'play_count',
      'video_ratio',
      'video_size',
      'video_cover_path',
      'video_download_path',
      'add_time',
      'update_time',
    ])
      expect(pages[0]).toHaveProperty(key);
    expect(pages[0]).toMatchObject({ unique_id: 'amy', play_count: 100, add_time: T0 });
  });

  it('lists the authors of a topic videos by followers, with socialize and engagement', async () => {
    const res = await call('/challenge/video.blogger.lists', {
      country: 'US',
      challengeId: topics.SpringHaul,
    });
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(4);
    expect(names(res)).toEqual(['cat', 'dan', 'ben', 'amy']);
    const amy = res.data.list[3];
    expect(amy).toMatchObject({
      nick_name: 'Amy Rose',
      socialize: [{ platform: 'instagram', value: '@amy' }],
      video_engagement_t30: 3.25,
      video_engagement_t30_str: '3.25%',
      status: 0,
      tags: [],
      creator_id: null,
    });
    expect(res.data.list[2]).toMatchObject({
      unique_id: 'ben',
      video_engagement_t30: 0,
      video_engagement_t30_str: '-',
    });
    const second = await call('/challenge/video.blogger.lists', {
      challengeId: topics.SpringHaul,
      page: 2,
      limit: 3,
    });
    expect(names(second)).toEqual(['amy']);
  });

  it('lists amateurs across topics, under the threshold, sorted by a whitelisted field', async () => {
    const res = await amateurs();
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(4);
    expect(names(res)).toEqual(['dan', 'ben', 'eve', 'amy']);
    expect(names(await amateurs({ field: 'follower_count', sort: 'asc' }))).toEqual([
      'amy',
      'eve',
      'ben',
      'dan',
    ]);
    expect(names(await amateurs({ field: 'video_engagement_t30', sort: 'desc' }))[0]).toBe('amy');
    expect(names(await amateurs({ page: 2, limit: 3 }))).toEqual(['amy']);
    const bad = await amateurs({ field: 'password_hash' });
    expect(bad.code).toBe(40001);
    expect(bad.msg).toContain('field');
    expect(res.data.list[0]).toMatchObject({ daren_name: '', video_last_time: T0 - 3 * 3600 });
  });

  it('filters amateurs by name (handle or nickname) and by challenge (title, #title or id)', async () => {
    expect(names(await amateurs({ name: 'danny' }))).toEqual(['dan']);
    expect(names(await amateurs({ name: '@AMY' }))).toEqual(['amy']);
    expect(names(await amateurs({ name: 'rose' }))).toEqual(['amy']);
    expect(names(await amateurs({ name: '%' }))).toEqual([]);
    expect(names(await amateurs({ challenge: 'pettok' }))).toEqual(['eve', 'amy']);
    expect(names(await amateurs({ challenge: '#PetTok' }))).toEqual(['eve', 'amy']);
    expect(names(await amateurs({ challenge: String(topics.PetTok) }))).toEqual(['eve', 'amy']);
    expect(names(await amateurs({ challenge: 'PetTok', name: 'eve' }))).toEqual(['eve']);
  });

  it('keeps workspaces apart: another workspace topic id reveals nothing', async () => {
    for (const path of ['/challenge/video.lists', '/challenge/video.blogger.lists']) {
      const res = await call(path, { challengeId: topics.SpringHaul }, other);
      expect(res.code).toBe(40004);
      expect(res.data).toBeNull();
    }
    expect(names(await amateurs({}, other))).toEqual(['zed']);
    expect(names(await amateurs({ challenge: String(topics.SpringHaul) }, other))).toEqual([]);
    expect(names(await amateurs({ challenge: String(topics.OtherHaul) }))).toEqual([]);
    expect((await call('/challenge/video.lists', { challengeId: 'abc' })).code).toBe(40001);
    expect((await call('/challenge/video.lists', {})).msg).toContain('challengeId');
  });

  it('adds amateurs to the creator database; then they show its status and tags', async () => {
    const res = await call('/challenge/blogger.to.creators', { country: 'US', bloggers: ['amy', 'nobody'] });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ created: 1, updated: 0, rejected: [], not_found: ['nobody'] });
    const creator = await t()
      .database.db.selectFrom('creators')
      .selectAll()
      .where('workspace_id', '=', me.workspaceId)
      .where('unique_id', '=', 'amy')
      .executeTakeFirstOrThrow();
    expect(Number(creator.follower_count)).toBe(500);
    expect(Number(creator.video_engagement_t30)).toBeCloseTo(3.254);
    const tag = await insertTag(t(), me.workspaceId, 'Hot');
    expect(
      (
        await call(
          '/blogger/set.tags',
          { country: 'US', bloggers: ['amy'], type: 'add', tagIds: [tag] },
          me,
          'PUT',
        )
      ).code,
    ).toBe(200);
    await t()
      .database.db.updateTable('creators')
      .set({ status: 2, daren_name: 'Amy R.' })
      .where('id', '=', creator.id)
      .execute();
    const amy = (await amateurs({ name: 'amy' })).data.list[0];
    expect(amy).toMatchObject({
      creator_id: Number(creator.id),
      status: 2,
      daren_name: 'Amy R.',
      tags: [{ tag_id: tag, tag_title: 'Hot' }],
    });
    expect(amy.status_str).not.toBe('');
    const none = await call('/challenge/blogger.to.creators', { country: 'US', bloggers: ['zed'] });
    expect(none.code).toBe(40004);
  });

  it('lets the owner or team admin set the amateur threshold, not a team member', async () => {
    expect((await call('/workspace/amateur.threshold', {}, me, 'GET')).data).toEqual({
      threshold: 10_000,
      can_edit: 1,
    });
    expect((await call('/workspace/amateur.threshold', { threshold: 0 }, me, 'PUT')).code).toBe(40001);
    const set = await call('/workspace/amateur.threshold', { threshold: 100_000 }, me, 'PUT');
    expect(set).toMatchObject({ code: 200, data: { threshold: 100_000 } });
    expect(names(await amateurs())).toContain('cat');

    const admin = await t().signUp();
    const team = await call('/team/add', { title: 'Crew' }, admin);
    expect(team.code).toBe(200);
    const member = await t().signUp();
    expect((await call('/team/user.add', { teamId: team.data.invite_code }, member)).code).toBe(200);
    expect((await call('/workspace/amateur.threshold', {}, member, 'GET')).data.can_edit).toBe(0);
    expect((await call('/workspace/amateur.threshold', { threshold: 5 }, member, 'PUT')).code).toBe(40003);
    expect((await call('/workspace/amateur.threshold', { threshold: 5 }, admin, 'PUT')).code).toBe(200);
    expect((await call('/workspace/amateur.threshold', {}, member, 'GET')).data.threshold).toBe(5);
  });
});
