/** Chat templates, on the spec's /chattmp/* paths. */
import { chatTemplateEndpoints as ep } from '../../contract/schemas/chat-template.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import {
  addTemplate,
  deleteTemplate,
  editTemplate,
  listTemplates,
} from '../services/chat-template.service.ts';
import '../domain/messages/catalog.messages.ts';

export const registerChatTemplateRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.chatTmpList, async (req, input) =>
    ok(req, await listTemplates(ctx.db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.chatTmpAdd, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await addTemplate(trx, auth.workspaceId, input), 'added'),
    ),
  );
  route(api, ctx, ep.chatTmpEdit, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await editTemplate(trx, auth.workspaceId, input, auth.user.id), 'updated'),
    ),
  );
  route(api, ctx, ep.chatTmpDel, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await deleteTemplate(trx, auth.workspaceId, input, auth.user.id), 'deleted'),
    ),
  );
};
