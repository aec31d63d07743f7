/**
 * Export jobs: create, report, write, serve. Files are kept 24 h and live outside
 * the public /files/ folder; they are handed out only through a link signed for one user and
 * workspace (valid 15 minutes, export-link.ts) or with the session's token, and only while that
 * user still works in the export's workspace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  EXPORTS_PER_HOUR,
  EXPORTS_RUNNING_MAX,
  FREE_EXPORT_ROW_CAP,
  type DownloadType,
  type Language,
} from '../../contract/constants.ts';
import {
  DOWNLOAD_LIST_MAX,
  type DownloadInfo,
  type DownloadJob,
  type DownloadPreview,
} from '../../contract/schemas/download.ts';
import type { Config } from '../config.ts';
import type { DB, JobsTable } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { authenticate, type AuthContext } from './session.service.ts';
import { AppError, notFound } from '../domain/errors.ts';
import { parseExportLink, signedExportPath, validSignature } from './export-link.ts';
import { enqueue, finish, heartbeat, LEASE_SECONDS, MAX_ATTEMPTS, type Job } from '../jobs/job-queue.ts';
import { lockKey } from './rate-reservation.ts';
import { writeExport, type ExportParams } from '../jobs/export-writer.ts';
import { countExportRows } from '../jobs/export-rows.ts';
import { TYPE_FILE_NAME } from '../jobs/export-columns.ts';

export const EXPORT_KIND = 'export';
export const EXPORT_TTL_SECONDS = 24 * 3600;

export const exportDir = (config: Config): string => path.join(config.dataDir, 'exports');
const fileOf = (config: Config, token: string): string => path.join(exportDir(config), `${token}.xlsx`);

/**
 * Queues an export within the caller's limits (EXPORTS_RUNNING_MAX at once, EXPORTS_PER_HOUR an
 * hour). The job is written first and the limits are counted with it included, so the check holds
 * under parallel requests: on PostgreSQL the member's advisory lock makes other processes' starts
 * wait until this one commits or rolls back; on SQLite the insert takes the one write lock before
 * the count. Over a limit the AppError rolls the insert back.
 */
export async function createExport(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { type: DownloadType; country: string; language: Language },
): Promise<number> {
  await lockKey(trx, `export_start:user:${auth.user.id}`);
  const params: ExportParams = { ...input, cap: capOf(auth) };
  const id = await enqueue(trx, {
    kind: EXPORT_KIND,
    workspaceId: auth.workspaceId,
    userId: auth.user.id,
    payload: params,
  });
  await checkExportLimits(trx, auth);
  return id;
}

const HOUR = 3600;

async function checkExportLimits(trx: Transaction<DB>, auth: AuthContext): Promise<void> {
  const t = now();
  const since = t - HOUR;
  const stale = t - LEASE_SECONDS;
  // Running: queued, or held by a live runner, or stalled but due to be taken over (job-queue.ts);
  // a job stalled on its last attempt is never run again, so it holds no place.
  const counts = await sql<{ running: number | string | null; hour: number | string | null }>`
    select
      sum(case when status = 'queued'
        or (status = 'running' and (heartbeat_at >= ${stale} or attempts < ${MAX_ATTEMPTS}))
        then 1 else 0 end) as running,
      sum(case when created_at > ${since} then 1 else 0 end) as hour
    from jobs
    where workspace_id = ${auth.workspaceId} and user_id = ${auth.user.id} and kind = ${EXPORT_KIND}
      and (status in ('queued', 'running') or created_at > ${since})`.execute(trx);
  const running = Number(counts.rows[0]?.running ?? 0);
  const hour = Number(counts.rows[0]?.hour ?? 0);
  if (running > EXPORTS_RUNNING_MAX)
    throw new AppError(40029, 'download_running_limit', { max: EXPORTS_RUNNING_MAX });
  if (hour > EXPORTS_PER_HOUR) {
    // The next start fits once the oldest of the hour's other starts leaves the window.
    const oldest = await trx
      .selectFrom('jobs')
      .select('created_at')
      .where('workspace_id', '=', auth.workspaceId)
      .where('user_id', '=', auth.user.id)
      .where('kind', '=', EXPORT_KIND)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(EXPORTS_PER_HOUR)
      .limit(1)
      .executeTakeFirst();
    const seconds = Math.max(1, Number(oldest?.created_at ?? t) + HOUR - t);
    throw new AppError(40029, 'download_hourly_limit', {
      max: EXPORTS_PER_HOUR,
      seconds,
      minutes: Math.ceil(seconds / 60),
    });
  }
}

/** Rows an export may hold for this caller: the free tier's cap, or null for VIP. */
const capOf = (auth: AuthContext): number | null =>
  (auth.user.vip_until ?? 0) > now() ? null : FREE_EXPORT_ROW_CAP;

/** The row count and the caller's cap, before the export starts. */
export async function previewExport(
  db: Kysely<DB>,
  auth: AuthContext,
  input: { type: DownloadType; country: string },
): Promise<DownloadPreview> {
  const rows = await countExportRows(db, auth.workspaceId, input.type, input.country);
  return { type: input.type, country: input.country, rows, cap: capOf(auth) };
}

/** A job row as the PWA sees it. */
/** A job as its owner sees it; a finished file's link is signed for `userId` (export-link.ts). */
function jobView(job: Selectable<JobsTable>, userId: number): DownloadJob {
  const params = JSON.parse(job.payload) as ExportParams;
  const ready = job.status === 'done' && job.file_token && (job.expires_at ?? 0) > now();
  return {
    id: Number(job.id),
    type: params.type,
    country: params.country,
    file_path: ready
      ? signedExportPath(
          { id: Number(job.id), workspace_id: Number(job.workspace_id), file_token: job.file_token! },
          userId,
        )
      : null,
    status: job.status as DownloadInfo['status'],
    progress: Number(job.progress),
    total: Number(job.total),
    capped: params.cap !== null && Number(job.progress) >= params.cap,
    add_time: Number(job.created_at),
    expires_at: job.expires_at === null ? null : Number(job.expires_at),
  };
}

/**
 * One of the caller's own jobs. A teammate's job answers like a missing one: its file was written
 * under its owner's plan (a VIP's has no row cap) and is theirs to hand on.
 */
export async function exportInfo(db: Kysely<DB>, auth: AuthContext, id: number): Promise<DownloadInfo> {
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', EXPORT_KIND)
    .where('workspace_id', '=', auth.workspaceId)
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!job) throw notFound('download');
  const { id: jobId, file_path, status, progress, total, capped } = jobView(job, auth.user.id);
  return { id: jobId, file_path, status, progress, total, capped };
}

/** The caller's own newest export jobs in the current workspace (another member's stay theirs). */
export async function listExports(db: Kysely<DB>, auth: AuthContext): Promise<DownloadJob[]> {
  const jobs = await db
    .selectFrom('jobs')
    .selectAll()
    .where('workspace_id', '=', auth.workspaceId)
    .where('user_id', '=', auth.user.id)
    .where('kind', '=', EXPORT_KIND)
    .orderBy('id', 'desc')
    .limit(DOWNLOAD_LIST_MAX)
    .execute();
  return jobs.map((job) => jobView(job, auth.user.id));
}

/** The job handler: writes the file under a fresh token. */
export function exportHandler(db: Kysely<DB>, config: Config) {
  return async (job: Job): Promise<void> => {
    const params = JSON.parse(job.payload) as ExportParams;
    const token = crypto.randomBytes(24).toString('base64url');
    const file = fileOf(config, token);
    try {
      const rows = await writeExport(db, job.workspace_id, params, file, (n) => heartbeat(db, job, n, n));
      const done = await finish(db, job, {
        result: { rows, name: exportName(params) },
        fileToken: token,
        expiresAt: now() + EXPORT_TTL_SECONDS,
        progress: rows,
      });
      if (!done) fs.rmSync(file, { force: true });
    } catch (err) {
      fs.rmSync(file, { force: true });
      throw err;
    }
  };
}

const exportName = (p: ExportParams): string =>
  `${TYPE_FILE_NAME[p.type]}-${p.country}-${new Date().toISOString().slice(0, 10)}.xlsx`;

const expired = (): AppError => new AppError(40004, 'download_expired');

/**
 * The file behind a download link: a signed link (export-link.ts) or a bare job id with the
 * session `token`, for the job's owner only. Unknown, expired or forged links and another user's
 * job are 40004; an owner who no longer works in the export's workspace is 40003.
 */
export async function exportFile(
  db: Kysely<DB>,
  config: Config,
  segment: string,
  sessionToken: string | undefined,
): Promise<{ file: string; name: string }> {
  const link = parseExportLink(segment);
  if (!link || (!link.signed && !sessionToken)) throw expired();
  const job = await db
    .selectFrom('jobs')
    .select(['id', 'workspace_id', 'user_id', 'file_token', 'result', 'expires_at'])
    .where('id', '=', link.jobId)
    .where('kind', '=', EXPORT_KIND)
    .where('status', '=', 'done')
    .executeTakeFirst();
  if (!job?.file_token || (job.expires_at ?? 0) <= now()) throw expired();
  const signed = { id: Number(job.id), workspace_id: Number(job.workspace_id), file_token: job.file_token };
  let workspaceId: number;
  if (link.signed) {
    if (!validSignature(signed, link.signed) || link.signed.userId !== Number(job.user_id)) throw expired();
    const user = await db
      .selectFrom('users')
      .select(['workspace_id', 'disabled'])
      .where('id', '=', link.signed.userId)
      .executeTakeFirst();
    if (!user || user.disabled) throw expired();
    workspaceId = Number(user.workspace_id);
  } else {
    const auth = await authenticate(db, sessionToken);
    if (auth.user.id !== Number(job.user_id)) throw expired();
    workspaceId = auth.workspaceId;
  }
  if (workspaceId !== signed.workspace_id) throw new AppError(40003, 'download_not_allowed');
  const file = fileOf(config, job.file_token);
  if (!fs.existsSync(file)) throw expired();
  const name = (JSON.parse(job.result ?? '{}') as { name?: string }).name ?? 'export.xlsx';
  return { file, name };
}
