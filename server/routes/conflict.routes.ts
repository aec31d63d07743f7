/** /conflict/*: the history of conflicts on text records. Thin: parse, call the service, reply. */
import { conflictEndpoints as ep } from '../../contract/schemas/conflict.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { keepTheirs } from '../services/text-conflict.ts';

export const registerConflictRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.keepTheirs, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await keepTheirs(trx, { workspaceId: auth.workspaceId, userId: auth.user.id }, input)),
    ),
  );
};
