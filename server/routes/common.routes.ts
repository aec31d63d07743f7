/**
 * /common/sms and /common/vip.open. With config.testHooks (tests only) also GET /test/sms, which
 * returns the latest code sent to a phone so browser tests can sign up; never registered otherwise.
 */
import { accountEndpoints as ep, isSmsPhone } from '../../contract/schemas/account.ts';
import type { Language } from '../../contract/constants.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { invalid } from '../domain/errors.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { createSmsProvider, latestSmsCode, sendSmsCode } from '../services/sms.service.ts';
import { redeemCode } from '../services/vip.service.ts';
import { LIMITS } from '../services/rate-limit.ts';
import { limitGuard, limitGuesses } from '../services/rate-reservation.ts';
import { authOf } from '../http/auth.ts';
import '../domain/messages/account.messages.ts';

/** The VIP end date as the user reads it: China time for zh-cn, UTC for en-us. */
const dateOf = (unix: number, lang: Language): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: lang === 'zh-cn' ? 'Asia/Shanghai' : 'UTC' }).format(
    new Date(unix * 1000),
  );

export const registerCommonRoutes: RegisterRoutes = (api, ctx) => {
  const provider = createSmsProvider(ctx.config);

  route(api, ctx, ep.commonSms, async (req, input) =>
    ok(req, await sendSmsCode(ctx.db, provider, req.log, input.phone, req.ip), 'account_sms_sent'),
  );

  // The spec's client also sends `phone`; the code is redeemed for the signed-in account only.
  // Unknown (40004) and used (40009) codes count as guesses, per user and per address, each
  // attempt reserved before the lookup so parallel guesses cannot pass the limits.
  route(api, ctx, ep.commonVipOpen, async (req, input) => {
    const guards = [
      limitGuard(LIMITS.vipFailUser(authOf(req).user.id), 'account_redeem_code_limit'),
      limitGuard(LIMITS.vipFailIp(req.ip), 'account_redeem_code_limit'),
    ];
    return limitGuesses(ctx.db, guards, [40004, 40009], () =>
      mutation(ctx.db, req, async (trx, auth) => {
        const vip = await redeemCode(trx, auth.user.id, input.code);
        const date = dateOf(vip.end_time ?? 0, languageOf(req));
        return ok(req, { vip }, 'account_vip_opened', { date });
      }),
    );
  });

  if (ctx.config.testHooks) {
    api.get('/test/sms', async (req) => {
      const phone = String((req.query as Record<string, unknown>).phone ?? '');
      if (!isSmsPhone(phone)) throw invalid('phone', 'account_phone_invalid');
      return ok(req, { code: await latestSmsCode(ctx.db, phone) });
    });
  }
};
