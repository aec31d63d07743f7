/**
 * The operators' view, outside the spec's API: `/ops/ready` (readiness: database reachable,
 * migrations done, not draining) and `/ops/metrics` (Prometheus text), both behind
 * `Authorization: Bearer $OPS_TOKEN` and answering 404 while no token is configured. The reverse
 * proxy's health checks and Prometheus call each process directly; deploy/Caddyfile does not
 * pass /ops/* through from the internet at all. Public `/api/v0.1/health` stays a bare liveness
 * answer (health.routes.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.ts';
import type { AppDeps } from '../http/route-context.ts';
import type { AppMetrics } from './metrics.ts';

/** Process state the shutdown sequence (main.ts) changes and readiness reports. */
export interface Lifecycle {
  draining: boolean;
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    /** The same metrics routes get in their RouteContext. */
    metrics: AppMetrics;
  }
}

const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const DB_CHECK_MS = 2000;

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Constant-time comparison of the bearer token (hashes first, so lengths never leak either). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return crypto.timingSafeEqual(digest(given), digest(token));
}

async function databaseReachable(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), DB_CHECK_MS)));
  const check = sql`select 1`
    .execute(deps.database.db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function registerOpsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  metrics: AppMetrics,
): Promise<void> {
  const lifecycle: Lifecycle = { draining: false, startedAt: Date.now() };
  app.decorate('lifecycle', lifecycle);
  app.decorate('metrics', metrics);
  const token = deps.config.opsToken;

  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!token) return reply.status(404).send({ error: 'not found' });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="creatordesk-ops"')
        .send({ error: 'unauthorized' });
    }
  };
  const noStore = { 'cache-control': 'no-store' };

  app.get('/ops/ready', { onRequest: guard }, async (_req, reply) => {
    const reachable = await databaseReachable(deps);
    const pending = reachable ? await pendingMigrations(deps.database.db) : [];
    const ready = reachable && pending.length === 0 && !lifecycle.draining;
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send({
        ready,
        draining: lifecycle.draining,
        database: reachable ? 'reachable' : 'unreachable',
        engine: deps.database.engine,
        pending_migrations: pending,
        version: VERSION,
        uptime_seconds: Math.round((Date.now() - lifecycle.startedAt) / 1000),
      });
  });

  app.get('/ops/metrics', { onRequest: guard }, async (_req, reply) => {
    const text = await metrics.registry.metrics();
    return reply.headers(noStore).type(metrics.registry.contentType).send(text);
  });
}
