/** Tracked topics (TikTok hashtag challenges), on the spec's /challenge/list, add and del paths. */
import { topicEndpoints as ep } from '../../contract/schemas/topic.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addTopic, deleteTopic, listTopics } from '../services/topic.service.ts';
import '../domain/messages/catalog.messages.ts';

export const registerTopicRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.challengeList, async (req, input) =>
    ok(req, await listTopics(ctx.db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.challengeAdd, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(
        req,
        await addTopic(trx, { workspaceId: auth.workspaceId, vipUntil: auth.user.vip_until }, input),
        'added',
      ),
    ),
  );
  route(api, ctx, ep.challengeDel, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await deleteTopic(trx, auth.workspaceId, input), 'deleted'),
    ),
  );
};
