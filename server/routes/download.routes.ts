import fs from 'node:fs';
import type { RegisterRoutes } from '../http/route-context.ts';
import { downloadEndpoints } from '../../contract/schemas/download.ts';
import { authOf } from '../http/auth.ts';
import { fail, languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import {
  createExport,
  EXPORT_KIND,
  exportFile,
  exportHandler,
  exportInfo,
  listExports,
  previewExport,
} from '../services/export.service.ts';
import './download.messages.ts';

export const registerDownloadRoutes: RegisterRoutes = (api, ctx) => {
  ctx.jobs.register(EXPORT_KIND, exportHandler(ctx.db, ctx.config));

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

  // Opened in a new window without the token header: the URL's own token is the credential.
  api.get<{ Params: { token: string } }>('/files/export/:token', async (req, reply) => {
    const found = await exportFile(ctx.db, ctx.config, req.params.token);
    if (!found) return reply.status(404).send(fail(req, 40004, 'download_expired'));
    reply.header('content-disposition', `attachment; filename="${found.name}"`);
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(fs.createReadStream(found.file));
  });
};
