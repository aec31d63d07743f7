import type { RegisterRoutes } from '../http/route-context.ts';
import { ok } from '../http/envelope.ts';

export const registerHealthRoutes: RegisterRoutes = (api, { database }) => {
  api.get('/health', async (req) =>
    ok(req, { engine: database.engine, time: Math.floor(Date.now() / 1000) }),
  );
};
