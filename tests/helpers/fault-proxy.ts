/**
 * A loopback HTTP proxy that injects network faults between a client and a real server, for
 * fault-injection tests of the sync engine. Each request draws one fault from a seeded random
 * source (`decide`), or forwards cleanly while `enabled` is false:
 *
 *   ok         forwarded as is
 *   delay      forwarded after a short wait
 *   refuse     the socket is destroyed before anything is forwarded
 *   http5xx    answered 502/503 by the "gateway" without forwarding
 *   lostReply  forwarded (the server applies it), then the client socket is destroyed before
 *              any of the answer is written: the client never learns the outcome
 *   midReply   forwarded, then the status line, headers and part of the body are written and
 *              the socket is destroyed
 *   truncated  forwarded, then a well-formed HTTP answer with a cut-off body
 *   late       held longer than the client's timeout, then forwarded anyway (the client has
 *              given up; the server still applies it)
 *   stall      forwarded, then headers and part of the body are written and the connection is
 *              left open, silent, until the client gives up (a stalled download)
 *   duplicate  forwarded twice at once (a retransmission racing the original); the client gets
 *              the second answer, and differing answers are recorded in `mismatches`
 *
 *   const proxy = await startFaultProxy({ target: 'http://127.0.0.1:5180', seed: 42 });
 *   fetch(`${proxy.url}/api/v0.1/...`)  … proxy.counts.lostReply … await proxy.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAULT_KINDS = [
  'ok',
  'delay',
  'refuse',
  'http5xx',
  'lostReply',
  'midReply',
  'truncated',
  'late',
  'duplicate',
  'stall',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** mulberry32: a small seeded generator, enough for reproducible fault schedules. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ProxyOptions {
  /** Origin of the real server, e.g. http://127.0.0.1:5180 */
  target: string;
  seed: number;
  /** Relative weights of the faults; kinds left out never happen. */
  weights: Partial<Record<FaultKind, number>>;
  /** At most this many draws of a kind; later draws of it forward cleanly (`late` costs time). */
  caps?: Partial<Record<FaultKind, number>>;
  /**
   * Each kind listed is dealt to mutations (requests with an Idempotency-Key) at least this many
   * times: every 4th mutation takes the next owed kind (seeded order) instead of a random draw,
   * so a short run still exercises every fault.
   */
  atLeast?: Partial<Record<FaultKind, number>>;
  /** How long `late` holds a request (longer than the client's timeout). */
  lateMs: number;
  /** How long a `stall` keeps the connection open at most (the client should give up first). */
  stallMs?: number;
  /** Upper bound of a `delay`. */
  maxDelayMs?: number;
}

export interface ServerReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FaultProxy {
  url: string;
  enabled: boolean;
  counts: Record<FaultKind, number>;
  /** Faults drawn for requests that carried an Idempotency-Key (mutations). */
  mutationCounts: Record<FaultKind, number>;
  /** How many times each Idempotency-Key reached the server (a duplicate counts twice). */
  delivered: Map<string, number>;
  /** Keyed `duplicate` deliveries whose two answers differed (status or body). */
  mismatches: { key: string; path: string; first: string; second: string }[];
  /** `stall`s the client sat through until the proxy's `stallMs` ran out (it should give up first). */
  stallsOutwaited: number;
  /** Time spent waiting for the server, per path (for runtime reports). */
  serverMs: Map<string, { n: number; ms: number }>;
  /** Requests accepted by the proxy and not yet finished with (forwarding included). */
  inFlight(): number;
  /** Resolves once nothing is in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const zeroCounts = (): Record<FaultKind, number> =>
  Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

/** Hop-by-hop headers are the proxy's own business. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function forward(target: URL, req: http.IncomingMessage, body: Buffer): Promise<ServerReply> {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
  headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const out = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent: false,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(parts) }),
        );
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

function replyHeaders(r: ServerReply, withLength: boolean): http.OutgoingHttpHeaders {
  const h: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(r.headers))
    if (!HOP.has(k) && k !== 'content-length' && v !== undefined) h[k] = v;
  if (withLength) h['content-length'] = String(r.body.length);
  return h;
}

export async function startFaultProxy(opts: ProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  const random = seededRandom(opts.seed);
  const kinds = FAULT_KINDS.filter((k) => (opts.weights[k] ?? 0) > 0);
  const total = kinds.reduce((n, k) => n + (opts.weights[k] ?? 0), 0);
  const draw = (): FaultKind => {
    let x = random() * total;
    for (const k of kinds) {
      x -= opts.weights[k] ?? 0;
      if (x < 0) return proxy.counts[k] >= (opts.caps?.[k] ?? Infinity) ? 'ok' : k;
    }
    return 'ok';
  };
  const owed: FaultKind[] = [];
  for (const k of kinds) for (let i = 0; i < (opts.atLeast?.[k] ?? 0); i++) owed.push(k);
  for (let i = owed.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [owed[i], owed[j]] = [owed[j]!, owed[i]!];
  }
  let mutations = 0;
  const dealt = (): FaultKind | undefined => {
    if (mutations++ % 4 !== 0) return undefined;
    while (owed.length && proxy.mutationCounts[owed[0]!] >= (opts.atLeast?.[owed[0]!] ?? 0)) owed.shift();
    return owed.shift();
  };
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settleOne = () => {
    inFlight -= 1;
    if (inFlight === 0) {
      const w = waiters;
      waiters = [];
      w.forEach((f) => f());
    }
  };

  const proxy: FaultProxy = {
    url: '',
    enabled: true,
    counts: zeroCounts(),
    mutationCounts: zeroCounts(),
    delivered: new Map(),
    mismatches: [],
    serverMs: new Map(),
    stallsOutwaited: 0,
    inFlight: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const send = async (req: http.IncomingMessage, body: Buffer): Promise<ServerReply> => {
    const raw = req.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key) proxy.delivered.set(key, (proxy.delivered.get(key) ?? 0) + 1);
    const t0 = Date.now();
    const reply = await forward(target, req, body);
    const p = (req.url ?? '').replace(/\?.*$/, '');
    const stat = proxy.serverMs.get(p) ?? { n: 0, ms: 0 };
    stat.n += 1;
    stat.ms += Date.now() - t0;
    proxy.serverMs.set(p, stat);
    return reply;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const key = req.headers['idempotency-key'];
    const drawn: FaultKind = proxy.enabled ? draw() : 'ok';
    const kind = (proxy.enabled && key ? dealt() : undefined) ?? drawn;
    // The random draws for a delay come right after the kind, so a seed replays exactly.
    const delay = Math.floor(random() * (opts.maxDelayMs ?? 150));
    const split = random();
    proxy.counts[kind] += 1;
    if (key) proxy.mutationCounts[kind] += 1;
    const socket = req.socket;
    switch (kind) {
      case 'refuse':
        socket.destroy();
        return;
      case 'http5xx': {
        const status = split < 0.5 ? 502 : 503;
        const text =
          split < 0.25
            ? '<html><body>502 Bad Gateway</body></html>'
            : JSON.stringify({ code: 50000, msg: 'upstream unavailable', data: null });
        res.writeHead(status, { 'content-type': text.startsWith('<') ? 'text/html' : 'application/json' });
        res.end(text);
        return;
      }
      case 'delay':
        await sleep(delay);
        break;
      case 'late':
        await sleep(opts.lateMs);
        break;
      default:
        break;
    }
    let reply: ServerReply;
    try {
      if (kind === 'duplicate') {
        const [a, b] = await Promise.all([send(req, body), sleep(delay % 20).then(() => send(req, body))]);
        const sa = `${a.status} ${a.body.toString()}`;
        const sb = `${b.status} ${b.body.toString()}`;
        // Only keyed calls must answer alike (a pull's cursor carries the time).
        if (key && sa !== sb)
          proxy.mismatches.push({
            key: String(key),
            path: req.url ?? '',
            first: sa,
            second: sb,
          });
        reply = b;
      } else reply = await send(req, body);
    } catch {
      socket.destroy();
      return;
    }
    if (socket.destroyed) return; // the client gave up (timeout): the server applied it anyway
    switch (kind) {
      case 'lostReply':
        socket.destroy();
        return;
      case 'midReply': {
        res.writeHead(reply.status, replyHeaders(reply, true));
        res.write(reply.body.subarray(0, Math.floor(reply.body.length * split)));
        // Let the partial write reach the client before the connection dies.
        await sleep(5);
        socket.destroy();
        return;
      }
      case 'stall': {
        res.writeHead(reply.status, replyHeaders(reply, true));
        res.write(reply.body.subarray(0, Math.floor(reply.body.length * split)));
        const gone = new Promise<'client'>((r) => socket.once('close', () => r('client')));
        const first = await Promise.race([gone, sleep(opts.stallMs ?? 30_000).then(() => 'proxy' as const)]);
        if (first === 'proxy') proxy.stallsOutwaited += 1;
        socket.destroy();
        return;
      }
      case 'truncated':
        res.writeHead(reply.status, replyHeaders(reply, false));
        res.end(reply.body.subarray(0, Math.max(0, Math.floor(reply.body.length * split) - 1)));
        return;
      default:
        res.writeHead(reply.status, replyHeaders(reply, true));
        res.end(reply.body);
    }
  };

  const server = http.createServer((req, res) => {
    inFlight += 1;
    handle(req, res)
      .catch(() => req.socket.destroy())
      .finally(settleOne);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = proxy.close;
  proxy.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return proxy;
}
