/**
 * GET /sync/events: the live-update stream (contract/live.ts). Authenticated by the
 * `token` header like every call (the PWA's sync worker opens it with fetch, never with a token in
 * the URL); a refused token gets the JSON envelope with its code. A GET changes nothing, so the
 * cross-site guard lets it through; a foreign page cannot send the header anyway.
 */
import { LIVE_PATH } from '../../contract/live.ts';
import { authOf, tokenOf } from '../http/auth.ts';
import { LiveHub } from '../http/live-hub.ts';
import type { RegisterRoutes } from '../http/route-context.ts';

export const registerLiveRoutes: RegisterRoutes = (api, ctx) => {
  const hub = new LiveHub({
    db: ctx.db,
    feed: ctx.database.live,
    gauge: ctx.metrics.eventStreams,
    log: api.log,
  });
  api.addHook('onReady', () => hub.start());
  // Open streams would hold server.close() forever: end them first, so clients reconnect elsewhere.
  api.addHook('preClose', (done) => {
    hub.stop();
    done();
  });
  api.route({
    method: 'GET',
    url: LIVE_PATH,
    preHandler: ctx.requireAuth,
    // Compression would hold events back in the compressor's buffer.
    compress: false,
    handler: (req, reply) => hub.open(req, reply, authOf(req), tokenOf(req) ?? ''),
  });
};
