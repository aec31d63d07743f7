/** /plan/cost.* and /plan/money: a plan's cost lines and net profit. Thin: parse, call the service, reply. */
import { adSpendEndpoints } from '../../contract/schemas/ad-spend.ts';
import { moneyEndpoints as ep } from '../../contract/schemas/money.ts';
import { actorOf } from '../http/actor.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { route } from '../http/route.ts';
import { importAdSpend } from '../services/ad-spend-import.service.ts';
import { addCost, deleteCost, editCost, historyOf, listCostsOf } from '../services/plan-cost.service.ts';
import { planMoney } from '../services/plan-money.service.ts';
import '../domain/messages/money.messages.ts';

export const registerMoneyRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.costAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addCost(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.costEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editCost(trx, auth.workspaceId, actorOf(auth), input), 'updated'),
    ),
  );
  route(api, ctx, ep.costDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteCost(trx, auth.workspaceId, actorOf(auth), input.id), 'deleted'),
    ),
  );
  route(api, ctx, adSpendEndpoints.costImport, async (req, input) =>
    mutation(db, req, async (trx, auth) => {
      const out = await importAdSpend(trx, auth.workspaceId, actorOf(auth), input, languageOf(req));
      const { added, updated, unchanged } = out;
      return ok(req, out, input.dryRun ? 'ok' : 'ad_spend_imported', { added, updated, unchanged });
    }),
  );
  route(api, ctx, ep.costList, async (req, input) =>
    ok(req, await listCostsOf(db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.costHistory, async (req, input) =>
    ok(req, await historyOf(db, authOf(req).workspaceId, input.id)),
  );
  route(api, ctx, ep.planMoney, async (req, input) =>
    ok(req, await planMoney(db, authOf(req).workspaceId, input.plan_id)),
  );
};
