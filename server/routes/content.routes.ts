/** /content/*: content records and "Samples without content". Thin: parse, call the service, reply. */
import { contentEndpoints as ep } from '../../contract/schemas/content.ts';
import { contentImportEndpoints } from '../../contract/schemas/content-import.ts';
import { actorOf } from '../http/actor.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { route } from '../http/route.ts';
import {
  addContent,
  contentSnapshotsOf,
  deleteContent,
  editContent,
  listContentOf,
} from '../services/content.service.ts';
import { importContent } from '../services/content-import.service.ts';
import { overdueSamples } from '../services/samples-overdue.service.ts';
import '../domain/messages/content.messages.ts';

export const registerContentRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  route(api, ctx, ep.contentAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(
        req,
        await addContent(trx, auth.workspaceId, actorOf(auth), input, languageOf(req)),
        'content_added',
      ),
    ),
  );
  route(api, ctx, contentImportEndpoints.contentImport, async (req, input) =>
    mutation(db, req, async (trx, auth) => {
      // Where the rows come from is the caller's kind of token: a paired extension's harvest, or a file.
      const source = auth.session.kind === 'extension' ? 'extension' : 'file';
      const out = await importContent(
        trx,
        auth.workspaceId,
        actorOf(auth),
        { ...input, source },
        languageOf(req),
      );
      const { added, updated, unchanged } = out;
      return ok(req, out, input.dryRun ? 'ok' : 'content_imported', { added, updated, unchanged });
    }),
  );
  route(api, ctx, ep.contentEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await editContent(trx, auth.workspaceId, actorOf(auth), input, languageOf(req)), 'updated'),
    ),
  );
  route(api, ctx, ep.contentDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteContent(trx, auth.workspaceId, actorOf(auth), input.id), 'deleted'),
    ),
  );
  route(api, ctx, ep.contentList, async (req, input) =>
    ok(req, await listContentOf(db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.contentSnapshots, async (req, input) =>
    ok(req, await contentSnapshotsOf(db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.samplesOverdue, async (req, input) =>
    ok(req, await overdueSamples(db, authOf(req).workspaceId, input.plan_id)),
  );
};
