/** Creators, invitations and the blacklist, on the spec's /blogger/* paths (docs/decisions/creators.md). */
import { blacklistEndpoints as black } from '../../contract/schemas/blacklist.ts';
import { creatorEndpoints as creator } from '../../contract/schemas/creator.ts';
import { invitationEndpoints as inv } from '../../contract/schemas/invitation.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addToBlacklist, listBlacklistRows, removeFromBlacklist } from '../services/blacklist.service.ts';
import { editCreators, listCreatorRows, setCreatorTags } from '../services/creator.service.ts';
import { addInvitations, deleteInvitations, editInvitation } from '../services/invitation.service.ts';
import { invitationHistory, listInvitations } from '../services/invitation-read.service.ts';
import { shortList } from '../../contract/limits.ts';
import { advanceInPlans } from '../services/plan-member.service.ts';
import { actorOf } from '../http/actor.ts';
import '../domain/messages/creator.messages.ts';

/** 'updated', or a msg saying how many of the list were not found. */
const bulkMsg = (r: { updated: number; not_found: string[] }): [string, Record<string, number>] =>
  r.not_found.length
    ? ['updated_partly', { updated: r.updated, missing: r.not_found.length }]
    : ['updated', {}];

export const registerCreatorRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;
  const ws = (req: Parameters<typeof authOf>[0]) => authOf(req).workspaceId;

  route(api, ctx, creator.bloggerLists, async (req, input) =>
    ok(req, await listCreatorRows(db, ws(req), input, languageOf(req))),
  );
  route(api, ctx, creator.bloggerEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) => {
      const r = await editCreators(trx, auth.workspaceId, input, actorOf(auth));
      return ok(req, r, ...bulkMsg(r));
    }),
  );
  route(api, ctx, creator.bloggerSetTags, async (req, input) =>
    mutation(db, req, async (trx, auth) => {
      const r = await setCreatorTags(trx, auth.workspaceId, input, actorOf(auth));
      return ok(req, r, ...bulkMsg(r));
    }),
  );

  route(api, ctx, inv.invitationLists, async (req, input) =>
    ok(req, await listInvitations(db, ws(req), input, languageOf(req))),
  );
  route(api, ctx, inv.invitationAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) => {
      const { creator_ids, ...r } = await addInvitations(
        trx,
        auth.workspaceId,
        auth.user.id,
        input,
        actorOf(auth),
      );
      // An invitation carrying a plan's products moves its creators to "invited" in that plan.
      await advanceInPlans(
        trx,
        auth.workspaceId,
        actorOf(auth),
        'invited',
        creator_ids.map((creatorId) => ({ creatorId, productIds: input.productIds })),
        languageOf(req),
      );
      const counts = { added: r.added, updated: r.updated };
      return r.blacklisted.length
        ? ok(req, r, 'invitation_added_some_black', { ...counts, names: shortList(r.blacklisted) })
        : ok(req, r, 'invitation_added', counts);
    }),
  );
  route(api, ctx, inv.invitationEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(
        req,
        await editInvitation(trx, auth.workspaceId, auth.user.id, input, languageOf(req), actorOf(auth)),
        'updated',
      ),
    ),
  );
  route(api, ctx, inv.invitationHistory, async (req, input) =>
    ok(req, await invitationHistory(db, ws(req), input.id, languageOf(req))),
  );
  route(api, ctx, inv.invitationDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await deleteInvitations(trx, auth.workspaceId, input.ids), 'deleted'),
    ),
  );

  route(api, ctx, black.blackAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await addToBlacklist(trx, auth.workspaceId, input, actorOf(auth)), 'added'),
    ),
  );
  route(api, ctx, black.blackDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await removeFromBlacklist(trx, auth.workspaceId, input, actorOf(auth)), 'deleted'),
    ),
  );
  route(api, ctx, black.blackLists, async (req, input) =>
    ok(req, await listBlacklistRows(db, ws(req), input)),
  );
};
