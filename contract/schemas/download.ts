/** Exports: a job is created, then polled until its file is ready. */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { DOWNLOAD_TYPES } from '../constants.ts';
import { country, empty, formInt } from './common.ts';

export const DownloadInfo = z.object({
  id: z.number().int(),
  /** Set when the file is ready: a path under the API origin that opens without the token header. */
  file_path: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  total: z.number().int(),
  /** True when the free tier's row cap cut the file short. */
  capped: z.boolean(),
});
export type DownloadInfo = z.infer<typeof DownloadInfo>;

const downloadType = () =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(DOWNLOAD_TYPES, 'download_type_required'));

/** What an export will hold, asked before it starts (limits are stated before they bite). */
export const DownloadPreview = z.object({
  type: z.enum(DOWNLOAD_TYPES),
  country: z.string(),
  /** Rows the export holds before the plan's cap. */
  rows: z.number().int(),
  /** The caller's plan cap (free: 500 rows, FREE_EXPORT_ROW_CAP); null when the plan exports all. */
  cap: z.number().int().nullable(),
});
export type DownloadPreview = z.infer<typeof DownloadPreview>;

/** One of the caller's export jobs (Home's job list survives a reload because the server keeps it). */
export const DownloadJob = DownloadInfo.extend({
  type: z.enum(DOWNLOAD_TYPES),
  country: z.string(),
  /** Unix seconds. */
  add_time: z.number().int(),
  /** When the file link stops working (unix seconds); null until the file is written. */
  expires_at: z.number().int().nullable(),
});
export type DownloadJob = z.infer<typeof DownloadJob>;

/** The job list shows the caller's newest jobs, this many. */
export const DOWNLOAD_LIST_MAX = 20;

export const downloadEndpoints = {
  bloggerDownload: endpoint({
    method: 'POST',
    path: '/blogger/download',
    auth: true,
    request: z.object({ type: downloadType(), country: country() }),
    response: z.object({ id: z.number().int() }),
  }),
  /** An addition: the row count and the caller's cap before an export starts. */
  bloggerDownloadPreview: endpoint({
    method: 'POST',
    path: '/blogger/download.preview',
    auth: true,
    request: z.object({ type: downloadType(), country: country() }),
    response: DownloadPreview,
  }),
  /** An addition: the caller's own export jobs in this workspace, newest first. */
  bloggerDownloadLists: endpoint({
    method: 'POST',
    path: '/blogger/download.lists',
    auth: true,
    request: empty,
    response: z.object({ list: z.array(DownloadJob) }),
  }),
  bloggerDownloadInfo: endpoint({
    method: 'POST',
    path: '/blogger/download.info',
    auth: true,
    request: z.object({ id: formInt() }),
    response: DownloadInfo,
  }),
};
