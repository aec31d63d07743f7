/** /creator/*: notes and follow-ups on one creator (issue 22). Thin: parse, call the service, reply. */
import { workbenchEndpoints as ep } from '../../contract/schemas/workbench.ts';
import { actorOf } from '../http/actor.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import {
  addFollowup,
  addNote,
  deleteFollowup,
  deleteNote,
  editContact,
  editFollowup,
  editNote,
} from '../services/workbench.service.ts';
import './workbench.messages.ts';

export const registerWorkbenchRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.noteAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addNote(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.noteEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) => ok(req, await editNote(trx, auth.workspaceId, input), 'updated')),
  );
  route(api, ctx, ep.noteDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteNote(trx, auth.workspaceId, input.id), 'deleted'),
    ),
  );
  route(api, ctx, ep.followupAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addFollowup(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.followupEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editFollowup(trx, auth.workspaceId, input), 'updated'),
    ),
  );
  route(api, ctx, ep.contactEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editContact(trx, auth.workspaceId, actorOf(auth), input), 'updated'),
    ),
  );
  route(api, ctx, ep.followupDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteFollowup(trx, auth.workspaceId, input.id), 'deleted'),
    ),
  );
};
