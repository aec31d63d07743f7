import type { RegisterRoutes } from '../http/route-context.ts';
import { intakeEndpoints } from '../../contract/schemas/intake.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { intakeCreators } from '../services/intake.service.ts';
import { actorOf } from '../http/actor.ts';
import '../domain/messages/intake.messages.ts';

export const registerIntakeRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, intakeEndpoints.bloggerIngest, (req, input) =>
    mutation(ctx.db, req, async (trx, auth) => {
      const r = await intakeCreators(trx, auth.workspaceId, input.creators, {
        defaultCountry: input.country,
        lang: languageOf(req),
        history: { by: actorOf(auth), kind: 'ingest' },
      });
      return ok(req, r, 'intake_done', {
        created: r.created,
        updated: r.updated,
        rejected: r.rejected.length,
      });
    }),
  );

  route(api, ctx, intakeEndpoints.bloggerImport, (req, input) =>
    mutation(ctx.db, req, async (trx, auth) => {
      const dryRun = input.dryRun === 1;
      const r = await intakeCreators(trx, auth.workspaceId, input.rows, {
        defaultCountry: input.country,
        dryRun,
        lang: languageOf(req),
        history: { by: actorOf(auth), kind: 'import' },
      });
      return ok(req, r, dryRun ? 'intake_checked' : 'intake_done', {
        created: r.created,
        updated: r.updated,
        rejected: r.rejected.length,
      });
    }),
  );
};
