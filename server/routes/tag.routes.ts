import { tagEndpoints as ep } from '../../contract/schemas/tag.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addTag, deleteTag, editTag, listTags } from '../services/tag.service.ts';
import '../domain/messages/catalog.messages.ts';

export const registerTagRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.tagsList, async (req, input) =>
    ok(req, await listTags(ctx.db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.tagsAdd, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) => ok(req, await addTag(trx, auth.workspaceId, input), 'added')),
  );
  route(api, ctx, ep.tagsEdit, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await editTag(trx, auth.workspaceId, input, auth.user.id), 'updated'),
    ),
  );
  route(api, ctx, ep.tagsDel, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await deleteTag(trx, auth.workspaceId, input, auth.user.id), 'deleted'),
    ),
  );
};
