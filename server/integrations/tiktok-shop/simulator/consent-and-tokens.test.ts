/**
 * Consent, the code exchange and the token lifecycle: single-use 30-minute codes, absolute expiries,
 * refresh rotation, expiry and revocation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TikTokSimulator } from './simulator.ts';
import { buildTikTokSimulator } from './simulator.ts';
import { simClient } from './test-client.ts';
import { webhookSignature } from './signature.ts';

const REDIRECT = 'https://creatordesk.example/tiktok-shop/callback';
const SHOPS = '/authorization/202309/shops';

let sims: TikTokSimulator[] = [];
const make = (opts: Parameters<typeof buildTikTokSimulator>[0] = {}) => {
  const sim = buildTikTokSimulator({ orderLines: 10, app: { redirectUrl: REDIRECT }, ...opts });
  sims.push(sim);
  return sim;
};
afterEach(async () => {
  await Promise.all(sims.map((s) => s.app.close()));
  sims = [];
});

async function consent(sim: TikTokSimulator, decision: 'authorize' | 'deny', state = 'st+ate/1') {
  const { serviceId } = sim.control.app;
  const page = await sim.app.inject({
    method: 'GET',
    url: `/open/authorize?service_id=${serviceId}&state=${encodeURIComponent(state)}`,
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('>Authorize</button>');
  expect(page.body).toContain('>Deny</button>');
  const form = new URLSearchParams({ service_id: serviceId, state, decision }).toString();
  const res = await sim.app.inject({
    method: 'POST',
    url: '/open/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

async function tokenCall(sim: TikTokSimulator, path: string, query: Record<string, string>) {
  const res = await sim.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}` });
  return { status: res.statusCode, json: JSON.parse(res.body) };
}

const getToken = (sim: TikTokSimulator, code: string, grant = 'authorized_code') =>
  tokenCall(sim, '/api/v2/token/get', {
    app_key: sim.control.app.appKey,
    app_secret: sim.control.app.appSecret,
    auth_code: code,
    grant_type: grant,
  });

const refresh = (sim: TikTokSimulator, refreshToken: string) =>
  tokenCall(sim, '/api/v2/token/refresh', {
    app_key: sim.control.app.appKey,
    app_secret: sim.control.app.appSecret,
    refresh_token: refreshToken,
    grant_type: 'refresh_token',
  });

describe('consent', () => {
  it('redirects to the saved redirect URL with code and state after Authorize', async () => {
    const sim = make();
    const url = await consent(sim, 'authorize');
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('st+ate/1');
    expect(url.searchParams.get('code')).toMatch(/^ROW_\w+/);
    expect(url.searchParams.has('error')).toBe(false);
  });

  it('reports Deny as an empty code with error=auth_denied', async () => {
    const url = await consent(make(), 'deny');
    expect(url.searchParams.get('code')).toBe('');
    expect(url.searchParams.get('error')).toBe('auth_denied');
    expect(url.searchParams.get('state')).toBe('st+ate/1');
  });

  it('can approve at once (no page) and refuses an unknown service id', async () => {
    const sim = make({ consent: 'approve' });
    const res = await sim.app.inject({
      method: 'GET',
      url: `/open/authorize?service_id=${sim.control.app.serviceId}&state=s`,
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('code')).toMatch(/^ROW_/);
    const bad = await sim.app.inject({ method: 'GET', url: '/open/authorize?service_id=123&state=s' });
    expect(bad.statusCode).toBe(400);
  });

  it('escapes the state on the page', async () => {
    const sim = make();
    const res = await sim.app.inject({
      method: 'GET',
      url: `/open/authorize?service_id=${sim.control.app.serviceId}&state=${encodeURIComponent('"><script>x</script>')}`,
    });
    expect(res.body).not.toContain('<script>x');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('token exchange', () => {
  it('exchanges a code once for the documented shape with absolute expiries', async () => {
    const sim = make();
    const code = (await consent(sim, 'authorize')).searchParams.get('code')!;
    const before = sim.control.now();
    const res = await getToken(sim, code);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(0);
    expect(res.json.message).toBe('success');
    const d = res.json.data;
    expect(Object.keys(d)).toEqual([
      'access_token',
      'access_token_expire_in',
      'refresh_token',
      'refresh_token_expire_in',
      'open_id',
      'seller_name',
      'seller_base_region',
      'user_type',
      'granted_scopes',
    ]);
    expect(d.access_token_expire_in).toBeGreaterThanOrEqual(before + 7 * 86_400);
    expect(d.access_token_expire_in).toBeLessThanOrEqual(sim.control.now() + 7 * 86_400);
    expect(d.refresh_token_expire_in).toBeGreaterThan(d.access_token_expire_in);
    expect(d.user_type).toBe(0);
    expect(d.granted_scopes).toContain('seller.affiliate_collaboration.read');
    const again = await getToken(sim, code);
    expect(again.json.code).toBe(36004004);
    expect(again.json.data).toBeNull();
  });

  it('lets a code lapse after 30 minutes', async () => {
    const sim = make();
    const code = sim.control.createAuthCode();
    sim.control.advanceTime(30 * 60);
    expect((await getToken(sim, code)).json.code).toBe(36004004);
    const fresh = sim.control.createAuthCode();
    sim.control.advanceTime(29 * 60);
    expect((await getToken(sim, fresh)).json.code).toBe(0);
  });

  it('checks app_key, app_secret and the grant_type literal', async () => {
    const sim = make();
    const code = sim.control.createAuthCode();
    expect((await getToken(sim, code, 'authorization_code')).json.code).toBe(36009004);
    const badSecret = await tokenCall(sim, '/api/v2/token/get', {
      app_key: sim.control.app.appKey,
      app_secret: 'wrong',
      auth_code: code,
      grant_type: 'authorized_code',
    });
    expect([badSecret.status, badSecret.json.code]).toEqual([400, 36009004]);
    // The failed attempts did not spend the code.
    expect((await getToken(sim, code)).json.code).toBe(0);
  });

  it('grants the scopes configured for the seller at consent time', async () => {
    const sim = make();
    const openId = sim.control.sellers()[0]!.openId;
    sim.control.setConsentScopes(openId, ['seller.affiliate_collaboration.read']);
    const res = await getToken(sim, sim.control.createAuthCode(openId));
    expect(res.json.data.granted_scopes).toEqual(['seller.affiliate_collaboration.read']);
  });
});

describe('token lifecycle', () => {
  it('rotates the refresh token: the old one stops working, the new pair works', async () => {
    const sim = make();
    const first = sim.control.issueTokens();
    const res = await refresh(sim, first.refresh_token);
    expect(res.json.code).toBe(0);
    expect(res.json.data.refresh_token).not.toBe(first.refresh_token);
    expect(res.json.data.access_token).not.toBe(first.access_token);
    expect(res.json.data.refresh_token_expire_in).toBe(first.refresh_token_expire_in);
    const reused = await refresh(sim, first.refresh_token);
    expect(reused.json.code).toBe(36004005);
    const client = simClient(sim);
    client.setToken(res.json.data.access_token);
    expect((await client.call('GET', SHOPS)).json.code).toBe(0);
  });

  it('expires access tokens on demand (105002) and recovers by refreshing', async () => {
    const sim = make();
    const pair = sim.control.issueTokens();
    const client = simClient(sim);
    client.setToken(pair.access_token);
    expect(sim.control.expireAccessTokens()).toBe(1);
    expect((await client.call('GET', SHOPS)).json.code).toBe(105002);
    const renewed = await refresh(sim, pair.refresh_token);
    client.setToken(renewed.json.data.access_token);
    expect((await client.call('GET', SHOPS)).json.code).toBe(0);
  });

  it('expires refresh tokens on demand: refresh answers 36004001', async () => {
    const sim = make();
    const pair = sim.control.issueTokens();
    sim.control.expireRefreshTokens();
    expect((await refresh(sim, pair.refresh_token)).json.code).toBe(36004001);
  });

  it('revokes an authorization: calls fail as an unknown token, refresh as a missing record, and a webhook goes out', async () => {
    const received: { auth: string | undefined; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const sim = make({ app: { redirectUrl: REDIRECT, webhookUrl: url } });
      const pair = sim.control.issueTokens();
      const client = simClient(sim);
      client.setToken(pair.access_token);
      const deliveries = await sim.control.revokeAuthorization();
      expect(deliveries.map((d) => d.status)).toEqual([200, 200]); // both shops of the seller
      expect((await client.call('GET', SHOPS)).json.code).toBe(36009004);
      expect((await refresh(sim, pair.refresh_token)).json.code).toBe(36004005);
      expect(received).toHaveLength(2);
      const { appKey, appSecret } = sim.control.app;
      for (const r of received) {
        expect(r.auth).toBe(webhookSignature(appKey, appSecret, r.body));
        expect(JSON.parse(r.body).type).toBe(6);
      }
    } finally {
      server.close();
    }
  });

  it('a new consent replaces the previous authorization and its tokens', async () => {
    const sim = make();
    const first = sim.control.issueTokens();
    const second = sim.control.issueTokens();
    const client = simClient(sim);
    client.setToken(first.access_token);
    expect((await client.call('GET', SHOPS)).json.code).toBe(36009004);
    expect((await refresh(sim, first.refresh_token)).json.code).toBe(36004005);
    client.setToken(second.access_token);
    expect((await client.call('GET', SHOPS)).json.code).toBe(0);
  });

  it('refuses POST on the token host (36009010)', async () => {
    const sim = make();
    const res = await sim.app.inject({ method: 'POST', url: '/api/v2/token/get' });
    expect(JSON.parse(res.body).code).toBe(36009010);
  });
});
