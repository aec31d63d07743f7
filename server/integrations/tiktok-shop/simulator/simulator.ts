/**
 * A local TikTok Shop Partner API, written from the API guide alone, for tests, the bench and the
 * demo. One listener serves what are three origins in production: the token host
 * (/api/v2/token/...), the seller consent page (/open/authorize) and the business API
 * (/authorization/..., /affiliate_seller/..., /event/...). Point TTS_API_BASE, TTS_AUTH_BASE and
 * TTS_CONSENT_BASE at its address. docs/tiktok-shop-simulator.md describes what it simulates and
 * which behaviours rest on (unconfirmed) sources.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { SimulatorOptions } from './config.ts';
import { registerConsentAndTokenRoutes } from './consent-and-tokens.ts';
import type { SimulatorControl } from './control.ts';
import { createControl } from './control.ts';
import { registerControlRoutes } from './control-routes.ts';
import { failure } from './envelope.ts';
import { gatewayRoute } from './gateway.ts';
import { buildWorld } from './world.ts';

export interface TikTokSimulator {
  app: FastifyInstance;
  control: SimulatorControl;
}

export function buildTikTokSimulator(options: SimulatorOptions = {}): TikTokSimulator {
  const world = buildWorld(options);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Long ids in the wildcard path segment must not trip the router's default 100-character limit.
    routerOptions: { maxParamLength: 1000 },
  });
  // Every body is kept as raw bytes: the signature covers them exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  for (const category of ['authorization', 'affiliate_seller', 'event']) {
    app.route({
      method: [...methods],
      url: `/${category}/*`,
      handler: (req, reply) => gatewayRoute(world, req, reply),
    });
  }
  registerConsentAndTokenRoutes(app, world);
  const control = createControl(world);
  if (options.controlRoutes !== false) registerControlRoutes(app, control);
  app.setNotFoundHandler((req, reply) => {
    const path = (req.raw.url ?? '/').split('?')[0];
    void reply.code(404).send(failure(36009009, `Invalid path. The path ${path} does not exist.`));
  });
  app.addHook('onClose', async () => world.webhooks.stop());
  return { app, control };
}
