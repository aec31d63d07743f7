/**
 * The Partner API simulator beside a browser test's server. The server's address must be known
 * before the simulator is built (its saved redirect and webhook URLs point at the server), and the
 * simulator's before the server starts (TTS_* bases): the port is picked first, then both start on
 * it. Registers the file's beforeAll/afterAll; call it before browserSuite(env) so the server sees
 * the filled `env`.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  buildTikTokSimulator,
  type TikTokSimulator,
} from '../../server/integrations/tiktok-shop/simulator/simulator.ts';
import { freePort } from './server-process.ts';

export interface SimulatedShop {
  /** The server's environment: its port and TikTok's hosts (plus `extraEnv`). */
  readonly env: Record<string, string>;
  /** The running simulator (after beforeAll). */
  sim(): TikTokSimulator;
}

export function simulatedShop(
  app: { appKey: string; appSecret: string; serviceId: string },
  consent: 'page' | 'approve',
  extraEnv: Record<string, string> = {},
): SimulatedShop {
  const env: Record<string, string> = {};
  let sim: TikTokSimulator | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    sim = buildTikTokSimulator({
      app: {
        ...app,
        redirectUrl: `${site}/api/v0.1/shop/callback`,
        webhookUrl: `${site}/api/v0.1/shop/webhook`,
      },
      orderLines: 20,
      consent,
    });
    const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(env, {
      PORT: String(port),
      TTS_API_BASE: base,
      TTS_AUTH_BASE: base,
      TTS_CONSENT_BASE: base,
      TTS_CONSENT_BASE_US: base,
      ...extraEnv,
    });
  });
  afterAll(async () => {
    await sim?.app.close();
  });
  return {
    env,
    sim: () => {
      if (!sim) throw new Error('the simulator is not started yet');
      return sim;
    },
  };
}
