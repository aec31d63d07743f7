/**
 * /shop/samples.*: the shop's pending sample applications and a member's review of a selection
 * (server/services/shop-review.service.ts); /shop/sample-rules.*: the rules they are judged by
 * (server/services/sample-rules.service.ts). Not through `mutation`: the review talks to TikTok
 * between its own short transactions, and the claim on each application (not an idempotency key)
 * is what keeps a repeated call from reaching TikTok twice.
 */
import { shopSampleEndpoints as ep } from '../../contract/schemas/shop-samples.ts';
import { actorOf } from '../http/actor.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { route } from '../http/route.ts';
import { sampleRuleEndpoints as rules } from '../../contract/schemas/sample-rules.ts';
import { pendingSamples, reviewSamples } from '../services/shop-review.service.ts';
import { getSampleRules, setSampleRules } from '../services/sample-rules.service.ts';
import '../domain/messages/shop-review.messages.ts';
import '../domain/messages/sample-rules.messages.ts';

export const registerShopSampleRoutes: RegisterRoutes = async (api, ctx) => {
  const { db } = ctx;
  const { deps } = ctx.shop;
  route(api, ctx, ep.shopSamplesPending, async (req) =>
    ok(req, await pendingSamples(deps, db, authOf(req).workspaceId)),
  );
  route(api, ctx, ep.shopSamplesReview, async (req, input) => {
    const auth = authOf(req);
    const results = await reviewSamples(deps, auth.workspaceId, actorOf(auth), input, languageOf(req));
    return ok(req, { results });
  });
  // The workspace's sample approval rules: one row, replaced whole by the last member to set them.
  route(api, ctx, rules.shopSampleRulesGet, async (req) =>
    ok(req, await getSampleRules(db, authOf(req).workspaceId)),
  );
  route(api, ctx, rules.shopSampleRulesSet, async (req, input) => {
    const auth = authOf(req);
    return ok(req, await setSampleRules(db, auth.workspaceId, actorOf(auth), input, deps.now()));
  });
};
