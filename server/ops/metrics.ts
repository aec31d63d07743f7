/**
 * Prometheus metrics of one app (prom-client), scraped per process at /ops/metrics. Each app gets
 * its own registry: tests build several apps in one process, and a process-wide registry would
 * refuse the second set of names.
 *
 * Labels stay bounded: routes are the registered route patterns (never the raw URL), unmatched
 * requests share one label, and codes come from the fixed table in contract/codes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/connection.ts';
import { passwordRuns } from '../services/password.ts';

export interface AppMetrics {
  registry: Registry;
  /**
   * Open live-update streams (the SSE push of server/http/live-hub.ts): call `inc()` when a stream
   * opens and `dec()` when it closes. Set by server/http/live-hub.ts.
   */
  eventStreams: Gauge;
  /** Content-Security-Policy violations browsers reported to /csp-report, by directive. */
  cspViolations: Counter<'directive'>;
}

const SYNC_PULL = '/api/v0.1/sync/pull';
/** The envelope always starts with its code (server/http/envelope.ts), so a prefix match reads it. */
const ENVELOPE_CODE = /^\{"code":(\d{3,5})[,}]/;

export function createMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobsWaiting = new Gauge({
    name: 'creatordesk_jobs',
    help: 'Background jobs (exports, topic collection) waiting or running, read at scrape time',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; n: number }>`
        select status, count(*) as n from jobs where status in ('queued', 'running') group by status`.execute(
        database.db,
      );
      this.reset();
      for (const status of ['queued', 'running']) {
        this.set({ status }, Number(rows.rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });
  void jobsWaiting;
  const scryptRuns = new Counter({
    name: 'creatordesk_password_scrypt_total',
    help: 'scrypt runs of this process: hash (new passwords) and verify (sign-in, password change checks)',
    labelNames: ['op'],
    registers: [registry],
    // The password module counts for the whole process (it knows no app); read at scrape time.
    collect() {
      const seen = passwordRuns();
      this.reset();
      this.inc({ op: 'hash' }, seen.hash);
      this.inc({ op: 'verify' }, seen.verify);
    },
  });
  void scryptRuns;
  return {
    registry,
    eventStreams: new Gauge({
      name: 'creatordesk_event_streams_open',
      help: 'Live-update streams currently open on this process',
      registers: [registry],
    }),
    cspViolations: new Counter({
      name: 'creatordesk_csp_violations_total',
      help: 'Content-Security-Policy violations reported by browsers',
      labelNames: ['directive'],
      registers: [registry],
    }),
  };
}

/**
 * API and ops routes by pattern; the PWA's files (one static route per file, renamed by every
 * build) as one label; the app shell and unknown paths (the not-found handler) as another.
 */
function routeLabel(url: string | undefined): string {
  if (url === undefined) return '(not found handler)';
  return url.startsWith('/api/') || url.startsWith('/ops/') || url === '/csp-report' ? url : '(static)';
}

/** Times every request by route, and counts sync pulls and outbox pushes by the envelope code. */
export function registerMetricsHooks(app: FastifyInstance, metrics: AppMetrics): void {
  const { registry } = metrics;
  const duration = new Histogram({
    name: 'creatordesk_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pulls = new Counter({
    name: 'creatordesk_sync_pulls_total',
    help: 'Sync pull requests by envelope code (200 = answered)',
    labelNames: ['code'],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'creatordesk_outbox_pushes_total',
    help: 'Calls carrying an Idempotency-Key (the PWA outbox and API clients) by envelope code',
    labelNames: ['code'],
    registers: [registry],
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    const isPull = route === SYNC_PULL;
    const isPush = req.headers['idempotency-key'] !== undefined;
    if ((isPull || isPush) && typeof payload === 'string') {
      const code = ENVELOPE_CODE.exec(payload)?.[1] ?? String(reply.statusCode);
      if (isPull) pulls.inc({ code });
      if (isPush) pushes.inc({ code });
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      { method: req.method, route: routeLabel(req.routeOptions.url), status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
