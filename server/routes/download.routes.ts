import fs from 'node:fs';
import type { RegisterRoutes } from '../http/route-context.ts';
import { downloadEndpoints } from '../../contract/schemas/download.ts';
import { authOf, tokenOf } from '../http/auth.ts';
import { AppError } from '../domain/errors.ts';
import { fail, languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import {
  createExport,
  exportFile,
  exportInfo,
  listExports,
  previewExport,
} from '../services/export.service.ts';
import '../domain/messages/download.messages.ts';

export const registerDownloadRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, downloadEndpoints.bloggerDownload, async (req, input) => {
    const env = await mutation(ctx.db, req, async (trx, auth) =>
      ok(
        req,
        { id: await createExport(trx, auth, { ...input, language: languageOf(req) }) },
        'download_started',
      ),
    );
    ctx.jobs.kick();
    return env;
  });

  route(api, ctx, downloadEndpoints.bloggerDownloadInfo, async (req, input) =>
    ok(req, await exportInfo(ctx.db, authOf(req), input.id)),
  );

  route(api, ctx, downloadEndpoints.bloggerDownloadPreview, async (req, input) =>
    ok(req, await previewExport(ctx.db, authOf(req), input)),
  );

  route(api, ctx, downloadEndpoints.bloggerDownloadLists, async (req) =>
    ok(req, { list: await listExports(ctx.db, authOf(req)) }),
  );

  // Opened in a new window without the token header: the link is signed for the user instead
  // (export-link.ts). Refusals are transport answers: 404 unknown or expired, 403 not yours.
  api.get<{ Params: { link: string } }>('/files/export/:link', async (req, reply) => {
    let found;
    try {
      found = await exportFile(ctx.db, ctx.config, req.params.link, tokenOf(req));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const status = err.code === 40004 ? 404 : err.code === 40003 ? 403 : 401;
      return reply.status(status).send(fail(req, err.code, err.msgKey, err.params));
    }
    reply.header('content-disposition', `attachment; filename="${found.name}"`);
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(fs.createReadStream(found.file));
  });
};
