/**
 * Cross-site refusal: state-changing calls a browser sends for another site answer 403
 * JSON; the app's own pages (same origin, or the `api.` sibling of its host) and clients that are no
 * browser (no Origin, no Sec-Fetch-Site: curl, the server-to-server tests) keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { isOurOrigin } from './cross-site.ts';
import { EXT_ORIGIN } from '../../contract/limits.ts';

describe('isOurOrigin', () => {
  it('takes the own host, the PWA host of an api. sibling and the configured origins only', () => {
    expect(isOurOrigin('https://desk.example.com', 'desk.example.com', [])).toBe(true);
    expect(isOurOrigin('http://desk.example.com', 'desk.example.com', [])).toBe(true); // TLS at a proxy
    expect(isOurOrigin('https://desk.example.com', 'api.desk.example.com', [])).toBe(true);
    expect(isOurOrigin('http://127.0.0.1:5180', '127.0.0.1:5180', [])).toBe(true);
    for (const evil of [
      'https://evil.example',
      'https://api.desk.example.com', // the reverse of the PWA host → its `api.` sibling
      'https://desk.example.com.evil.example',
      'http://127.0.0.1:5181',
      'null',
      'not a url',
    ]) {
      expect(isOurOrigin(evil, 'desk.example.com', []), evil).toBe(false);
    }
    expect(isOurOrigin('https://desk.example.com', 'other.example', [])).toBe(false);
    expect(isOurOrigin('chrome-extension://abc', 'desk.example.com', ['chrome-extension://abc'])).toBe(true);
    expect(isOurOrigin('https://pwa.example/', 'api.other', ['https://pwa.example'])).toBe(true);
  });
});

const OPS = 'o'.repeat(32);

describe('cross-site requests against the app', () => {
  let t: TestApp & { close(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      ALLOWED_ORIGINS: 'chrome-extension://plugin, https://pwa.example/',
      ALLOWED_HOSTS: 'desk.example.com',
      OPS_TOKEN: OPS,
    });
  });
  afterAll(async () => t.close());

  const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
    t.app.inject({
      method,
      url: `/api/v0.1${url}`,
      headers: { host: 'desk.example.com', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      ...(method === 'POST' ? { payload: 'language=en-us&phone=13800000000&password=x&isPassword=1' } : {}),
    });

  it('refuses sign-in and every other state-changing call from another site with 403 JSON', async () => {
    const u = await t.signUp();
    const refused = [
      await send('POST', '/member/getToken', { origin: 'https://evil.example' }),
      await send('POST', '/member/getToken', { 'sec-fetch-site': 'cross-site' }),
      await send('POST', '/member/getToken', { origin: 'null', 'sec-fetch-site': 'cross-site' }),
      await send('POST', '/tags/add', { origin: 'https://evil.example', token: u.token }),
      await send('POST', '/team/add', { 'sec-fetch-site': 'same-site', token: u.token }),
      // The spec's logout is a GET, and it changes state.
      await send('GET', '/member/logout?language=zh-cn', { 'sec-fetch-site': 'cross-site', token: u.token }),
      // An extension whose origin is not in ALLOWED_ORIGINS (Chromium sends it from the worker).
      await send('POST', '/tags/add', { origin: 'chrome-extension://other', token: u.token }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 40003, data: null });
    }
    expect(refused[0]!.json().msg).toBe(
      'Refused a request sent from another website. Please use CreatorDesk directly',
    );
    expect(refused[5]!.json().msg).toBe('已拒绝来自其他网站的请求，请直接在 CreatorDesk 中操作');
    // Nothing happened: the session still works.
    const me = await send('GET', '/member/info', { token: u.token });
    expect(me.json().code).toBe(200);
  });

  it('never signs out on HEAD: a cross-site HEAD is refused, any other has no route', async () => {
    const u = await t.signUp();
    const head = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'HEAD',
        url: '/api/v0.1/member/logout?language=en-us',
        headers: { host: 'desk.example.com', token: u.token, ...headers },
      });
    expect((await head({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await head({ origin: 'https://evil.example' })).statusCode).toBe(403);
    // Same site, or no browser at all: HEAD asks for no effect, and there is no HEAD sign-out.
    expect((await head({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(404);
    expect((await head({})).statusCode).toBe(404);
    const me = await send('GET', '/member/info', { token: u.token });
    expect(me.json().code).toBe(200);
    // Other GET calls keep their HEAD (a read has no effect to avoid).
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v0.1/health' })).statusCode).toBe(200);
    // GET still signs out, from the app itself.
    const out = await send('GET', '/member/logout?language=en-us', {
      token: u.token,
      'sec-fetch-site': 'same-origin',
    });
    expect(out.json().code).toBe(200);
    expect((await send('GET', '/member/info', { token: u.token })).json().code).not.toBe(200);
  });

  it("refuses a CSP report from another site and counts only our own pages' reports", async () => {
    const report = JSON.stringify({ 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'x' } });
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/csp-report',
        payload: report,
        headers: { host: 'desk.example.com', 'content-type': 'application/csp-report', ...headers },
      });
    const counted = async () => {
      const m = await t.app.inject({
        method: 'GET',
        url: '/ops/metrics',
        headers: { authorization: `Bearer ${OPS}` },
      });
      return Number(/creatordesk_csp_violations_total\{directive="img-src"\} (\d+)/.exec(m.body)?.[1] ?? 0);
    };
    const before = await counted();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 40003 });
    }
    expect(await counted()).toBe(before);
    expect(
      (await post({ origin: 'https://desk.example.com', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(204);
    expect((await post({})).statusCode).toBe(204);
    expect(await counted()).toBe(before + 2);
  });

  it('lets the app itself, configured origins and non-browser clients through', async () => {
    const passes: Record<string, string>[] = [
      { origin: 'http://desk.example.com', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'https://desk.example.com', 'sec-fetch-site': 'same-site' },
      { origin: 'chrome-extension://plugin', 'sec-fetch-site': 'none' },
      // CreatorDesk's own extension build: allowed without configuration.
      { origin: EXT_ORIGIN, 'sec-fetch-site': 'none' },
      { origin: 'https://pwa.example', 'sec-fetch-site': 'cross-site' },
      {}, // curl, server-to-server
    ];
    for (const [i, headers] of passes.entries()) {
      const res = await send('POST', '/member/getToken', { ...headers, 'x-forwarded-for': `10.7.0.${i}` });
      // Past the guard: the sign-in itself answers (wrong password), over HTTP 200.
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json().code, JSON.stringify(headers)).toBe(40001);
    }
    const apiSibling = await t.app.inject({
      method: 'POST',
      url: '/api/v0.1/member/getToken',
      headers: { host: 'api.desk.example.com', origin: 'https://desk.example.com' },
      payload: { language: 'en-us' },
    });
    expect(apiSibling.statusCode).toBe(200);
    // Reads are not state-changing: a cross-site GET is answered (it still needs the token header).
    const read = await send('GET', '/member/info', { 'sec-fetch-site': 'cross-site' });
    expect(read.json().code).toBe(10002);
  });
});
