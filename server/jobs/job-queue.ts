/**
 * A job queue in the database, shared by every server process.
 *
 * claim() takes the oldest queued job, or a running one whose runner stopped sending heartbeats
 * (a crashed process), in one statement: on PostgreSQL with FOR UPDATE SKIP LOCKED so two
 * processes never take the same job; SQLite has one writer, so the statement is atomic there.
 * A job that failed MAX_ATTEMPTS times stays failed.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, JobsTable } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import type { Engine } from '../db/dialect.ts';

export type Job = Selectable<JobsTable>;
export const LEASE_SECONDS = 60;
export const MAX_ATTEMPTS = 3;
export const RUNNER_ID = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

export async function enqueue(
  db: Kysely<DB>,
  job: { kind: string; workspaceId: number; userId: number | null; payload: unknown },
): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      workspace_id: job.workspaceId,
      user_id: job.userId,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      attempts: 0,
      progress: 0,
      total: 0,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function claim(
  db: Kysely<DB>,
  engine: Engine,
  kinds: string[],
  runner = RUNNER_ID,
): Promise<Job | undefined> {
  const t = now();
  const stale = t - LEASE_SECONDS;
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const result = await sql<Job>`
    update jobs set status = 'running', claimed_by = ${runner}, heartbeat_at = ${t}, attempts = attempts + 1, updated_at = ${t}
    where id = (
      select id from jobs
      where kind in (${kindList}) and attempts < ${MAX_ATTEMPTS}
        and (status = 'queued' or (status = 'running' and heartbeat_at < ${stale}))
      order by id limit 1 ${lock}
    )
    returning *`.execute(db);
  return result.rows[0];
}

/** Records progress and renews the lease; returns false when another runner has taken the job over. */
export async function heartbeat(
  db: Kysely<DB>,
  job: Job,
  progress: number,
  total: number,
  runner = RUNNER_ID,
): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ heartbeat_at: now(), progress, total, updated_at: now() })
    .where('id', '=', job.id)
    .where('claimed_by', '=', runner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function finish(
  db: Kysely<DB>,
  job: Job,
  outcome: { result?: unknown; fileToken?: string; expiresAt?: number; progress?: number },
  runner = RUNNER_ID,
): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({
      status: 'done',
      result: JSON.stringify(outcome.result ?? null),
      file_token: outcome.fileToken ?? null,
      expires_at: outcome.expiresAt ?? null,
      ...(outcome.progress !== undefined ? { progress: outcome.progress, total: outcome.progress } : {}),
      updated_at: now(),
    })
    .where('id', '=', job.id)
    .where('claimed_by', '=', runner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A failed attempt goes back to the queue until MAX_ATTEMPTS, then stays failed. */
export async function fail(db: Kysely<DB>, job: Job, error: string, runner = RUNNER_ID): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: job.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
      error: error.slice(0, 2000),
      updated_at: now(),
    })
    .where('id', '=', job.id)
    .where('claimed_by', '=', runner)
    .execute();
}
