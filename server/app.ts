/**
 * Builds the Fastify app without listening, so tests call it through `app.inject` or real HTTP.
 * Owns the cross-cutting parts: body parsing, the envelope, auth, the one error handler,
 * security headers, static files and the JSON answer for unknown /api paths.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API_PREFIX, IMAGE_MAX_BYTES } from '../contract/constants.ts';
import { decodeForm } from '../contract/wire.ts';
import { tokenOf } from './http/auth.ts';
import { authenticate } from './services/session.service.ts';
import { crossSiteGuard } from './http/cross-site.ts';
import { hostGuard } from './http/host-guard.ts';
import { EXT_ORIGIN } from '../contract/limits.ts';
import { fail } from './http/envelope.ts';
import { markPhase, registerRequestTrace } from './http/request-trace.ts';
import { AppError } from './domain/errors.ts';
import { registerExtensionDownload } from './http/extension-download.ts';
import { registerCompression, registerWebDelivery } from './http/web-delivery.ts';
import { registerHealthRoutes } from './routes/health.routes.ts';
import { registerCreatorRoutes } from './routes/creator.routes.ts';
import { registerMemberRoutes } from './routes/member.routes.ts';
import { registerCommonRoutes } from './routes/common.routes.ts';
import { registerTagRoutes } from './routes/tag.routes.ts';
import { registerChatTemplateRoutes } from './routes/chat-template.routes.ts';
import { registerTopicRoutes } from './routes/topic.routes.ts';
import { registerProductRoutes } from './routes/product.routes.ts';
import { registerUploadRoutes } from './routes/upload.routes.ts';
import { registerTeamRoutes } from './routes/team.routes.ts';
import { registerDownloadRoutes } from './routes/download.routes.ts';
import { registerIntakeRoutes } from './routes/intake.routes.ts';
import { createJobRunner } from './jobs/runner.ts';
import { schedulePruning } from './jobs/idempotency-prune.ts';
import { startTopicCollector } from './collectors/scheduler.ts';
import { EXPORT_KIND, exportHandler } from './services/export.service.ts';
import type { AppDeps, RegisterRoutes, RouteContext, ShopRuntime } from './http/route-context.ts';
import { registerSyncRoutes } from './routes/sync.routes.ts';
import { registerLiveRoutes } from './routes/live.routes.ts';
import { registerTopicTrackingRoutes } from './routes/topic-tracking.routes.ts';
import { registerWorkbenchRoutes } from './routes/workbench.routes.ts';
import { registerViewRoutes } from './routes/view.routes.ts';
import { registerPlanRoutes } from './routes/plan.routes.ts';
import { registerExtensionRoutes } from './routes/extension.routes.ts';
import { registerConflictRoutes } from './routes/conflict.routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createMetrics, registerMetricsHooks } from './ops/metrics.ts';
import { registerOpsRoutes } from './ops/ops.routes.ts';
import { registerShopRoutes } from './routes/shop.routes.ts';
import { registerShopSampleRoutes } from './routes/shop-samples.routes.ts';
import { registerContentRoutes } from './routes/content.routes.ts';
import { registerMoneyRoutes } from './routes/money.routes.ts';
import { registerLedgerRoutes } from './routes/ledger.routes.ts';
import { loadSecretsKey } from './secrets/secrets-key.ts';
import { createShopDeps } from './services/shop-deps.ts';
import { createShopSync } from './jobs/shop-sync/scheduler.ts';
import { registerBuiltInKinds } from './jobs/shop-sync/kinds/index.ts';
import { registerShopMetrics } from './ops/shop-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop connection's services and sync scheduler (tests drive the scheduler through it). */
    shop: ShopRuntime;
  }
}

// Each feature's routes, registered under /api/v0.1. Add a line per routes file.
const ROUTES: RegisterRoutes[] = [
  registerHealthRoutes,
  registerCreatorRoutes,
  registerMemberRoutes,
  registerCommonRoutes,
  registerTagRoutes,
  registerChatTemplateRoutes,
  registerTopicRoutes,
  registerTopicTrackingRoutes,
  registerProductRoutes,
  registerUploadRoutes,
  registerDownloadRoutes,
  registerIntakeRoutes,
  registerSyncRoutes,
  registerLiveRoutes,
  registerTeamRoutes,
  registerWorkbenchRoutes,
  registerConflictRoutes,
  registerViewRoutes,
  registerPlanRoutes,
  registerExtensionRoutes,
  registerShopRoutes,
  registerShopSampleRoutes,
  registerContentRoutes,
  registerMoneyRoutes,
  registerLedgerRoutes,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Only behind a proxy we run: otherwise a client could fake X-Forwarded-For to dodge per-address limits.
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: (str: string) => decodeForm(str) },
  });

  app.decorateRequest('auth', null);
  registerRequestTrace(app, config.slowRequestMs);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, decodeForm(String(body)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  const metrics = createMetrics(database);
  registerMetricsHooks(app, metrics);
  await registerSecurityHeaders(app, metrics);
  // After the security headers' hooks, so refusals carry them too. The host first: a request for
  // another host name (DNS rebinding) is not ours whatever its Origin says.
  app.addHook('onRequest', hostGuard(config.servedHosts));
  // CreatorDesk's own extension build is ours too; a store listing's id goes in ALLOWED_ORIGINS.
  app.addHook('onRequest', crossSiteGuard([...config.allowedOrigins, EXT_ORIGIN]));
  await registerOpsRoutes(app, deps, metrics);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 20 } });

  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof AppError) {
      if (error.code === 40029 && error.params.seconds) reply.header('retry-after', error.params.seconds);
      return reply.status(error.httpStatus).send(fail(req, error.code, error.msgKey, error.params));
    }
    const err = error as Error & { code?: string; statusCode?: number };
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send(fail(req, 40001, 'body_too_large'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && req.url.startsWith('/files/')) {
      // A folder, a bad escape or a missing file under /files/: the file is not there (404), not a bad parameter.
      return reply.status(404).send(fail(req, 40004, 'file_not_found'));
    }
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      read &&
      !req.url.startsWith('/api/')
    ) {
      // A path the static files refuse to look up (`/assets//x.js`, `/./x`) names no file.
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, bad content types, multipart faults: the client's mistake, said plainly.
      return reply.status(200).send(fail(req, 40001, 'invalid_param', { field: 'body' }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(req, 50000, 'internal_error', { requestId: String(req.id) }));
  });

  const requireAuth = async (req: FastifyRequest): Promise<void> => {
    req.auth = await authenticate(database.db, tokenOf(req), {
      extension: req.routeOptions.config?.extension === true,
    });
    markPhase(req, 'auth');
  };
  // Background work starts here, all of it: the job runner with its handlers (exports, topic
  // collection), the pruning of stored Idempotency-Keys and the topic schedule. The order of the
  // hooks is the order they run on ready (the runner first); on close they run in reverse.
  const jobs = createJobRunner(database, app.log);
  jobs.register(EXPORT_KIND, exportHandler(database.db, config));
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  schedulePruning(app, database.db);
  startTopicCollector(app, { config, db: database.db, jobs });
  // TikTok Shop: secrets at rest, the adapter's settings and the per-process sync scheduler.
  const secretsKey = deps.secretsKey ?? loadSecretsKey(config);
  const shopDeps = createShopDeps({
    config,
    db: database.db,
    engine: database.engine,
    secrets: secretsKey.box,
    log: app.log,
    runtime: deps.ttsRuntime,
  });
  const shop: ShopRuntime = { deps: shopDeps, sync: createShopSync(shopDeps, config.shopSyncTickSeconds) };
  registerBuiltInKinds(shop.sync, { data: deps.shopDataKinds !== false });
  registerShopMetrics(metrics, database);
  app.decorate('shop', shop);
  app.addHook('onReady', async () => shop.sync.start());
  app.addHook('onClose', async () => shop.sync.stop());
  const ctx: RouteContext = { ...deps, db: database.db, requireAuth, jobs, metrics, shop };

  await app.register(
    async (api) => {
      for (const register of ROUTES) await register(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  registerExtensionDownload(app, config);
  await registerWebDelivery(app, config);

  app.addHook('onSend', async (req, reply, payload) => {
    // Envelopes are never cached; a route that answers bytes it may keep (avatars) says so itself.
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  return app;
}
