/**
 * Image upload. The body is multipart with one file in the
 * field `image`; the route reads it itself, so the request schema only covers plain fields.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const UploadResponse = z.object({ file_url: z.string() });

export const uploadEndpoints = {
  commonUpload: endpoint({
    method: 'POST',
    path: '/common/upload',
    auth: true,
    request: z.object({}).passthrough(),
    response: UploadResponse,
  }),
};
