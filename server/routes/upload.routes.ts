/**
 * POST /common/upload: one multipart file in the field `image`. Every fault the client can cause
 * (not multipart, no file, another field, empty, too big, not a complete JPEG/PNG) answers 40001
 * with one of the spec's three messages, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { uploadEndpoints as ep } from '../../contract/schemas/upload.ts';
import { UPLOAD_FIELD } from '../../contract/limits.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../domain/errors.ts';
import { route } from '../http/route.ts';
import { checkImage, storeImage } from '../services/upload.service.ts';
import '../domain/messages/catalog.messages.ts';

const fault = (msgKey: 'upload_format_error' | 'upload_too_large' | 'upload_error'): AppError =>
  new AppError(40001, msgKey, { field: UPLOAD_FIELD });

/** Reads the `image` file and the plain fields; plain fields become req.body so msgs localise. */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw fault('upload_error');
  const fields: Record<string, string> = {};
  (req as { body: unknown }).body = fields;
  let image: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === UPLOAD_FIELD && !image) {
        image = await part.toBuffer();
      } else {
        part.file.resume(); // drain files under other names
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fault('upload_too_large');
    throw fault('upload_error');
  }
  if (!image) throw fault('upload_error');
  return image;
}

export const registerUploadRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.commonUpload, async (req) => {
    const image = await readImage(req);
    const check = checkImage(image);
    if (!check.ok) {
      throw fault(
        check.reason === 'too_large'
          ? 'upload_too_large'
          : check.reason === 'format'
            ? 'upload_format_error'
            : 'upload_error',
      );
    }
    return ok(req, { file_url: await storeImage(ctx.config.filesDir, image, check.kind) }, 'ok');
  });
};
