/**
 * Public liveness: `{status: 'ok'}` and nothing else (no engine, version or time for strangers).
 * Readiness and the details live behind the ops token (server/ops/ops.routes.ts).
 */
import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';

export const registerHealthRoutes: RegisterRoutes = (api) => {
  api.get('/health', async (req) => ok(req, { status: 'ok' as const }));
};
