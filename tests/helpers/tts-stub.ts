/**
 * A small, strict stand-in for TikTok's Partner API hosts, for tests until the simulator
 * (server/integrations/tiktok-shop/simulator) replaces it: a real HTTP server on loopback that
 * checks what every business call must carry (app_key, a timestamp inside the window, a signature
 * recomputed from the decoded query and the raw body bytes, the token header, no token in the
 * query) and answers from a script. Token calls are checked for their literals. Everything it
 * received is kept for assertions.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from '../../server/integrations/tiktok-shop/signing.ts';

export interface StubRequest {
  method: string;
  /** The raw request target (path and encoded query) as it arrived. */
  rawUrl: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body: unknown;
}

export type StubHandler = (req: StubRequest) => StubAnswer | undefined;

export const ok = (data: unknown, requestId = 'REQ_OK'): StubAnswer => ({
  body: { code: 0, message: 'Success', request_id: requestId, data },
});
export const fail = (
  code: number,
  message: string,
  status = 200,
  headers?: Record<string, string>,
): StubAnswer => ({
  status,
  headers,
  body: { code, message, request_id: `REQ_${code}`, data: null },
});

export interface TtsStub {
  base: string;
  requests: StubRequest[];
  /** Handlers tried in order; the first that answers wins. Business calls are checked first. */
  on(handler: StubHandler): void;
  /** Answers the next matching call once, then falls through to `on` handlers. */
  once(path: string, answer: StubAnswer): void;
  /** The seconds the stub's clock reads (for the timestamp window). */
  clock: () => number;
  apps: Map<string, string>;
  close(): Promise<void>;
}

export async function startTtsStub(opts: {
  apps: Record<string, string>;
  clock?: () => number;
}): Promise<TtsStub> {
  const apps = new Map(Object.entries(opts.apps));
  const handlers: StubHandler[] = [];
  const queued: { path: string; answer: StubAnswer }[] = [];
  const requests: StubRequest[] = [];
  const clock = opts.clock ?? (() => Math.floor(Date.now() / 1000));

  const check = (r: StubRequest): StubAnswer | undefined => {
    if (r.path.startsWith('/api/v2/token/')) {
      const grant = r.path.endsWith('/get') ? 'authorized_code' : 'refresh_token';
      if (r.query.grant_type !== grant) return fail(36004004, `grant_type must be ${grant}`);
      if (apps.get(r.query.app_key ?? '') !== r.query.app_secret) return fail(36004004, 'invalid app');
      if ('sign' in r.query || 'timestamp' in r.query) return fail(36009004, 'token calls are unsigned');
      return undefined;
    }
    if (r.path.startsWith('/open/')) return undefined;
    const secret = apps.get(r.query.app_key ?? '');
    if (!secret) return fail(36009004, "Invalid credentials. Invalid 'app_key' query parameter.", 400);
    if (!r.query.sign)
      return fail(36009004, 'Missing credentials. The sign query parameter is required.', 400);
    const ts = Number(r.query.timestamp);
    if (!/^\d{10}$/.test(r.query.timestamp ?? '') || ts < clock() - 300 || ts > clock() + 30)
      return fail(36009004, 'Invalid timestamp.', 400);
    if ('access_token' in r.query) return fail(36009004, 'access_token must not be in the query', 400);
    if (!r.headers['x-tts-access-token']) return fail(36009004, "Invalid 'x-tts-access-token' header.", 400);
    const expected = signRequest(secret, {
      path: r.path,
      query: r.query,
      body: r.body,
      contentType: String(r.headers['content-type'] ?? ''),
    });
    if (expected !== r.query.sign) return fail(106001, 'Invalid sign', 401);
    if (r.path.startsWith('/authorization/') && 'shop_cipher' in r.query)
      return fail(36009004, 'Unexpected identifier. The `shop_cipher` query parameter is not required.', 400);
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const r: StubRequest = {
        method: req.method ?? '',
        rawUrl: req.url ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(r);
      let answer = check(r);
      if (!answer) {
        const i = queued.findIndex((q) => q.path === r.path);
        if (i >= 0) answer = queued.splice(i, 1)[0]!.answer;
      }
      for (const h of handlers) answer ??= h(r);
      answer ??= fail(36009009, 'Invalid path', 404);
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    on: (h) => void handlers.push(h),
    once: (path, answer) => void queued.push({ path, answer }),
    clock,
    apps,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
