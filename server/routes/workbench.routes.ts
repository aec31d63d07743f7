/** /creator/*: notes, follow-ups, contact and picture of one creator. Thin: parse, call the service, reply. */
import path from 'node:path';
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
import { createAvatarProxy, guardedFetch } from '../services/avatar-proxy.ts';
import { parseRequest } from '../http/validate.ts';
import { authOf } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import '../domain/messages/workbench.messages.ts';

/** A week in the browser, per signed-in user (the token header varies the answer). */
const AVATAR_CACHE = 'private, max-age=604800';

export const registerWorkbenchRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  const avatars = createAvatarProxy({
    dir: path.join(ctx.config.dataDir, 'avatars'),
    hosts: ctx.config.avatarHosts,
    fetcher: ctx.avatarFetcher ?? guardedFetch(),
  });
  // Image bytes, not an envelope: read by the page as a blob (the token header rules out <img src>).
  api.route({
    method: ep.avatar.method,
    url: ep.avatar.path,
    preHandler: ctx.requireAuth,
    handler: async (req, reply) => {
      const { id } = parseRequest(ep.avatar.request, req);
      const row = await db
        .selectFrom('creators')
        .select('head_img')
        .where('workspace_id', '=', authOf(req).workspaceId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const picture = row?.head_img ? await avatars.get(row.head_img) : null;
      if (!picture) return reply.status(404).send(fail(req, 40004, 'avatar_not_found'));
      return reply
        .header('cache-control', AVATAR_CACHE)
        .header('vary', 'token, authorization')
        .header('content-disposition', 'inline')
        .type(picture.type)
        .send(picture.bytes);
    },
  });
  route(api, ctx, ep.noteAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addNote(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.noteEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editNote(trx, auth.workspaceId, input, auth.user.id), 'updated'),
    ),
  );
  route(api, ctx, ep.noteDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteNote(trx, auth.workspaceId, input, auth.user.id), 'deleted'),
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
