/**
 * Refuses state-changing calls that a browser makes on behalf of another site (cross-site request
 * forgery): 403 with a JSON envelope (40003). The token travels in a header, which another site
 * cannot set, so this is a second wall: it also covers sign-in (no token yet) and calls a future
 * cookie might authorise.
 *
 * A call is state-changing when its method is not GET/HEAD/OPTIONS, or it is GET /member/logout
 * (or HEAD, which Fastify answers by running the GET handler; route.ts gives that route no HEAD,
 * so a HEAD never signs out, and this guard refuses a cross-site one all the same). Besides /api,
 * the guard covers POST /csp-report: browsers send reports from our own pages, so a report from
 * another site is refused like any other state change (it would count in /ops/metrics).
 * - With an `Origin` header the origin decides: ours is this server's own host, the PWA's host when
 *   this server is its `api.` sibling, or one of ALLOWED_ORIGINS. `Origin: null`
 *   (sandboxed frames, opaque redirects) is never ours.
 * - Without one, `Sec-Fetch-Site: cross-site` or `same-site` is refused (a browser sends Origin on
 *   every cross-origin fetch and form post, so a sibling without one is a navigation or an image).
 * - Neither header: not a browser (curl, scripts, server-to-server tests). Those carry the token
 *   explicitly and cannot be driven by another site, so they pass.
 * The browser plugin is a browser client: Chromium sends `Origin: chrome-extension://<id>` on the
 * fetches of an extension's service worker, so the plugin's state-changing calls pass only when
 * that origin is ours: CreatorDesk's own build (contract EXT_ORIGIN, pinned by its manifest key,
 * which app.ts adds) or one in ALLOWED_ORIGINS (deploy/creatordesk.env.example). A web page cannot
 * send an extension's origin, so this opens nothing to other sites.
 * Hosts are compared without the scheme: behind a TLS-terminating proxy the server sees http.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/constants.ts';
import { fail } from './envelope.ts';
import { CSP_REPORT_PATH } from './security-headers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls of the spec that change state. */
const STATE_CHANGING_GETS = new Set([`${API_PREFIX}/member/logout`]);

/** True for a GET of the spec that changes state (full path, `/api/v0.1/member/logout`). */
export const isStateChangingGet = (path: string): boolean => STATE_CHANGING_GETS.has(path);

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
};

export function isOurOrigin(origin: string, requestHost: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin.replace(/\/$/, ''))) return true;
  const host = hostOf(origin);
  if (!host || origin === 'null') return false;
  const own = requestHost.toLowerCase();
  return host === own || `api.${host}` === own;
}

function changesState(req: FastifyRequest, path: string): boolean {
  if (!SAFE_METHODS.has(req.method)) return true;
  return (req.method === 'GET' || req.method === 'HEAD') && STATE_CHANGING_GETS.has(path);
}

/** Why the request is refused, or null to let it through. */
export function crossSiteProblem(req: FastifyRequest, allowed: readonly string[]): string | null {
  const path = req.url.split('?')[0] ?? '';
  const guarded = path.startsWith(`${API_PREFIX}/`) || path === CSP_REPORT_PATH;
  if (!guarded || !changesState(req, path)) return null;
  const origin = req.headers.origin;
  if (origin !== undefined) return isOurOrigin(origin, req.host, allowed) ? null : `origin ${origin}`;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `sec-fetch-site ${site}`;
  return null;
}

/** The onRequest hook app.ts installs. */
export const crossSiteGuard =
  (allowed: readonly string[]) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const problem = crossSiteProblem(req, allowed);
    if (!problem) return undefined;
    req.log.warn({ problem, url: req.url }, 'cross-site request refused');
    return reply.status(403).send(fail(req, 40003, 'cross_site_refused'));
  };
