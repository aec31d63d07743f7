/**
 * The business API gateway: one request through the checks the guide lists, in this order (the
 * real order is not documented, unconfirmed):
 *   route (36009009 / 36009010 / 36009014) → app_key (36009004, HTTP 400) → sign present →
 *   timestamp window now−5 min..now+30 s (36009004) → signature (106001) → token header
 *   (36009004, expired 105002) → shop_cipher (refused 36009004, missing 106013, other seller's
 *   101000) → scope (105005) → throttle (429 / 36009002) → injected faults → body → handler.
 * The timestamp is checked against the gateway clock, not the shop's world clock (see clock.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authorization } from './auth-store.ts';
import type { Documented, HttpMethod, Served } from './endpoints.ts';
import { DOCUMENTED, matchResource, SERVED } from './endpoints.ts';
import { failure, newRequestId, success } from './envelope.ts';
import { MESSAGES, paramInvalid, SimError } from './errors.ts';
import { HANDLERS } from './handlers.ts';
import { computeSign, signMatches } from './signature.ts';
import type { ShopRuntime } from './shop.ts';
import type { FaultRule } from './traffic.ts';
import { corruptData } from './traffic.ts';
import type { SimWorld } from './world.ts';

export interface RawRequest {
  method: string;
  /** The path as sent (not decoded). */
  path: string;
  /** The raw query string without `?`. */
  search: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Splits a raw URL and reads the query the way the gateway does (form decoding: `+` is a space). */
export function splitUrl(url: string): { path: string; search: string; query: Record<string, string> } {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? '' : url.slice(q + 1);
  const query: Record<string, string> = {};
  // The first value wins when a key repeats.
  for (const [k, v] of new URLSearchParams(search)) if (!(k in query)) query[k] = v;
  return { path, search, query };
}

function resolveRoute(method: string, path: string): { served: Served; params: Record<string, string> } {
  const parts = path.split('/');
  const [, category = '', version = ''] = parts;
  const rest = parts.slice(3).join('/');
  let candidates: { d: Documented; params: Record<string, string> }[];
  try {
    candidates = DOCUMENTED.flatMap((d) => {
      if (d.category !== category) return [];
      const params = matchResource(d.resource, rest);
      return params ? [{ d, params }] : [];
    });
  } catch {
    candidates = [];
  }
  if (candidates.length === 0)
    throw new SimError('invalidPath', `Invalid path. The path ${path} does not exist.`);
  const sameMethod = candidates.filter((c) => c.d.method === method);
  if (sameMethod.length === 0) {
    throw new SimError('invalidMethod', `Invalid method. ${method} is not supported by ${path}.`);
  }
  const versioned = sameMethod.find((c) => c.d.versions.includes(version));
  if (!versioned) throw new SimError('invalidVersion', `Invalid API version ${version} for this path.`);
  const served = SERVED.find(
    (s) =>
      s.method === method &&
      s.category === category &&
      s.version === version &&
      s.resource === versioned.d.resource,
  );
  if (!served) {
    // 501, not 404: the path is real; only this simulator lacks it.
    const message = `This documented endpoint is not implemented by the local simulator: ${method} ${path}.`;
    throw new SimError('invalidPath', message, {}, 501);
  }
  return { served, params: versioned.params };
}

const header = (h: RawRequest['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

function checkTimestamp(raw: string | undefined, now: number): void {
  if (raw === undefined || raw === '') throw new SimError('credentials', MESSAGES.missingTimestamp);
  if (!/^-?\d+$/.test(raw) || Number(raw) < 0) throw new SimError('credentials', MESSAGES.timestampInvalid);
  const ts = Number(raw);
  if (ts < now - 300) throw new SimError('credentials', MESSAGES.timestampOld);
  if (ts > now + 30) throw new SimError('credentials', MESSAGES.timestampAhead);
}

function checkToken(world: SimWorld, token: string | undefined, appKey: string): Authorization {
  if (!token) throw new SimError('credentials', MESSAGES.badTokenHeader);
  const auth = world.auth.resolveAccess(token);
  if (auth === 'unknown' || (auth !== 'expired' && auth.appKey !== appKey)) {
    throw new SimError('credentials', MESSAGES.badTokenHeader);
  }
  if (auth === 'expired') throw new SimError('tokenExpired', MESSAGES.tokenExpired);
  return auth;
}

function checkCipher(world: SimWorld, served: Served, query: Record<string, string>, auth: Authorization) {
  const cipher = query.shop_cipher;
  if (!served.shopScoped) {
    if (cipher !== undefined) throw new SimError('credentials', MESSAGES.unexpectedCipher);
    return undefined;
  }
  if (!cipher) throw new SimError('cipherRequired', MESSAGES.cipherRequired);
  const shop = world.shopsByCipher.get(cipher);
  if (!shop || shop.sellerOpenId !== auth.openId) throw new SimError('tokenMismatch', MESSAGES.tokenMismatch);
  return shop;
}

function parseBody(raw: RawRequest, method: HttpMethod): Record<string, unknown> {
  if (method === 'GET' || raw.body.length === 0) return {};
  const media = (header(raw.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/json') {
    throw new SimError(
      'bodyNotJson',
      'The request body must be JSON (content-type application/json) or multipart/form-data.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.body.toString('utf8'));
  } catch {
    throw new SimError('bodyNotJson', 'The request body is not valid JSON.');
  }
  // PHP's SDK sends [] for an empty body; whether the gateway takes it is unconfirmed: taken here.
  if (Array.isArray(parsed) && parsed.length === 0) return {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SimError('bodyNotJson', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function readPage(served: Served, query: Record<string, string>, rejectEmptyToken: boolean) {
  const token = query.page_token;
  if (token === '' && rejectEmptyToken)
    throw paramInvalid('page_token', 'must not be empty; omit it on the first page');
  const rule = served.pageSize;
  if (!rule) return { size: 0, token: token || undefined };
  const raw = query.page_size;
  let size = rule.default;
  if (raw !== undefined) {
    if (!/^\d+$/.test(raw)) throw paramInvalid('page_size', 'must be an integer');
    size = Number(raw);
  }
  if ('allowed' in rule ? !rule.allowed.includes(size) : size < rule.min || size > rule.max) {
    const expected = 'allowed' in rule ? rule.allowed.join(' or ') : `${rule.min}-${rule.max}`;
    throw paramInvalid('page_size', 'out of range', expected);
  }
  return { size, token: token || undefined };
}

export interface GatewayReply {
  http: number;
  headers: Record<string, string>;
  /** An envelope, or a raw text body for the 503 fault. */
  body: object | string;
  code: number;
  endpoint: Served['name'] | null;
  fault?: FaultRule['kind'];
  corrupted?: string;
}

export async function handleApiRequest(world: SimWorld, raw: RawRequest): Promise<GatewayReply> {
  const requestId = newRequestId(world.clock.wallMs());
  const { query } = splitUrl(`${raw.path}?${raw.search}`);
  let endpoint: Served['name'] | null = null;
  let fault: FaultRule | null = null;
  try {
    const { served, params } = resolveRoute(raw.method, raw.path);
    // A test's stand-in for a shop or region without this endpoint.
    if (world.settings.withheld.get(served.name) === 'path')
      throw new SimError('invalidPath', `Invalid path. The path ${raw.path} does not exist.`);
    endpoint = served.name;
    if (query.app_key !== world.app.appKey) throw new SimError('credentials', MESSAGES.badAppKey);
    if (!query.sign) throw new SimError('credentials', MESSAGES.missingSign);
    checkTimestamp(query.timestamp, world.clock.gatewayNow());
    const expected = computeSign({
      secret: world.app.appSecret,
      path: raw.path,
      query,
      body: raw.body,
      contentType: header(raw.headers, 'content-type'),
    });
    if (!signMatches(query.sign, expected)) throw new SimError('badSign', MESSAGES.badSign);
    const auth = checkToken(world, header(raw.headers, 'x-tts-access-token'), query.app_key);
    const shop: ShopRuntime | undefined = checkCipher(world, served, query, auth);
    if (
      (served.scope && !auth.grantedScopes.includes(served.scope)) ||
      world.settings.withheld.get(served.name) === 'scope'
    ) {
      throw new SimError('scopeMissing', `${MESSAGES.scopeMissing} Required scope: ${served.scope}.`);
    }
    const wait = world.throttle.check(
      `${query.app_key}|${query.shop_cipher ?? ''}`,
      served.name,
      world.clock.wallMs(),
    );
    if (wait !== null) {
      throw new SimError('throttled', MESSAGES.throttled, { 'retry-after': String(wait) });
    }
    fault = world.faults.take(served.name);
    fault?.onTake?.();
    if (fault?.kind === 'unavailable') {
      return {
        http: 503,
        headers: { 'content-type': 'text/plain' },
        body: '503 Service Temporarily Unavailable',
        code: -1,
        endpoint,
        fault: 'unavailable',
      };
    }
    if (fault?.kind === 'internal') throw new SimError('internal', MESSAGES.internal);
    if (fault?.kind === 'timeout') throw new SimError('timeout', MESSAGES.timeout);
    if (fault?.kind === 'throttle') {
      throw new SimError('throttled', MESSAGES.throttled, {
        'retry-after': String(fault.retryAfterSeconds ?? 1),
      });
    }
    if (fault?.kind === 'slow')
      await (fault.until?.catch(() => undefined) ??
        new Promise((r) => setTimeout(r, fault?.delayMs ?? 1000)));
    const body = parseBody(raw, served.method);
    const page = readPage(served, query, world.settings.rejectEmptyPageToken);
    const data = HANDLERS[served.name as keyof typeof HANDLERS]({
      world,
      authorization: auth,
      shop,
      query,
      pathParams: params,
      body,
      page,
    }) as Record<string, unknown>;
    const corrupted = fault?.kind === 'corrupt' ? corruptData(data) : undefined;
    return {
      http: 200,
      headers: {},
      body: success(data, 'Success', requestId),
      code: 0,
      endpoint,
      ...(fault ? { fault: fault.kind } : {}),
      ...(corrupted ? { corrupted } : {}),
    };
  } catch (err) {
    if (!(err instanceof SimError)) throw err;
    return {
      http: err.http,
      headers: err.headers,
      body: failure(err.code, err.message, requestId),
      code: err.code,
      endpoint,
      ...(fault ? { fault: fault.kind } : {}),
    };
  }
}

/** Fastify glue: runs the gateway, writes the reply and logs the call. */
export async function gatewayRoute(world: SimWorld, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { path, search, query } = splitUrl(req.raw.url ?? '/');
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const result = await handleApiRequest(world, {
    method: req.method,
    path,
    search,
    headers: req.headers,
    body,
  });
  world.calls.add({
    atMs: world.clock.wallMs(),
    method: req.method,
    path,
    endpoint: result.endpoint,
    code: result.code,
    http: result.http,
    requestId: typeof result.body === 'object' ? (result.body as { request_id: string }).request_id : '',
    ...(query.shop_cipher ? { shopCipher: query.shop_cipher } : {}),
    ...(result.fault ? { fault: result.fault } : {}),
    ...(result.corrupted ? { corrupted: result.corrupted } : {}),
  });
  reply.code(result.http).headers(result.headers);
  await reply.send(result.body);
}
