/**
 * The topic collector: a scheduler that enqueues one 'topic_collect' job per due
 * topic, and the job handler that refreshes one topic through the configured provider.
 *
 * - Due: live, not ended (end_time null or ahead), and never checked, checked at least one
 *   interval ago, or without any stored video yet; and no job for it queued/running or created within the interval (so a failed
 *   refresh waits for the next interval instead of hammering the provider).
 * - Never twice: jobs are claimed through job-queue.ts (SKIP LOCKED on PostgreSQL); a unique
 *   partial index on jobs (0007) stops a second queued job for one topic even when two processes
 *   schedule at once; and the write re-checks, inside its transaction, that this runner still
 *   holds the job, so a runner whose lease was taken over writes nothing.
 * - Time comes from an injected clock, so tests can move it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { finish, heartbeat, type Job } from '../jobs/job-queue.ts';
import { ProviderError, type TopicProvider } from './provider.ts';
import { storeRefresh } from './store.ts';

export const COLLECT_KIND = 'topic_collect';
/** Finished collect jobs older than this are deleted by the scheduler. */
const KEEP_JOBS_SECONDS = 7 * 86_400;

export type Clock = () => number;
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);

export interface CollectorDeps {
  db: Kysely<DB>;
  provider: TopicProvider;
  intervalSeconds: number;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

export const payloadOf = (topicId: number): string => JSON.stringify({ topicId });

/** Enqueues a job for every due topic; returns how many were enqueued. */
export async function scheduleDue(deps: CollectorDeps): Promise<number> {
  const { db } = deps;
  const at = deps.clock();
  const since = at - deps.intervalSeconds;
  const due = await db
    .selectFrom('topics')
    .select(['id', 'workspace_id'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', at)]))
    // Never collected here (a seeded topic may carry a check_time but no videos yet) counts as due.
    .where((eb) =>
      eb.or([
        eb('check_time', 'is', null),
        eb('check_time', '<=', since),
        eb.not(
          eb.exists(
            eb.selectFrom('topic_videos as v').select('v.id').whereRef('v.topic_id', '=', 'topics.id'),
          ),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  if (!due.length) return 0;
  const busy = new Set(
    (
      await db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', COLLECT_KIND)
        .where((eb) => eb.or([eb('status', 'in', ['queued', 'running']), eb('created_at', '>', since)]))
        .execute()
    ).map((j) => j.payload),
  );
  let added = 0;
  for (const t of due) {
    const payload = payloadOf(Number(t.id));
    if (busy.has(payload)) continue;
    const res = await db
      .insertInto('jobs')
      .values({
        kind: COLLECT_KIND,
        workspace_id: Number(t.workspace_id),
        user_id: null,
        payload,
        status: 'queued',
        attempts: 0,
        progress: 0,
        total: 0,
        created_at: at,
        updated_at: at,
      })
      // jobs_topic_collect_once: another process enqueued this topic a moment ago.
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  await db
    .deleteFrom('jobs')
    .where('kind', '=', COLLECT_KIND)
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', at - KEEP_JOBS_SECONDS)
    .execute();
  return added;
}

async function markFailed(db: Kysely<DB>, job: Job, reason: string, at: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'failed', error: reason.slice(0, 2000), updated_at: at })
    .where('id', '=', job.id)
    .where('claimed_by', '=', job.claimed_by)
    .execute();
}

export type CollectOutcome =
  | { status: 'refreshed'; videos: number; authors: number; video_count: number; view_count: number }
  | { status: 'skipped' | 'failed' | 'lost'; reason: string };

/** Refreshes the job's topic. Provider failures end the job as failed (logged), never throw. */
export async function runCollectJob(deps: CollectorDeps, job: Job): Promise<CollectOutcome> {
  const { db } = deps;
  const runner = job.claimed_by ?? undefined;
  const at = deps.clock();
  const { topicId } = JSON.parse(job.payload) as { topicId: number };
  const topic = await db
    .selectFrom('topics')
    .select(['id', 'workspace_id', 'country', 'challenge_title', 'cover_larger', 'end_time', 'deleted_at'])
    .where('id', '=', topicId)
    .where('workspace_id', '=', job.workspace_id)
    .executeTakeFirst();
  if (!topic || topic.deleted_at !== null || (topic.end_time !== null && topic.end_time <= at)) {
    await finish(db, job, { result: { skipped: 'inactive' } }, runner);
    return { status: 'skipped', reason: 'inactive' };
  }
  const ref = {
    id: Number(topic.id),
    workspace_id: Number(topic.workspace_id),
    country: topic.country,
    cover_larger: topic.cover_larger,
  };
  let got;
  try {
    got = await deps.provider.collect(
      { hashtag: topic.challenge_title, country: topic.country, at },
      async (n) => {
        if (!(await heartbeat(db, job, n, n, runner))) throw new ProviderError('job lease lost');
      },
    );
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.log?.warn({ topicId, provider: deps.provider.name, reason: err.reason }, 'topic refresh failed');
    await markFailed(db, job, err.reason, at);
    return { status: 'failed', reason: err.reason };
  }
  const stats = await db.transaction().execute(async (trx) => {
    // Still ours? On PostgreSQL this also locks the job row until commit, so no takeover can interleave.
    const held = await trx
      .updateTable('jobs')
      .set({ heartbeat_at: now() })
      .where('id', '=', job.id)
      .where('claimed_by', '=', job.claimed_by)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return undefined;
    const written = await storeRefresh(trx, ref, got, at);
    await finish(trx, job, { result: written, progress: written.videos }, runner);
    return written;
  });
  if (!stats) return { status: 'lost', reason: 'job taken over by another runner' };
  return { status: 'refreshed', ...stats };
}
