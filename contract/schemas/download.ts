/** Exports (spec section 4 "Download", decisions D10). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { DOWNLOAD_TYPES } from '../constants.ts';
import { country, formInt } from './common.ts';

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

export const downloadEndpoints = {
  bloggerDownload: endpoint({
    method: 'POST',
    path: '/blogger/download',
    auth: true,
    request: z.object({
      type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DOWNLOAD_TYPES, 'download_type_required')),
      country: country(),
    }),
    response: z.object({ id: z.number().int() }),
  }),
  bloggerDownloadInfo: endpoint({
    method: 'POST',
    path: '/blogger/download.info',
    auth: true,
    request: z.object({ id: formInt() }),
    response: DownloadInfo,
  }),
};
