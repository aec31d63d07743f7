/**
 * POST /sync/pull: one page of workspace changes after a cursor. Read-only.
 * Registered by hand rather than through route(): the page's rows arrive from the database as
 * JSON text and are spliced into the envelope without being parsed (renderJson).
 */
import { syncEndpoints } from '../../contract/schemas/sync.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseRequest } from '../http/validate.ts';
import { pull, renderJson } from '../services/sync.service.ts';

export const registerSyncRoutes: RegisterRoutes = (api, ctx) => {
  const ep = syncEndpoints.syncPull;
  api.route({
    method: ep.method,
    url: ep.path,
    preHandler: ctx.requireAuth,
    handler: async (req, reply) => {
      const body = parseRequest(ep.request, req);
      const auth = authOf(req);
      const page = await pull(ctx.db, { userId: auth.user.id, workspaceId: auth.workspaceId }, body);
      return reply.type('application/json; charset=utf-8').send(renderJson(ok(req, page)));
    },
  });
};
