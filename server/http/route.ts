/**
 * Registers a route from its contract entry: method and path come from contract/, the request is
 * parsed with the entry's schema (40001 naming the field on failure), and `auth: true` entries
 * run behind the token check. Handlers receive the parsed input and return an envelope.
 *
 *   route(api, ctx, tagEndpoints.tagsAdd, async (req, input) =>
 *     mutation(ctx.db, req, async (trx, auth) => ok(req, await addTag(trx, auth, input), 'added')));
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint.ts';
import type { Envelope } from '../../contract/wire.ts';
import type { RouteContext } from './route-context.ts';
import { markPhase } from './request-trace.ts';
import { parseRequest } from './validate.ts';
import { isStateChangingGet } from './cross-site.ts';
import { API_PREFIX } from '../../contract/constants.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A browser extension's token may make this call (the endpoint's `extension: true`). */
    extension?: boolean;
  }
}

export function route<E extends Endpoint>(
  api: FastifyInstance,
  ctx: RouteContext,
  ep: E,
  handler: (
    req: FastifyRequest,
    input: z.infer<E['request']>,
    /** For the few calls that set a header (a cookie); the envelope is still the answer. */
    reply: FastifyReply,
  ) => Promise<Envelope<unknown>>,
): void {
  api.route({
    method: ep.method,
    url: ep.path,
    // HEAD asks what a GET would answer without its effects, so a GET that changes state
    // (sign-out) gets no HEAD twin: HEAD /member/logout is a 404 and signs nobody out.
    exposeHeadRoute: !isStateChangingGet(`${API_PREFIX}${ep.path}`),
    preHandler: ep.auth ? ctx.requireAuth : undefined,
    // Whether a paired browser extension's token may call it; requireAuth reads it.
    config: { extension: ep.extension === true },
    handler: async (req, reply) => {
      markPhase(req, 'handler');
      const env = await handler(req, parseRequest(ep.request, req) as z.infer<E['request']>, reply);
      markPhase(req, 'handled');
      return env;
    },
  });
}
