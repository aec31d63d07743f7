/**
 * The server export calls every download button shares: the preview that states
 * the row count and the plan's cap before anything starts, the job itself, its polling,
 * and the caller's job list. Errors are shown by the client; callers only stop loading.
 */
import type { Country, DownloadType } from '../../../contract/constants.ts';
import { API as DL } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

export const previewExport = (type: DownloadType, country: Country, signal?: AbortSignal) =>
  request(DL.bloggerDownloadPreview, { type, country }, { signal });

/**
 * The envelope, whatever its code: the dialog explains the export limits' refusal (40029) itself,
 * beside the caller's running jobs, instead of a passing toast.
 */
export const startExport = (type: DownloadType, country: Country) =>
  request(DL.bloggerDownload, { type, country }, { long: true, raw: true });

/** The check the DownloadManager polls: the file path once the job has written it. */
export const checkExport = (id: number) => async () =>
  (await request(DL.bloggerDownloadInfo, { id })).file_path;

/** Silent: the list is a convenience; the export itself reports its own errors. */
export const listExports = () => request(DL.bloggerDownloadLists, {}, { silent: true });
