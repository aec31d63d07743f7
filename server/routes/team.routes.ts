import type { FastifyRequest } from 'fastify';
import { teamEndpoints as ep } from '../../contract/schemas/team.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { LIMITS } from '../services/rate-limit.ts';
import { limitGuard, limitGuesses } from '../services/rate-reservation.ts';
import { inviteInfo } from '../services/team-invite.service.ts';
import * as team from '../services/team.service.ts';
import '../domain/messages/team.messages.ts';

export const registerTeamRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;

  route(api, ctx, ep.teamInfo, async (req) => ok(req, await team.teamInfo(db, authOf(req))));
  route(api, ctx, ep.commonTeam, async (req) => ok(req, await team.teamSummary(db, authOf(req))));
  // Calls that take an invite code: wrong codes (40004) count against the user and the address,
  // each attempt reserved before the lookup so parallel guesses cannot pass the limits.
  const guessing = <T>(req: FastifyRequest, fn: () => Promise<T>) =>
    limitGuesses(
      db,
      [
        limitGuard(LIMITS.inviteFailUser(authOf(req).user.id), 'team_invite_limit'),
        limitGuard(LIMITS.inviteFailIp(req.ip), 'team_invite_limit'),
      ],
      [40004],
      fn,
    );

  route(api, ctx, ep.teamInviteInfo, async (req, input) =>
    ok(req, await guessing(req, () => inviteInfo(db, authOf(req), input))),
  );
  route(api, ctx, ep.teamUserLists, async (req, input) =>
    ok(req, await team.listMembers(db, authOf(req), input)),
  );

  route(api, ctx, ep.teamAdd, async (req, input) =>
    mutation(db, req, async (trx, auth) => ok(req, await team.createTeam(trx, auth, input), 'team_created')),
  );
  route(api, ctx, ep.teamEdit, async (req, input) =>
    mutation(db, req, async (trx, auth) => ok(req, await team.editTeam(trx, auth, input), 'updated')),
  );
  route(api, ctx, ep.teamDel, async (req) =>
    mutation(db, req, async (trx, auth) => ok(req, await team.dismissTeam(trx, auth), 'team_dismissed')),
  );
  route(api, ctx, ep.teamUserAdd, async (req, input) =>
    guessing(req, () =>
      mutation(db, req, async (trx, auth) => ok(req, await team.joinTeam(trx, auth, input), 'team_joined')),
    ),
  );
  route(api, ctx, ep.teamInviteReset, async (req) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await team.resetTeamInvite(trx, auth), 'team_invite_reset'),
    ),
  );
  route(api, ctx, ep.teamLeave, async (req) =>
    mutation(db, req, async (trx, auth) => ok(req, await team.leaveTeam(trx, auth), 'team_left')),
  );
  route(api, ctx, ep.teamUserDel, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await team.removeMember(trx, auth, input), 'team_member_removed'),
    ),
  );
  route(api, ctx, ep.teamTransfer, async (req, input) =>
    mutation(db, req, async (trx, auth) =>
      ok(req, await team.transferAdmin(trx, auth, input), 'team_transferred'),
    ),
  );
};
