/** /plan/*: collaboration plans and the creators in them. Thin: parse, call the service, reply. */
import { planEndpoints as ep } from '../../contract/schemas/plan.ts';
import { actorOf } from '../http/actor.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addPlan, deletePlan, editPlan } from '../services/plan.service.ts';
import { addPlanCreators, movePlanCreators, removePlanCreators } from '../services/plan-member.service.ts';
import { invitePlanCreators, recordMessage, setWeeklyQuota } from '../services/plan-outreach.service.ts';
import { addSale, deleteLine, importOrders, listLines, undoImport } from '../services/orders.service.ts';
import { decideLocal, localPending } from '../services/local-samples.service.ts';
import { now } from '../db/versioning.ts';
import { localSampleEndpoints as local } from '../../contract/schemas/local-samples.ts';
import '../domain/messages/plan.messages.ts';

export const registerPlanRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.planAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addPlan(trx, auth.workspaceId, actorOf(auth), input), 'added'),
    ),
  );
  route(api, ctx, ep.planEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) => ok(req, await editPlan(trx, auth.workspaceId, input), 'updated')),
  );
  route(api, ctx, ep.planDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deletePlan(trx, auth.workspaceId, input.id), 'deleted'),
    ),
  );
  route(api, ctx, ep.planCreatorAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(
        req,
        await addPlanCreators(trx, auth.workspaceId, actorOf(auth), input.plan_id, input.creator_ids),
        'added',
      ),
    ),
  );
  route(api, ctx, ep.planCreatorStage, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(
        req,
        await movePlanCreators(
          trx,
          auth.workspaceId,
          actorOf(auth),
          input.plan_id,
          input.creator_ids,
          input.stage,
          input.reason ?? '',
          languageOf(req),
        ),
        'updated',
      ),
    ),
  );
  route(api, ctx, ep.planQuota, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await setWeeklyQuota(trx, auth.workspaceId, actorOf(auth), input.weekly_quota), 'updated'),
    ),
  );
  route(api, ctx, ep.planInvite, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(
        req,
        await invitePlanCreators(trx, auth.workspaceId, actorOf(auth), input.plan_id, input.creator_ids),
        'added',
      ),
    ),
  );
  route(api, ctx, ep.planMessage, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await recordMessage(trx, auth.workspaceId, actorOf(auth), input.creator_id), 'added'),
    ),
  );
  route(api, ctx, ep.planOrdersImport, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await importOrders(trx, auth.workspaceId, input, actorOf(auth)), 'orders_imported'),
    ),
  );
  route(api, ctx, ep.planOrdersUndo, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await undoImport(trx, auth.workspaceId, actorOf(auth), input.id), 'orders_undone'),
    ),
  );
  route(api, ctx, ep.planOrderDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteLine(trx, auth.workspaceId, actorOf(auth), input.id), 'order_line_deleted'),
    ),
  );
  route(api, ctx, ep.planOrderLines, async (req, input) =>
    ok(req, await listLines(db, authOf(req).workspaceId, input.creator_id)),
  );
  route(api, ctx, ep.planSaleAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addSale(trx, auth.workspaceId, input, actorOf(auth)), 'sale_added'),
    ),
  );
  route(api, ctx, ep.planCreatorDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await removePlanCreators(trx, auth.workspaceId, input.plan_id, input.creator_ids), 'deleted'),
    ),
  );
  // Sample requests recorded in plans (server/services/local-samples.service.ts): judged by the
  // workspace's sample approval rules, decided for a selection in one transaction.
  route(api, ctx, local.planSamplesPending, async (req) =>
    ok(req, await localPending(db, authOf(req).workspaceId, now())),
  );
  route(api, ctx, local.planSamplesDecide, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, {
        results: await decideLocal(trx, auth.workspaceId, actorOf(auth), input, now(), languageOf(req)),
      }),
    ),
  );
};
