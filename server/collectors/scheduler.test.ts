// The app's own collector on, ticking fast: a topic added through the API gets refreshed alone.
import { expect, it, vi } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { COLLECT_KIND } from './collect-job.ts';
import { collectorSettings } from './settings.ts';

vi.stubEnv('TOPIC_COLLECTOR', 'on');
vi.stubEnv('TOPIC_SCHEDULE_TICK_SECONDS', '0.2');

describeEngines('topic collector in the running app', (t) => {
  it('refreshes a topic added through /challenge/add soon, once per interval', async () => {
    const me = await t().signUp();
    const added = await t().call(
      'POST',
      '/challenge/add',
      { country: 'US', title: 'FreshTopic' },
      { token: me.token },
    );
    expect(added.data.check_time).toBeNull();
    let topic = added.data;
    for (let i = 0; i < 50 && topic.check_time === null; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const list = await t().call('POST', '/challenge/lists', { country: 'US' }, { token: me.token });
      topic = list.data.list[0];
    }
    expect(topic.check_time).not.toBeNull();
    expect(topic.video_count).toBeGreaterThan(0);
    const videos = await t().call(
      'POST',
      '/challenge/video.lists',
      { challengeId: topic.id, limit: 1 },
      { token: me.token },
    );
    expect(videos.data.count).toBe(topic.video_count);
    const influencers = await t().call(
      'POST',
      '/challenge/video.blogger.lists',
      { challengeId: topic.id },
      { token: me.token },
    );
    expect(influencers.data.count).toBeGreaterThan(0);

    await new Promise((r) => setTimeout(r, 600)); // a few more ticks
    const jobs = await t()
      .database.db.selectFrom('jobs')
      .selectAll()
      .where('kind', '=', COLLECT_KIND)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'done', workspace_id: me.workspaceId });
  });
});

it('chooses the provider from the environment and refuses tiktok without credentials', () => {
  expect(collectorSettings(false, {}).provider.name).toBe('demo');
  expect(collectorSettings(false, {}).intervalSeconds).toBe(900);
  expect(collectorSettings(true, {}).enabled).toBe(false);
  expect(collectorSettings(true, { TOPIC_COLLECTOR: 'on' }).enabled).toBe(true);
  expect(() => collectorSettings(false, { TOPIC_PROVIDER: 'tiktok' })).toThrow(/TIKTOK_CLIENT_KEY/);
  const tiktok = collectorSettings(false, {
    TOPIC_PROVIDER: 'tiktok',
    TIKTOK_CLIENT_KEY: 'k',
    TIKTOK_CLIENT_SECRET: 's',
    TOPIC_COLLECT_INTERVAL_SECONDS: '60',
  });
  expect(tiktok.provider.name).toBe('tiktok');
  expect(tiktok.intervalSeconds).toBe(60);
});
