/**
 * DEMO_SHOP's setting and the hosts it points at the simulator (server/ops/demo-shop.ts); the
 * connection itself is tested on the real process in tests/reliability/demo-shop.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { withDemoHosts } from './demo-shop.ts';

describe('DEMO_SHOP', () => {
  it('follows SEED_DEMO when unset, and never runs without the demo seed', () => {
    expect(loadConfig({}).demoShop).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).demoShop).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0', DEMO_SHOP: '1' }).demoShop).toBe(false);
    expect(loadConfig({ DEMO_SHOP: '0' }).demoShop).toBe(false);
    expect(() => loadConfig({ DEMO_SHOP: 'yes' })).toThrow(/DEMO_SHOP/);
  });

  it('points every TikTok host the environment leaves unset at the simulator, and keeps one it sets', () => {
    const sim = 'http://127.0.0.1:40123';
    const env = { TTS_AUTH_BASE: 'http://127.0.0.1:9999' };
    const hosts = withDemoHosts(loadConfig(env), sim, env).tts.hosts;
    expect(hosts).toMatchObject({
      apiBase: sim,
      authBase: 'http://127.0.0.1:9999',
      consentBase: sim,
      consentBaseUs: sim,
    });
    const none = withDemoHosts(loadConfig({}), sim, {}).tts.hosts;
    expect([none.apiBase, none.authBase, none.consentBase, none.consentBaseUs]).toEqual([sim, sim, sim, sim]);
  });
});
