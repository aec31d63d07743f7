/**
 * Export jobs: create, report, write, serve (decisions D10). The file URL carries an unguessable
 * token and stops working 24 h after the file is written; files live outside the public
 * /files/ folder so only the token route can hand them out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import {
  API_PREFIX,
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
import type { AuthContext } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { enqueue, finish, heartbeat, type Job } from '../jobs/job-queue.ts';
import { writeExport, type ExportParams } from '../jobs/export-writer.ts';
import { countExportRows } from '../jobs/export-rows.ts';
import { TYPE_FILE_NAME } from '../jobs/export-columns.ts';

export const EXPORT_KIND = 'export';
export const EXPORT_TTL_SECONDS = 24 * 3600;

export const exportDir = (config: Config): string => path.join(config.dataDir, 'exports');
const fileOf = (config: Config, token: string): string => path.join(exportDir(config), `${token}.xlsx`);

export async function createExport(
  db: Kysely<DB>,
  auth: AuthContext,
  input: { type: DownloadType; country: string; language: Language },
): Promise<number> {
  const params: ExportParams = { ...input, cap: capOf(auth) };
  return enqueue(db, {
    kind: EXPORT_KIND,
    workspaceId: auth.workspaceId,
    userId: auth.user.id,
    payload: params,
  });
}

/** Rows an export may hold for this caller: the free tier's cap (D6), or null for VIP. */
const capOf = (auth: AuthContext): number | null =>
  (auth.user.vip_until ?? 0) > now() ? null : FREE_EXPORT_ROW_CAP;

/** The row count and the caller's cap, before the export starts (issue 20). */
export async function previewExport(
  db: Kysely<DB>,
  auth: AuthContext,
  input: { type: DownloadType; country: string },
): Promise<DownloadPreview> {
  const rows = await countExportRows(db, auth.workspaceId, input.type, input.country);
  return { type: input.type, country: input.country, rows, cap: capOf(auth) };
}

/** A job row as the PWA sees it. */
function jobView(job: Selectable<JobsTable>): DownloadJob {
  const params = JSON.parse(job.payload) as ExportParams;
  const ready = job.status === 'done' && job.file_token && (job.expires_at ?? 0) > now();
  return {
    id: Number(job.id),
    type: params.type,
    country: params.country,
    file_path: ready ? `${API_PREFIX}/files/export/${job.file_token}` : null,
    status: job.status as DownloadInfo['status'],
    progress: Number(job.progress),
    total: Number(job.total),
    capped: params.cap !== null && Number(job.progress) >= params.cap,
    add_time: Number(job.created_at),
    expires_at: job.expires_at === null ? null : Number(job.expires_at),
  };
}

export async function exportInfo(db: Kysely<DB>, auth: AuthContext, id: number): Promise<DownloadInfo> {
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', EXPORT_KIND)
    .where('workspace_id', '=', auth.workspaceId)
    .executeTakeFirst();
  if (!job) throw notFound('download');
  const { id: jobId, file_path, status, progress, total, capped } = jobView(job);
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
  return jobs.map(jobView);
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

/** The file behind a token, or undefined when the token is unknown or expired. */
export async function exportFile(
  db: Kysely<DB>,
  config: Config,
  token: string,
): Promise<{ file: string; name: string } | undefined> {
  if (!/^[\w-]{20,64}$/.test(token)) return undefined;
  const job = await db
    .selectFrom('jobs')
    .select(['result', 'expires_at'])
    .where('file_token', '=', token)
    .where('status', '=', 'done')
    .executeTakeFirst();
  if (!job || (job.expires_at ?? 0) <= now()) return undefined;
  const file = fileOf(config, token);
  if (!fs.existsSync(file)) return undefined;
  const name = (JSON.parse(job.result ?? '{}') as { name?: string }).name ?? 'export.xlsx';
  return { file, name };
}
