/** /member/*: sign-in and register (getToken), logout, password change and the user-menu summary. */
import {
  accountEndpoints as ep,
  changePasswordCommand,
  getTokenCommand,
} from '../../contract/schemas/account.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { parse } from '../http/validate.ts';
import {
  applyPasswordChange,
  logout,
  preparePasswordChange,
  register,
  signIn,
} from '../services/account.service.ts';
import { memberInfoOf } from '../services/vip.service.ts';
import '../domain/messages/account.messages.ts';

export const registerMemberRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.memberGetToken, async (req, input) => {
    // No session yet, so no Idempotency-Key: a repeated sign-in simply opens a new session.
    const cmd = parse(getTokenCommand(languageOf(req)), input);
    if (cmd.kind === 'register') return ok(req, await register(ctx.db, cmd, req.ip), 'account_registered');
    return ok(req, await signIn(ctx.db, cmd, req.ip), 'account_signed_in');
  });

  route(api, ctx, ep.memberLogout, async (req) =>
    mutation(ctx.db, req, async (trx, auth) => {
      await logout(trx, auth);
      return ok(req, null, 'account_logged_out');
    }),
  );

  route(api, ctx, ep.memberChangePw, async (req, input) => {
    const user = authOf(req).user;
    const cmd = parse(changePasswordCommand(Boolean(user.phone)), input);
    const prepared = await preparePasswordChange(ctx.db, user, cmd, req.ip);
    return mutation(ctx.db, req, async (trx, auth) => {
      await applyPasswordChange(trx, auth, prepared);
      return ok(req, null, 'account_password_updated');
    });
  });

  route(api, ctx, ep.memberInfo, async (req) => ok(req, memberInfoOf(authOf(req).user)));
};
