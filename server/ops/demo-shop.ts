/**
 * The demo's TikTok Shop (DEMO_SHOP): `npm start` runs the Partner API simulator in this process on
 * a free loopback port, points TikTok's hosts at it (unless TTS_* name them) and connects the demo
 * workspace the way an admin connects a real shop: the app's credentials saved through
 * /shop/credentials.save (the secret sealed as usual), a consent started through /shop/authorize,
 * the simulator's consent page approving at once, and the code exchanged by /shop/callback. The
 * simulator's world is the same on every start (fixed seed, app and seller), so a restart saves the
 * same app, re-authorises the same seller and shops (upserts) and syncs the same orders: nothing is
 * duplicated. docs/decisions/shop-connection.md "The demo's shop".
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../contract/constants.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import {
  buildTikTokSimulator,
  type TikTokSimulator,
} from '../integrations/tiktok-shop/simulator/simulator.ts';
import { DEMO_ACCOUNTS } from '../services/demo.ts';
import { hashToken, insertSession } from '../services/session.service.ts';

/** The generated shop's seed: the same orders on every start, so a restart's sync changes nothing. */
const DEMO_SHOP_SEED = 20260101;

export interface DemoShop {
  sim: TikTokSimulator;
  base: string;
  close(): Promise<void>;
}

/**
 * Starts the simulator on 127.0.0.1 (a free port) with a consent page that approves at once and
 * without its unauthenticated /_sim control routes (the demo needs none of them).
 */
export async function startDemoShop(): Promise<DemoShop> {
  const sim = buildTikTokSimulator({ seed: DEMO_SHOP_SEED, consent: 'approve', controlRoutes: false });
  const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  return { sim, base, close: () => sim.app.close() };
}

/** `config` with every TikTok host the environment does not set pointed at the simulator. */
export function withDemoHosts(config: Config, base: string, env: NodeJS.ProcessEnv): Config {
  const pick = (name: string, current: string) => (env[name]?.trim() ? current : base);
  const h = config.tts.hosts;
  return {
    ...config,
    tts: {
      ...config.tts,
      hosts: {
        ...h,
        apiBase: pick('TTS_API_BASE', h.apiBase),
        authBase: pick('TTS_AUTH_BASE', h.authBase),
        consentBase: pick('TTS_CONSENT_BASE', h.consentBase),
        consentBaseUs: pick('TTS_CONSENT_BASE_US', h.consentBaseUs),
      },
    },
  };
}

type Call = { code: number; msg?: string; data?: { url?: string } };

/**
 * Connects the English demo workspace to the simulator's seller through the routes a real admin
 * uses; resolves with the shops connected. A short-lived session of the demo admin stands in for
 * their browser and is logged out at the end.
 */
export async function connectDemoShop(
  app: FastifyInstance,
  database: Database,
  demo: DemoShop,
): Promise<number> {
  const { db } = database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'workspace_id'])
    .where('email', '=', DEMO_ACCOUNTS.en.email)
    .executeTakeFirst();
  if (!user) throw new Error('the demo account is missing');
  // A seller who tried their own app in the demo workspace keeps it: saving the simulator's app
  // would disconnect the shops authorised through theirs.
  const ws = Number(user.workspace_id);
  const own = await db
    .selectFrom('shop_apps')
    .select('app_key')
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  const others = await db
    .selectFrom('shop_connections')
    .innerJoin('shop_authorizations', 'shop_authorizations.id', 'shop_connections.authorization_id')
    .select('shop_connections.id')
    .where('shop_connections.workspace_id', '=', ws)
    .where('shop_connections.status', '!=', 'disconnected')
    .where('shop_authorizations.app_key', '!=', demo.sim.control.app.appKey)
    .executeTakeFirst();
  if ((own && own.app_key !== demo.sim.control.app.appKey) || others)
    throw new Error('the demo workspace uses its own TikTok Shop app');
  const now = Math.floor(Date.now() / 1000);
  const { token } = await db
    .transaction()
    .execute((trx) =>
      insertSession(trx, { id: Number(user.id), workspace_id: Number(user.workspace_id) }, now, 600),
    );
  const form = { token, 'content-type': 'application/x-www-form-urlencoded' };
  try {
    const { appKey, appSecret, serviceId } = demo.sim.control.app;
    const saved = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/shop/credentials.save`,
      headers: form,
      payload: new URLSearchParams({
        app_key: appKey,
        app_secret: appSecret,
        service_id: serviceId,
      }).toString(),
    });
    const s = saved.json<Call>();
    if (s.code !== 200) throw new Error(`saving the app: ${s.code} ${s.msg ?? ''}`);
    const started = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/shop/authorize`,
      headers: form,
      payload: 'us=1',
    });
    const a = started.json<Call>();
    if (a.code !== 200 || !a.data?.url) throw new Error(`starting the consent: ${a.code} ${a.msg ?? ''}`);
    const cookie = String(started.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    // The simulator's consent page approves at once and sends the browser back with code and state.
    const consent = await fetch(a.data.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '', demo.base).searchParams;
    const callback = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/shop/callback?${new URLSearchParams({
        code: back.get('code') ?? '',
        state: back.get('state') ?? '',
      }).toString()}`,
      headers: { cookie },
    });
    const landed = new URL(String(callback.headers.location ?? ''), 'http://demo').searchParams;
    const connected = Number(landed.get('connected') ?? NaN);
    if (!Number.isInteger(connected)) throw new Error(`the callback: ${landed.get('error') ?? 'no answer'}`);
    return connected;
  } finally {
    await db
      .updateTable('sessions')
      .set({ revoked_at: Math.floor(Date.now() / 1000), revoked_reason: 'logout' })
      .where('token_hash', '=', hashToken(token))
      .execute();
  }
}
