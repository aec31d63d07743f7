/**
 * /shop/*: connecting TikTok Shop. The contract's calls (status, credentials, authorize, disconnect,
 * sync now), plus two addresses TikTok uses that are not calls of the PWA: the consent callback
 * (a browser navigation, answered with a redirect to the settings screen) and the webhook (raw
 * bytes, verified before anything is parsed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/constants.ts';
import { shopEndpoints as ep, SHOP_SETTINGS_PATH } from '../../contract/schemas/shop.ts';
import { authOf } from '../http/auth.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { removeCredentials, saveCredentials } from '../services/shop-credentials.service.ts';
import {
  BINDING_COOKIE,
  CONSENT_TTL_SECONDS,
  finishConsent,
  startConsent,
} from '../services/shop-connect.service.ts';
import { disconnectShop, requestSync, shopStatus } from '../services/shop-status.service.ts';
import { receiveWebhook, WEBHOOK_BODY_MAX } from '../services/shop-webhook.service.ts';
import type { ShopDeps } from '../services/shop-deps.ts';
import { createTargetCollaborations } from '../services/shop-target.service.ts';
import { shopTargetEndpoints } from '../../contract/schemas/shop-target.ts';
import { actorOf } from '../http/actor.ts';
import '../domain/messages/shop.messages.ts';
import '../domain/messages/shop-target.messages.ts';

export const CALLBACK_PATH = '/shop/callback';
export const WEBHOOK_PATH = '/shop/webhook';

/** This install's origin as the browser (and TikTok) reach it: CREATORDESK_SITE, else the request's own. */
function originOf(req: FastifyRequest, deps: ShopDeps): string {
  return deps.siteOrigin ?? `${req.protocol}://${req.host}`;
}

/** Where the PWA is: the same origin, or the page's host when this server is its `api.` sibling. */
function appOriginOf(req: FastifyRequest, deps: ShopDeps): string {
  if (deps.siteOrigin) return deps.siteOrigin;
  const host =
    req.host.startsWith('api.') && !/^api\.[\d.]+(:\d+)?$/.test(req.host) ? req.host.slice(4) : req.host;
  return `${req.protocol}://${host}`;
}

export const callbackUrlOf = (req: FastifyRequest, deps: ShopDeps): string =>
  `${originOf(req, deps)}${API_PREFIX}${CALLBACK_PATH}`;

function bindingCookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${BINDING_COOKIE}=${value}`,
    `Path=${API_PREFIX}${CALLBACK_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    // Lax: sent on TikTok's top-level redirect back here, never on other sites' sub-requests.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name)
      return part
        .slice(i + 1)
        .trim()
        .slice(0, 200);
  }
  return '';
}

const queryText = (q: unknown, key: string, max: number): string => {
  const v = (q as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' && v.length <= max ? v : '';
};

export const registerShopRoutes: RegisterRoutes = async (api, ctx) => {
  const { db } = ctx;
  const { deps, sync } = ctx.shop;
  const status = (req: FastifyRequest) =>
    shopStatus(deps, db, authOf(req), languageOf(req), callbackUrlOf(req, deps));

  route(api, ctx, ep.shopStatus, async (req) => ok(req, await status(req)));
  route(api, ctx, ep.shopCredentialsSave, async (req, input) => {
    await mutation(db, req, async (trx, auth) => {
      await saveCredentials(deps, trx, auth, input, (country) => sync.kindsFor(country));
      return ok(req, {});
    });
    sync.kick();
    return ok(req, await status(req), 'saved');
  });
  route(api, ctx, ep.shopCredentialsDel, async (req) => {
    await mutation(db, req, async (trx, auth) => {
      await removeCredentials(deps, trx, auth);
      return ok(req, {});
    });
    return ok(req, await status(req), 'deleted');
  });
  // Not through `mutation`: each call makes a new state and sets its browser cookie; a replay must not.
  route(api, ctx, ep.shopAuthorize, async (req, input, reply) => {
    const started = await db.transaction().execute((trx) => startConsent(deps, trx, authOf(req), input));
    reply.header('set-cookie', bindingCookie(started.binding, CONSENT_TTL_SECONDS, req.protocol === 'https'));
    return ok(req, { url: started.url, expires_at: started.expires_at });
  });
  route(api, ctx, ep.shopDisconnect, async (req, input) => {
    await mutation(db, req, async (trx, auth) => {
      await disconnectShop(deps, trx, auth, input.id);
      return ok(req, {});
    });
    sync.abort(input.id);
    return ok(req, await status(req), 'deleted');
  });
  route(api, ctx, ep.shopSyncNow, async (req, input) => {
    await mutation(db, req, async (trx, auth) => {
      await requestSync(deps, trx, auth, input, sync.kinds());
      return ok(req, {});
    });
    sync.kick();
    return ok(req, await status(req));
  });

  // Not through `mutation`: TikTok is called between the claim and the record, outside a
  // transaction; the request's own key (`request_key`) makes a double submit one request.
  route(api, ctx, shopTargetEndpoints.shopTargetCreate, async (req, input) => {
    const auth = authOf(req);
    return ok(req, await createTargetCollaborations(deps, auth.workspaceId, actorOf(auth), input));
  });

  // TikTok sends the seller's browser here after the consent page. A GET that changes state, so no
  // HEAD twin (HEAD must not use up a state); no token header on a navigation: the state is the key.
  api.get(CALLBACK_PATH, { exposeHeadRoute: false }, async (req, reply: FastifyReply) => {
    const to = (q: string) =>
      reply
        .header('set-cookie', bindingCookie('', 0, req.protocol === 'https'))
        .redirect(`${appOriginOf(req, deps)}${SHOP_SETTINGS_PATH}?${q}`, 303);
    try {
      const outcome = await finishConsent(
        deps,
        {
          state: queryText(req.query, 'state', 200),
          code: queryText(req.query, 'code', 2000),
          error: queryText(req.query, 'error', 200),
          binding: cookieValue(req.headers.cookie, BINDING_COOKIE),
        },
        (country) => sync.kindsFor(country),
      );
      if ('error' in outcome) return to(`error=${outcome.error}`);
      sync.kick();
      return to(`connected=${outcome.connected}`);
    } catch (err) {
      req.log.error({ err }, 'TikTok Shop callback failed');
      return to('error=tiktok_unavailable');
    }
  });

  // TikTok's pushes: the raw bytes are what the signature covers, so this scope reads bodies as bytes.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_MAX }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_MAX }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const auth = req.headers.authorization;
      const res = await receiveWebhook(deps, raw, Array.isArray(auth) ? auth[0] : auth);
      for (const id of res.stopped) sync.abort(id);
      return reply
        .status(res.status)
        .send(
          res.status === 200 ? { code: 0, message: 'success' } : { code: res.status, message: res.outcome },
        );
    });
  });
};
