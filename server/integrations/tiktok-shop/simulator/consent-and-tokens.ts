/**
 * The seller consent page (services[.us].tiktokshop.com/open/authorize) and the token host
 * (auth.tiktok-shops.com/api/v2/token/get|refresh), served on the simulator's one listener.
 *
 * Consent: GET /open/authorize?service_id&state shows a page with Authorize and Deny (or, with the
 * `consent` option, approves or denies at once) and redirects to the app's saved redirect URL with
 * `code` and `state`; a refusal carries `code=` (empty) and `error=auth_denied` (one SDK's reading,
 * unconfirmed). The legacy /oauth/authorize?app_key&state link is accepted too (whether it still
 * works for new apps is unconfirmed).
 *
 * Tokens: unsigned GETs with the secret in the query; `grant_type` must be the literal
 * `authorized_code` or `refresh_token`. Success is code 0 with message "success" (lower case, as the
 * token host writes it). Errors travel with HTTP 200 except the 36009004 family (HTTP 400); a wrong
 * secret or grant type answering 36009004 is a choice (unconfirmed).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TokenPair } from './auth-store.ts';
import { failure, newRequestId, success } from './envelope.ts';
import { MESSAGES, SimError } from './errors.ts';
import { splitUrl } from './gateway.ts';
import type { SimWorld } from './world.ts';
import { sellerOf } from './world.ts';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function tokenResponseData(world: SimWorld, pair: TokenPair) {
  const seller = sellerOf(world, pair.authorization.openId);
  return {
    access_token: pair.access.token,
    access_token_expire_in: pair.access.expiresAt,
    refresh_token: pair.refresh.token,
    refresh_token_expire_in: pair.refresh.expiresAt,
    open_id: seller.openId,
    seller_name: seller.name,
    seller_base_region: seller.baseRegion,
    user_type: 0,
    granted_scopes: [...pair.authorization.grantedScopes],
  };
}

export type TokenResponseData = ReturnType<typeof tokenResponseData>;

function redirectTo(world: SimWorld, state: string, approve: boolean): string {
  const url = new URL(world.app.redirectUrl);
  if (approve) {
    const code = world.auth.issueCode(world.app.appKey, world.consent.openId);
    url.searchParams.set('code', code.code);
  } else {
    url.searchParams.set('code', '');
    url.searchParams.set('error', 'auth_denied');
  }
  url.searchParams.set('state', state);
  for (const [k, v] of Object.entries(world.consent.extraParams)) url.searchParams.set(k, v);
  return url.toString();
}

function consentPage(world: SimWorld, serviceId: string, state: string): string {
  const seller = sellerOf(world, world.consent.openId);
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize app - TikTok Shop (local simulator)</title></head>
<body>
<main>
<h1>Authorize CreatorDesk</h1>
<p>Local TikTok Shop simulator. Signed in as <strong>${e(seller.name)}</strong> (${e(seller.baseRegion)}).</p>
<p>The app asks for: ${seller.scopes.map(e).join(', ')}</p>
<form method="post" action="/open/authorize">
<input type="hidden" name="service_id" value="${e(serviceId)}">
<input type="hidden" name="state" value="${e(state)}">
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</main>
</body></html>`;
}

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').send(html);

const badService = (reply: FastifyReply) =>
  sendPage(
    reply,
    400,
    '<!doctype html><html lang="en"><title>Error</title><p>Unknown service_id or app_key.</p></html>',
  );

export function registerConsentAndTokenRoutes(app: FastifyInstance, world: SimWorld): void {
  const showOrDecide = (reply: FastifyReply, serviceId: string, state: string) => {
    if (world.consent.mode === 'page') return sendPage(reply, 200, consentPage(world, serviceId, state));
    return reply.redirect(redirectTo(world, state, world.consent.mode === 'approve'), 302);
  };

  app.get('/open/authorize', async (req, reply) => {
    const { query } = splitUrl(req.raw.url ?? '/');
    if (query.service_id !== world.app.serviceId) return badService(reply);
    return showOrDecide(reply, query.service_id, query.state ?? '');
  });

  app.get('/oauth/authorize', async (req, reply) => {
    const { query } = splitUrl(req.raw.url ?? '/');
    if (query.app_key !== world.app.appKey) return badService(reply);
    return showOrDecide(reply, world.app.serviceId, query.state ?? '');
  });

  app.post('/open/authorize', async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const form = new URLSearchParams(raw);
    if (form.get('service_id') !== world.app.serviceId) return badService(reply);
    const decision = form.get('decision');
    if (decision !== 'authorize' && decision !== 'deny') return badService(reply);
    return reply.redirect(redirectTo(world, form.get('state') ?? '', decision === 'authorize'), 302);
  });

  const tokenRoute = (
    name: 'token.get' | 'token.refresh',
    grant: string,
    run: (q: Record<string, string>) => object,
  ) =>
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE'],
      url: name === 'token.get' ? '/api/v2/token/get' : '/api/v2/token/refresh',
      handler: async (req, reply) => {
        const { path, query } = splitUrl(req.raw.url ?? '/');
        const requestId = newRequestId(world.clock.wallMs());
        let http = 200;
        let body: object;
        let code = 0;
        const fault = req.method === 'GET' ? world.faults.take(name) : null;
        try {
          if (req.method !== 'GET')
            throw new SimError('invalidMethod', `Invalid method. ${req.method} is not supported by ${path}.`);
          if (fault?.kind === 'unavailable') {
            world.calls.add({
              atMs: world.clock.wallMs(),
              method: req.method,
              path,
              endpoint: name,
              code: -1,
              http: 503,
              requestId: '',
              fault: fault.kind,
            });
            return reply
              .code(503)
              .header('content-type', 'text/plain')
              .send('503 Service Temporarily Unavailable');
          }
          if (fault?.kind === 'internal') throw new SimError('internal', MESSAGES.internal);
          if (fault?.kind === 'timeout') throw new SimError('timeout', MESSAGES.timeout);
          if (query.app_key !== world.app.appKey) throw new SimError('credentials', MESSAGES.badAppKey);
          if (query.app_secret !== world.app.appSecret) {
            throw new SimError('credentials', "Invalid credentials. Invalid 'app_secret' query parameter.");
          }
          if (query.grant_type !== grant) {
            throw new SimError('credentials', `invalid param error: grant_type must be ${grant}.`);
          }
          body = success(run(query), 'success', requestId);
        } catch (err) {
          if (!(err instanceof SimError)) throw err;
          http = err.http;
          code = err.code;
          body = failure(err.code, err.message, requestId);
        }
        world.calls.add({
          atMs: world.clock.wallMs(),
          method: req.method,
          path,
          endpoint: name,
          code,
          http,
          requestId,
          ...(fault ? { fault: fault.kind } : {}),
        });
        return reply.code(http).send(body);
      },
    });

  tokenRoute('token.get', 'authorized_code', (q) => {
    const code = world.auth.redeemCode(q.auth_code ?? '', world.app.appKey);
    if (!code) throw new SimError('authCodeInvalid', MESSAGES.authCodeInvalid);
    const seller = sellerOf(world, code.openId);
    return tokenResponseData(world, world.auth.authorize(world.app.appKey, seller.openId, seller.scopes));
  });

  tokenRoute('token.refresh', 'refresh_token', (q) => {
    const result = world.auth.refresh(q.refresh_token ?? '', world.app.appKey);
    if (result === 'unknown') throw new SimError('authRecordMissing', MESSAGES.authRecordMissing);
    if (result === 'expired') throw new SimError('refreshExpired', MESSAGES.refreshExpired);
    return tokenResponseData(world, result);
  });
}
