/**
 * A test app connected to the TikTok Shop simulator (server/integrations/tiktok-shop/simulator),
 * for the sync's data kinds: the simulator listens on loopback and every TikTok host points at it;
 * the app's adapter clock, the simulator's gateway and its shop world all read the test's clock
 * (moving it moves the shop on); the sync scheduler ticks only when a test asks and retries wait
 * no time. One seller with one US shop (or two, `secondUsShop`), small enough for a test.
 */
import type { Engine } from '../../server/db/dialect.ts';
import { defaultSellers } from '../../server/integrations/tiktok-shop/simulator/config.ts';
import {
  buildTikTokSimulator,
  type TikTokSimulator,
} from '../../server/integrations/tiktok-shop/simulator/simulator.ts';
import { createTestApp, type SignedIn, type TestApp } from './test-app.ts';

export interface SimHarness {
  app: TestApp & { close(): Promise<void> };
  sim: TikTokSimulator;
  clock: { ms: number };
  /** The simulated shop's id (the US shop). */
  shopId: string;
  /** Saves the simulator's app on `who`'s workspace, consents and lands on the callback. */
  connect(who: SignedIn): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function createSimHarness(
  engine: Engine,
  opts: { orderLines?: number; samples?: number; secondUsShop?: boolean } = {},
): Promise<SimHarness> {
  const clock = { ms: Date.now() };
  const [seller, another] = defaultSellers(opts.orderLines ?? 60);
  const shop = { ...seller!.shops[0]!, samples: opts.samples ?? 24, products: 12 };
  // `secondUsShop`: the seller also authorises a second US shop ("Another Shop"), so one country has two.
  const shops = opts.secondUsShop ? [shop, another!.shops[0]!] : [shop];
  const sim = buildTikTokSimulator({
    clock: () => clock.ms,
    seed: 42,
    sellers: [{ ...seller!, shops }],
    // The test's clock stands still between calls: no throttling unless a test asks for it.
    qps: { 'samples.search': null },
  });
  const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const app = await createTestApp(
    engine,
    {
      TTS_API_BASE: base,
      TTS_AUTH_BASE: base,
      TTS_CONSENT_BASE: base,
      TTS_CONSENT_BASE_US: base,
      SHOP_SYNC_TICK_SECONDS: '0',
      SECRETS_KEY: '5e'.repeat(32),
    },
    undefined,
    {
      ttsRuntime: {
        nowMs: () => clock.ms,
        sleep: async () => undefined,
        random: () => 0.5,
        retry: { maxAttempts: 3, baseMs: 1, capMs: 2, jitterMs: 0, maxRetryAfterMs: 60_000 },
      },
    },
  );

  const connect: SimHarness['connect'] = async (who) => {
    const { appKey, appSecret, serviceId } = sim.control.app;
    const saved = await app.call(
      'POST',
      '/shop/credentials.save',
      { app_key: appKey, app_secret: appSecret, service_id: serviceId },
      { token: who.token },
    );
    if (saved.code !== 200) throw new Error(`credentials.save: ${saved.code} ${saved.msg}`);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v0.1/shop/authorize',
      headers: { token: who.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'us=1&language=en-us',
    });
    const url = (res.json() as { data: { url: string } }).data.url;
    const state = new URL(url).searchParams.get('state') ?? '';
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const code = sim.control.createAuthCode();
    const back = await app.app.inject({
      method: 'GET',
      url: `/api/v0.1/shop/callback?${new URLSearchParams({ code, state }).toString()}`,
      headers: { cookie },
    });
    return new URL(String(back.headers.location ?? 'http://x/')).searchParams;
  };

  return {
    app,
    sim,
    clock,
    shopId: shop.id,
    connect,
    close: async () => {
      await app.close();
      await sim.app.close();
    },
  };
}
