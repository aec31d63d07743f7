/**
 * The HTTP client. Every call carries `language`; GET
 * sends a query string, other methods a form body (bracket-index arrays); the `token` header
 * comes from the session cookies. Envelope rules: a missing code counts as 200; force-logout
 * codes run the registered handler; other codes show the server msg as an error toast. Transport
 * failures map to fixed texts (i18n/error-messages.ts). Failures reject with ApiError after the user has
 * been told, so callers only need to stop loading.
 */
import { API_PREFIX, LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../contract/constants.ts';
import { CODES, isForceLogout } from '../../contract/codes.ts';
import type { Method, Route, RouteInput, RouteOutput } from '../../contract/endpoint.ts';
import type { Envelope } from '../../contract/wire.ts';
import { clientErrorMessage } from '../i18n/error-messages.ts';
import { getAppLocale, type Locale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import { toast } from '../ui/toast-queue.ts';
import { apiOrigin } from './base-url.ts';
import { encodeBody } from './form.ts';
import { ApiError } from './errors.ts';
import { getToken } from './session.ts';

export type Body = Record<string, unknown> | FormData | undefined;

export interface RequestOptions {
  /** Milliseconds; default 50 s. */
  timeout?: number;
  /** Long calls (exports, bulk imports): 120 s. */
  long?: boolean;
  /** Return the whole envelope whatever its code and show nothing for codes (login flows). */
  raw?: boolean;
  /** Show no toast at all (errors still reject). */
  silent?: boolean;
  /** Show the msg of a successful answer as a success toast (mutations). */
  toastSuccess?: boolean;
  /** The page that toast belongs to; '*' when the app moves to another page right after. */
  toastPage?: string;
  /** Send the token header; default: the endpoint's `auth`, else whenever a token exists. */
  auth?: boolean;
  language?: Locale;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sent as Idempotency-Key so a replayed mutation applies once. */
  idempotencyKey?: string;
  /** Send the body as JSON (large nested bodies such as import rows; qs-parsing them is slow). */
  json?: boolean;
}

type ForceLogoutHandler = (msg: string | undefined, code: number) => void;
let onForceLogout: ForceLogoutHandler | null = null;

/** The app registers what a forced logout does (clear session and store, leave the page). */
export function setForceLogoutHandler(fn: ForceLogoutHandler | null): void {
  onForceLogout = fn;
}

interface ClientConfig {
  fetch: typeof fetch;
  /** Origin + /api/v0.1; computed lazily so workers and tests can set it first. */
  baseUrl: string | null;
}
const config: ClientConfig = { fetch: (...a) => fetch(...a), baseUrl: null };

/** Tests inject fetch or point at a local server; workers may set the base explicitly. */
export function configureClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

const baseUrl = (): string => config.baseUrl ?? `${apiOrigin()}${API_PREFIX}`;

async function build(
  method: Method,
  path: string,
  body: Body,
  o: RequestOptions,
  auth: boolean,
): Promise<Request> {
  const language = o.language ?? getAppLocale();
  const headers = new Headers(o.headers);
  const token = auth ? getToken() : undefined;
  if (token) headers.set('token', token);
  if (o.idempotencyKey) headers.set('Idempotency-Key', o.idempotencyKey);
  let url = `${baseUrl()}${path}`;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body instanceof FormData) {
    body.set('language', language);
    init.body = body; // multipart: the browser sets the boundary header
  } else if (method === 'GET') {
    const query = await encodeBody({ ...body, language });
    url += (url.includes('?') ? '&' : '?') + query;
  } else if (o.json) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify({ ...body, language });
  } else {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    init.body = await encodeBody({ ...body, language });
  }
  return new Request(url, init);
}

function fail(o: RequestOptions, err: ApiError): never {
  if (!o.silent && err.kind !== 'aborted') toast.error(err.message);
  throw err;
}

async function send<T>(
  method: Method,
  path: string,
  body: Body,
  o: RequestOptions,
  auth: boolean,
): Promise<T | Envelope<T>> {
  let req: Request;
  const ctrl = new AbortController();
  try {
    req = await build(method, path, body, o, auth);
  } catch (cause) {
    return fail(o, new ApiError('setup', clientErrorMessage('setup'), { cause }));
  }
  let timedOut = false;
  const ms = o.timeout ?? (o.long ? LONG_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, ms);
  const outer = o.signal;
  const onOuterAbort = () => ctrl.abort();
  outer?.addEventListener('abort', onOuterAbort);

  let res: Response;
  let text: string;
  try {
    res = await config.fetch(req, { signal: ctrl.signal });
    text = await res.text();
  } catch (cause) {
    if (timedOut) return fail(o, new ApiError('timeout', clientErrorMessage('timeout'), { cause }));
    if (outer?.aborted) return fail(o, new ApiError('aborted', 'aborted', { cause }));
    return fail(o, new ApiError('network', clientErrorMessage('network'), { cause }));
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }

  let parsed: Partial<Envelope<T>> | undefined;
  try {
    const v: unknown = text ? JSON.parse(text) : undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) parsed = v as Partial<Envelope<T>>;
  } catch {
    parsed = undefined;
  }
  // A transport status carrying a real envelope (unknown /api path: 40004) is treated like
  // the envelope, whose msg says more than a bare status number.
  const hasCode = typeof parsed?.code === 'number';
  if (!res.ok && !hasCode) {
    const msg = clientErrorMessage('http_status', res.status);
    return fail(o, new ApiError('http_status', msg, { status: res.status }));
  }
  if (!parsed) {
    return fail(o, new ApiError('network', clientErrorMessage('network'), { status: res.status }));
  }
  const env: Envelope<T> = {
    code: hasCode ? (parsed.code as number) : 200,
    msg: typeof parsed.msg === 'string' ? parsed.msg : '',
    data: parsed.data as T,
  };
  return settle(env, o);
}

function settle<T>(env: Envelope<T>, o: RequestOptions): T | Envelope<T> {
  if (isForceLogout(env.code)) {
    if (!o.silent) toast.error(env.msg || clientErrorMessage('login_expired'));
    onForceLogout?.(env.msg || undefined, env.code);
    throw new ApiError('code', env.msg || clientErrorMessage('login_expired'), {
      code: env.code,
      envelope: env,
    });
  }
  if (o.raw) return env;
  if (env.code === CODES.VIP_REQUIRED && !o.silent) {
    // VIP-only features answer 40201; the toast links to the upgrade page.
    toast.error(env.msg, { action: { label: m.vip_upgrade_link(), href: '/vip' } });
    throw new ApiError('code', env.msg, { code: env.code, envelope: env });
  }
  if (env.code !== 200) {
    return fail(o, new ApiError('code', env.msg || String(env.code), { code: env.code, envelope: env }));
  }
  if (o.toastSuccess && !o.silent && env.msg)
    toast.success(env.msg, o.toastPage ? { page: o.toastPage } : {});
  return env.data;
}

/**
 * GET a binary answer of an authenticated call (a creator's picture): the blob when the server
 * answered an image, null on any refusal or failure. Never toasts: callers show a fallback.
 */
export async function requestImage(ep: Route, body: Body, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const res = await config.fetch(await build('GET', ep.path, body, {}, ep.auth), signal ? { signal } : {});
    if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) return null;
    return await res.blob();
  } catch {
    return null;
  }
}

type Req<E extends Route> = RouteInput<E>;
type Res<E extends Route> = RouteOutput<E>;

/**
 * `request(API.tagList, body, opts)` (typed from the contract) or
 * `request<T>('GET', '/tag/list', body, opts)`. With `{ raw: true }` the envelope comes back.
 */
export function request<E extends Route>(
  ep: E,
  body: Req<E>,
  opts: RequestOptions & { raw: true },
): Promise<Envelope<Res<E>>>;
export function request<E extends Route>(ep: E, body?: Req<E>, opts?: RequestOptions): Promise<Res<E>>;
export function request<T>(
  method: Method,
  path: string,
  body: Body,
  opts: RequestOptions & { raw: true },
): Promise<Envelope<T>>;
export function request<T>(method: Method, path: string, body?: Body, opts?: RequestOptions): Promise<T>;
export function request(a: Route | Method, b?: unknown, c?: unknown, d?: unknown): Promise<unknown> {
  if (typeof a === 'string') {
    const o = (d as RequestOptions | undefined) ?? {};
    return send(a, b as string, c as Body, o, o.auth ?? true);
  }
  const o = (c as RequestOptions | undefined) ?? {};
  return send(a.method, a.path, b as Body, o, o.auth ?? a.auth);
}
