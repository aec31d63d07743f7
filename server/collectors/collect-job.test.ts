// Drives the collector by hand (scheduleDue, claim, runCollectJob); the app's own collector stays off.
import { beforeEach, expect, it, vi } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { claim, type Job } from '../jobs/job-queue.ts';
import { COLLECT_KIND, runCollectJob, scheduleDue, type CollectorDeps } from './collect-job.ts';
import { demoProvider } from './demo-provider.ts';
import { ProviderError, type TopicProvider } from './provider.ts';

vi.stubEnv('TOPIC_COLLECTOR', 'off');

const T0 = Math.floor(Date.now() / 1000);
const INTERVAL = 900;

describeEngines('topic collector', (t) => {
  let clock = T0;
  const deps = (provider: TopicProvider = demoProvider): CollectorDeps => ({
    db: t().database.db,
    provider,
    intervalSeconds: INTERVAL,
    clock: () => clock,
  });
  const addTopic = async (me: SignedIn, title: string, endTime?: number) => {
    const res = await t().call(
      'POST',
      '/challenge/add',
      { country: 'US', title, ...(endTime ? { endTime } : {}) },
      { token: me.token },
    );
    expect(res.code).toBe(200);
    return res.data as { id: number };
  };
  const topicRow = (id: number) =>
    t().database.db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const claimAs = (runner: string) => claim(t().database.db, t().engine, [COLLECT_KIND], runner);
  /** Claims and runs jobs as `runner` until none is left. */
  const work = async (runner: string, d: CollectorDeps) => {
    const done: number[] = [];
    let job: Job | undefined;
    while ((job = await claimAs(runner))) {
      await runCollectJob(d, job);
      done.push((JSON.parse(job.payload) as { topicId: number }).topicId);
    }
    return done;
  };

  beforeEach(async () => {
    clock = T0;
    const db = t().database.db;
    await db.updateTable('topics').set({ deleted_at: T0 }).where('deleted_at', 'is', null).execute();
    await db.deleteFrom('jobs').execute();
  });

  it('refreshes a new topic: videos, authors, counts, check_time and a new version', async () => {
    const me = await t().signUp();
    const topic = await addTopic(me, 'GlowUp');
    const before = await topicRow(topic.id);
    expect(await scheduleDue(deps())).toBe(1);
    expect(await scheduleDue(deps())).toBe(0); // already queued
    const job = await claimAs('A');
    expect(job).toBeDefined();
    const outcome = await runCollectJob(deps(), job!);
    expect(outcome.status).toBe('refreshed');

    const after = await topicRow(topic.id);
    expect(after.check_time).toBe(T0);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    const videos = await t()
      .database.db.selectFrom('topic_videos')
      .selectAll()
      .where('topic_id', '=', topic.id)
      .execute();
    expect(videos.length).toBeGreaterThan(0);
    expect(Number(after.video_count)).toBe(videos.length);
    expect(Number(after.view_count)).toBe(videos.reduce((s, v) => s + Number(v.play_count), 0));
    const links = await t()
      .database.db.selectFrom('topic_author_topics')
      .select('author_id')
      .where('topic_id', '=', topic.id)
      .execute();
    expect(links.length).toBe(new Set(videos.map((v) => v.unique_id)).size);
    const jobRow = await t()
      .database.db.selectFrom('jobs')
      .selectAll()
      .where('id', '=', job!.id)
      .executeTakeFirstOrThrow();
    expect(jobRow.status).toBe('done');

    // Not due again within the interval; due after it, and the counts follow the provider.
    clock = T0 + INTERVAL - 1;
    expect(await scheduleDue(deps())).toBe(0);
    clock = T0 + 6 * 3600;
    expect(await scheduleDue(deps())).toBe(1);
    expect(await work('A', deps())).toEqual([topic.id]);
    const later = await topicRow(topic.id);
    expect(later.check_time).toBe(clock);
    expect(Number(later.view_count)).toBeGreaterThan(Number(after.view_count));
    const again = await t()
      .database.db.selectFrom('topic_videos')
      .select('video_id')
      .where('topic_id', '=', topic.id)
      .execute();
    expect(new Set(again.map((v) => v.video_id)).size).toBe(again.length); // upserted, never duplicated
  });

  it('never refreshes one topic twice with two schedulers and two runners at once', async () => {
    const me = await t().signUp();
    const ids = [
      (await addTopic(me, 'RaceOne')).id,
      (await addTopic(me, 'RaceTwo')).id,
      (await addTopic(me, 'RaceThree')).id,
    ];
    const calls: string[] = [];
    const counting: TopicProvider = {
      name: 'counting',
      collect: async (q, progress) => {
        calls.push(q.hashtag);
        await new Promise((r) => setTimeout(r, 20));
        return demoProvider.collect(q, progress);
      },
    };
    const added = await Promise.all([scheduleDue(deps(counting)), scheduleDue(deps(counting))]);
    expect(added[0]! + added[1]!).toBe(3);
    const [a, b] = await Promise.all([work('A', deps(counting)), work('B', deps(counting))]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(calls.sort()).toEqual(['RaceOne', 'RaceThree', 'RaceTwo']);
  });

  it('does not refresh ended or deleted topics', async () => {
    const me = await t().signUp();
    const ending = await addTopic(me, 'EndsSoon', T0 + 3600);
    const deleted = await addTopic(me, 'Gone');
    expect(
      (await t().call('DELETE', '/challenge/del', { id: deleted.id, country: 'US' }, { token: me.token }))
        .code,
    ).toBe(200);
    clock = T0 + 3600;
    expect(await scheduleDue(deps())).toBe(0);

    // A job queued before the end is skipped when it runs after the end.
    clock = T0;
    expect(await scheduleDue(deps())).toBe(1);
    clock = T0 + 7200;
    const outcome = await runCollectJob(deps(), (await claimAs('A'))!);
    expect(outcome.status).toBe('skipped');
    expect((await topicRow(ending.id)).check_time).toBeNull();
  });

  it('records a provider failure on the job, keeps the topic unchecked and waits an interval', async () => {
    const me = await t().signUp();
    const topic = await addTopic(me, 'Broken');
    const failing: TopicProvider = {
      name: 'failing',
      collect: async () => {
        throw new ProviderError('malformed response: data.videos Required');
      },
    };
    expect(await scheduleDue(deps(failing))).toBe(1);
    const job = (await claimAs('A'))!;
    expect(await runCollectJob(deps(failing), job)).toEqual({
      status: 'failed',
      reason: 'malformed response: data.videos Required',
    });
    const row = await t()
      .database.db.selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toContain('malformed');
    expect((await topicRow(topic.id)).check_time).toBeNull();
    expect(await scheduleDue(deps())).toBe(0);
    clock = T0 + INTERVAL + 1;
    expect(await scheduleDue(deps())).toBe(1);
  });

  it('treats a checked topic without any stored video (e.g. seeded) as due', async () => {
    const me = await t().signUp();
    const topic = await addTopic(me, 'Seeded');
    await t().database.db.updateTable('topics').set({ check_time: T0 }).where('id', '=', topic.id).execute();
    expect(await scheduleDue(deps())).toBe(1);
    await work('A', deps());
    expect(await scheduleDue(deps())).toBe(0);
  });

  it('writes nothing when another runner took the job over', async () => {
    const me = await t().signUp();
    const topic = await addTopic(me, 'TakenOver');
    await scheduleDue(deps());
    const job = (await claimAs('A'))!;
    await t().database.db.updateTable('jobs').set({ claimed_by: 'B' }).where('id', '=', job.id).execute();
    expect((await runCollectJob(deps(), job)).status).toBe('lost');
    expect((await topicRow(topic.id)).check_time).toBeNull();
  });
});
