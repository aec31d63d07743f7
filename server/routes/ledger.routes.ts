/** /plan/ledger: a plan's or one creator's ledger. Thin: parse, call the service, reply. */
import { ledgerEndpoints as ep } from '../../contract/schemas/ledger.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { route } from '../http/route.ts';
import { planLedger } from '../services/ledger.service.ts';
import '../domain/messages/ledger.messages.ts';

export const registerLedgerRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.planLedger, async (req, input) =>
    ok(req, await planLedger(ctx.db, authOf(req).workspaceId, input)),
  );
};
