/** POST /sync/pull: one page of workspace changes after a cursor (decisions D13). Read-only. */
import { syncEndpoints } from '../../contract/sync.ts';
import type { RegisterRoutes } from '../app.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { pull } from '../services/sync.service.ts';

export const registerSyncRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, syncEndpoints.syncPull, async (req, input) => {
    const auth = authOf(req);
    return ok(req, await pull(ctx.db, { userId: auth.user.id, workspaceId: auth.workspaceId }, input));
  });
};
