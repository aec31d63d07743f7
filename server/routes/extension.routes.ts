/** /ext/* and /blogger/status: pairing the browser extension, its sessions, and its badges. */
import { extensionEndpoints as ep } from '../../contract/schemas/extension.ts';
import { authOf } from '../http/auth.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';
import { answeredBefore, mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import {
  codeLimited,
  createPairCode,
  creatorStatus,
  listExtensionSessions,
  pairExtension,
  pairLimited,
  revokeExtensionSession,
} from '../services/extension.service.ts';
import '../domain/messages/extension.messages.ts';

export const registerExtensionRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.extPairCode, async (req) => {
    const make = () => mutation(db, req, async (trx, auth) => ok(req, await createPairCode(trx, auth)));
    // A replay makes nothing: its stored answer comes back without counting against the limit.
    return (await answeredBefore(db, req)) ? make() : codeLimited(db, authOf(req).user.id, make);
  });
  // No token yet (the code is the secret), so no Idempotency-Key: a retry with a used code is refused.
  route(api, ctx, ep.extPair, async (req, input) =>
    ok(
      req,
      await pairLimited(db, req.ip, () =>
        db.transaction().execute((trx) => pairExtension(trx, input.code, input.name)),
      ),
      'ext_paired',
    ),
  );
  route(api, ctx, ep.extSessions, async (req) => ok(req, await listExtensionSessions(db, authOf(req))));
  route(api, ctx, ep.extSessionDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await revokeExtensionSession(trx, auth, input.id), 'ext_disconnected'),
    ),
  );
  route(api, ctx, ep.bloggerStatus, async (req, input) => {
    const auth = authOf(req);
    return ok(req, await creatorStatus(db, auth.workspaceId, input.country, input.bloggers));
  });
};
