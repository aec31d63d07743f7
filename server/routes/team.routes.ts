import { teamEndpoints as ep } from '../../contract/schemas/team.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import * as team from '../services/team.service.ts';
import './team.messages.ts';

export const registerTeamRoutes: RegisterRoutes = (api, ctx) => {
  const { db } = ctx;

  route(api, ctx, ep.teamInfo, async (req) => ok(req, await team.teamInfo(db, authOf(req))));
  route(api, ctx, ep.commonTeam, async (req) => ok(req, await team.teamSummary(db, authOf(req))));
  route(api, ctx, ep.teamInviteInfo, async (req, input) =>
    ok(req, await team.inviteInfo(db, authOf(req), input)),
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
    mutation(db, req, async (trx, auth) => ok(req, await team.joinTeam(trx, auth, input), 'team_joined')),
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
