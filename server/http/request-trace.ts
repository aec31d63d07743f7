/**
 * Slow-request tracing, on when SLOW_REQUEST_MS > 0 (off by default). Every request keeps the
 * times of its phases (received, body parsed, auth done, handler start/end, send, done); a request
 * slower than the threshold is logged at warn with its route, request id and those phases, so a
 * stall shows where it was spent. A request still unanswered after 5x the threshold is logged as
 * `stuck` by a once-a-second sweep (a reply that never comes would otherwise leave no trace), and
 * aborted requests, Fastify timeouts, event-loop stalls and GC pauses over a quarter of the
 * threshold, and each connection's accept and close, are logged too.
 */
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Phase = 'body' | 'auth' | 'handler' | 'handled' | 'send';

interface Trace {
  t0: number;
  phases: Partial<Record<Phase, number>>;
  stuckLogged?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    trace?: Trace;
  }
}

/** Marks a phase of the request (no-op when tracing is off). */
export function markPhase(req: FastifyRequest, phase: Phase): void {
  if (req.trace) req.trace.phases[phase] = performance.now() - req.trace.t0;
}

const round = (ms: number) => Math.round(ms);

export function registerRequestTrace(app: FastifyInstance, slowMs: number): void {
  if (slowMs <= 0) return;
  const inFlight = new Map<string, FastifyRequest>();
  // Per connection: when it was accepted and how many requests it has carried, so a request that
  // waited before the server even parsed it (accept, a busy event loop) shows up as such.
  const sockets = new WeakMap<object, { acceptedAt: number; requests: number }>();
  const started = performance.now();
  app.server.on('connection', (socket) => {
    const info = { acceptedAt: performance.now(), requests: 0 };
    sockets.set(socket, info);
    const port = socket.remotePort;
    app.log.warn({ conn: { port, atMs: round(info.acceptedAt - started) } }, 'connection accepted');
    socket.on('close', (hadError) =>
      app.log.warn(
        { conn: { port, atMs: round(performance.now() - started), requests: info.requests, hadError } },
        'connection closed',
      ),
    );
  });
  const describe = (req: FastifyRequest) => {
    const t = req.trace;
    const phases = t ? Object.fromEntries(Object.entries(t.phases).map(([k, v]) => [k, round(v)])) : {};
    const ref = req.headers['x-trace-ref'];
    const sock = sockets.get(req.raw.socket);
    return {
      reqId: String(req.id),
      method: req.method,
      url: req.url,
      ...(ref ? { ref: String(ref) } : {}),
      ms: t ? round(performance.now() - t.t0) : undefined,
      phases,
      inFlight: inFlight.size,
      ...(sock && t
        ? { acceptedMsBefore: round(t.t0 - sock.acceptedAt), nthOnConnection: sock.requests }
        : {}),
    };
  };

  app.addHook('onRequest', async (req) => {
    req.trace = { t0: performance.now(), phases: {} };
    inFlight.set(String(req.id), req);
    const sock = sockets.get(req.raw.socket);
    if (sock) sock.requests++;
  });
  app.addHook('preValidation', async (req) => markPhase(req, 'body'));
  app.addHook('onSend', async (req, _reply, payload) => {
    markPhase(req, 'send');
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    inFlight.delete(String(req.id));
    const t = req.trace;
    if (t && performance.now() - t.t0 >= slowMs)
      req.log.warn({ trace: { ...describe(req), status: reply.statusCode } }, 'slow request');
  });
  app.addHook('onRequestAbort', async (req) => {
    inFlight.delete(String(req.id));
    req.log.warn({ trace: describe(req) }, 'request aborted by the client');
  });
  app.addHook('onTimeout', async (req) => {
    inFlight.delete(String(req.id));
    req.log.warn({ trace: describe(req) }, 'request timed out (socket)');
  });

  // Garbage-collection pauses long enough to matter (they stop the event loop like a stall).
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration >= slowMs / 4)
        app.log.warn(
          { gc: { ms: round(e.duration), kind: (e as { detail?: { kind?: number } }).detail?.kind } },
          'gc pause',
        );
  });
  gc.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const req of inFlight.values()) {
      const t = req.trace!;
      if (!t.stuckLogged && now - t.t0 >= slowMs * 5) {
        t.stuckLogged = true;
        req.log.warn({ trace: describe(req) }, 'request still unanswered');
      }
    }
    const maxMs = loop.max / 1e6;
    if (maxMs >= slowMs / 4)
      app.log.warn(
        { eventLoop: { maxMs: round(maxMs), p99Ms: round(loop.percentile(99) / 1e6) } },
        'event loop stall',
      );
    loop.reset();
  }, 1000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    loop.disable();
    gc.disconnect();
  });
}
