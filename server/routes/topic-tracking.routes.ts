import { topicTrackingEndpoints as ep } from '../../contract/schemas/topic-tracking.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { listAmateurs, listTopicInfluencers, listTopicVideos } from '../services/topic-tracking.service.ts';
import { authorsToCreators, setThreshold, thresholdInfo } from '../services/topic-tracking-write.service.ts';
import '../domain/messages/topic-tracking.messages.ts';

export const registerTopicTrackingRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.challengeVideoList, async (req, input) =>
    ok(req, await listTopicVideos(ctx.db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.challengeVideoBloggerList, async (req, input) =>
    ok(req, await listTopicInfluencers(ctx.db, authOf(req).workspaceId, input, languageOf(req))),
  );
  route(api, ctx, ep.challengeBloggerList, async (req, input) =>
    ok(req, await listAmateurs(ctx.db, authOf(req).workspaceId, input, languageOf(req))),
  );
  route(api, ctx, ep.challengeBloggerToCreators, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) => {
      const r = await authorsToCreators(trx, auth.workspaceId, input, languageOf(req));
      return ok(req, r, 'topic_authors_added', { created: r.created, updated: r.updated });
    }),
  );
  route(api, ctx, ep.amateurThresholdInfo, async (req) => ok(req, await thresholdInfo(ctx.db, authOf(req))));
  route(api, ctx, ep.amateurThresholdSet, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) => ok(req, await setThreshold(trx, auth, input), 'saved')),
  );
};
