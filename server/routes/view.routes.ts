/** /view/*: saved views of the Home list. Thin: parse, call the service, reply. */
import { viewEndpoints as ep } from '../../contract/schemas/view.ts';
import { actorOf } from '../http/actor.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addView, deleteView, editView } from '../services/view.service.ts';
import '../domain/messages/view.messages.ts';

export const registerViewRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.viewAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addView(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.viewEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editView(trx, auth.workspaceId, actorOf(auth), input), 'updated'),
    ),
  );
  route(api, ctx, ep.viewDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteView(trx, auth.workspaceId, actorOf(auth), input.id), 'deleted'),
    ),
  );
};
