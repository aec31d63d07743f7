/**
 * The Host rule (DNS rebinding): a page on another name that resolves to this server is its own
 * origin, so only the host names this install is for are served; the rest answer 421 before any
 * route runs. Settings parse the way Caddy takes a site address; a bad entry stops the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEMO_ACCOUNTS } from '../services/demo.ts';
import { ensureDemoAccounts } from '../services/seed.service.ts';
import { encodeForm } from '../../contract/wire.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { hostOfEntry, isServedHost, listensEverywhere, parseHostList } from './host-guard.ts';

const SERVED = parseHostList('desk.example.com, 192.168.1.20 [fd00::5]').hosts;

describe('isServedHost', () => {
  const cases: [host: string | undefined, served: boolean][] = [
    ['127.0.0.1:5180', true],
    ['127.0.0.1', true],
    ['127.4.5.6:80', true],
    ['localhost:5180', true],
    ['LOCALHOST', true],
    ['localhost.:5180', true],
    ['app.localhost:5173', true],
    ['[::1]:5180', true],
    ['[::1]', true],
    ['[::ffff:127.0.0.1]:5180', true],
    ['desk.example.com', true],
    ['Desk.Example.COM:443', true],
    ['desk.example.com.:8443', true],
    ['api.desk.example.com', true],
    ['192.168.1.20:5180', true],
    ['[fd00::5]:5180', true],
    ['[fd00:0::5]', true],
    // A rebinding page's own name, whatever it resolves to.
    ['evil.example:5180', false],
    ['evil.example', false],
    ['localhost.evil.example:5180', false],
    ['127.0.0.1.nip.io:5180', false],
    ['desk.example.com.evil.example', false],
    ['evildesk.example.com', false],
    ['api.api.desk.example.com', false],
    ['api.evil.example', false],
    ['api.192.168.1.20', false],
    ['www.desk.example.com', false],
    ['192.168.1.21:5180', false],
    ['10.0.0.1', false],
    ['[fd00::6]', false],
    ['[::2]', false],
    // Not a Host header at all.
    [undefined, false],
    ['', false],
    ['desk.example.com:80:80', false],
    ['user@127.0.0.1', false],
    ['127.0.0.1/x', false],
    ['[::1', false],
    ['[not-ip]:80', false],
    ['exa mple.com', false],
  ];
  it.each(cases)('%s → %s', (host, served) => {
    expect(isServedHost(host, SERVED)).toBe(served);
  });

  it('serves only loopback names when nothing is configured', () => {
    expect(isServedHost('localhost:5180', [])).toBe(true);
    expect(isServedHost('desk.example.com', [])).toBe(false);
    expect(isServedHost('api.localhost', [])).toBe(true);
  });
});

describe('host settings', () => {
  it('reads entries the way Caddy takes a site address, ports and schemes left out', () => {
    expect(hostOfEntry('desk.example.com')).toBe('desk.example.com');
    expect(hostOfEntry('https://Desk.Example.com:443/')).toBe('desk.example.com');
    expect(hostOfEntry('team.creatordesk.test:40123')).toBe('team.creatordesk.test');
    expect(hostOfEntry('desk.example.com.')).toBe('desk.example.com');
    expect(hostOfEntry('bücher.example')).toBe('xn--bcher-kva.example');
    expect(hostOfEntry('192.168.1.20')).toBe('192.168.1.20');
    expect(hostOfEntry('[::1]:5180')).toBe('::1');
    expect(hostOfEntry('FD00:0:0::5')).toBe('fd00::5');
    for (const bad of ['*.example.com', ':443', 'a..b', '[::1', '[zz]:80', 'http://', '.example.com'])
      expect(hostOfEntry(bad), bad).toBeNull();
    expect(parseHostList(' a.example, b.example  c.example ,,').hosts).toEqual([
      'a.example',
      'b.example',
      'c.example',
    ]);
  });

  it('takes CREATORDESK_SITE and ALLOWED_HOSTS together and refuses to start on an entry that names no host', () => {
    const config = loadConfig({
      CREATORDESK_SITE: 'desk.example.com',
      ALLOWED_HOSTS: '192.168.1.20,desk.example.com',
    });
    expect(config.servedHosts).toEqual(['desk.example.com', '192.168.1.20']);
    expect(loadConfig({}).servedHosts).toEqual([]);
    // HOST naming one address serves it; every interface or loopback adds nothing.
    expect(loadConfig({ HOST: '192.168.1.20' }).servedHosts).toEqual(['192.168.1.20']);
    for (const host of ['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'])
      expect(loadConfig({ HOST: host }).servedHosts, host).toEqual([]);
    expect(listensEverywhere('0.0.0.0') && listensEverywhere('::')).toBe(true);
    expect(listensEverywhere('127.0.0.1') || listensEverywhere('192.168.1.20')).toBe(false);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'ok.example, *.example.com' })).toThrow(
      /ALLOWED_HOSTS: '\*\.example\.com' is not a host name or IP address/,
    );
    expect(() => loadConfig({ CREATORDESK_SITE: ':443' })).toThrow(/CREATORDESK_SITE: ':443'/);
  });
});

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`requests for another host [${engine}]`, () => {
    const OPS = 'o'.repeat(32);
    let t: TestApp & { close(): Promise<void> };
    beforeAll(async () => {
      t = await createTestApp(engine, { CREATORDESK_SITE: 'desk.example.com', OPS_TOKEN: OPS });
      await ensureDemoAccounts(t.database);
    });
    afterAll(async () => t?.close());

    const inject = (
      method: 'GET' | 'POST',
      url: string,
      host: string,
      o: { token?: string; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
    ) =>
      t.app.inject({
        method,
        url,
        headers: {
          host,
          'content-type': 'application/x-www-form-urlencoded',
          ...(o.token ? { token: o.token } : {}),
          ...o.headers,
        },
        ...(method === 'POST' ? { payload: encodeForm({ language: 'en-us', ...o.body }) } : {}),
      });
    const signIn = (host: string, headers: Record<string, string> = {}) =>
      inject('POST', '/api/v0.1/member/getToken', host, {
        headers,
        body: {
          sys_tag: 'tiktok-sys',
          isPassword: 1,
          email: DEMO_ACCOUNTS.en.email,
          password: DEMO_ACCOUNTS.en.password,
          force: 1,
        },
      });

    it('refuses a DNS-rebinding page: no sign-in with the demo login, no reads, no writes (421)', async () => {
      const rebound = { origin: 'http://evil.example:5180', 'sec-fetch-site': 'same-origin' };
      const refused = await signIn('evil.example:5180', rebound);
      expect(refused.statusCode).toBe(421);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.json()).toMatchObject({ code: 40003, data: null });
      expect(refused.json().msg).toMatch(/does not answer for this address/);
      // Even with a token (a page cannot have one, but the refusal does not depend on it).
      const own = await signIn('127.0.0.1:5180', { origin: 'http://127.0.0.1:5180' });
      expect(own.json().code).toBe(200);
      const token = own.json().data.token as string;
      const list = await inject('POST', '/api/v0.1/blogger/lists', 'evil.example:5180', {
        token,
        headers: rebound,
        body: { country: 'US', page: 1, limit: 10 },
      });
      expect(list.statusCode).toBe(421);
      expect(list.body).not.toContain('unique_id');
      const tag = await inject('POST', '/api/v0.1/tags/add', 'evil.example:5180', {
        token,
        headers: rebound,
        body: { country: 'US', title: 'rebound' },
      });
      expect(tag.statusCode).toBe(421);
      const tags = await inject('POST', '/api/v0.1/tags/lists', 'localhost:5180', {
        token,
        body: { country: 'US', page: 1, limit: 100 },
      });
      expect(tags.json().code).toBe(200);
      expect(JSON.stringify(tags.json().data)).not.toContain('rebound');
      // The Chinese message for a zh-cn client.
      const zh = await inject('GET', '/api/v0.1/health?language=zh-cn', 'evil.example');
      expect(zh.json().msg).toContain('不接受这个地址的访问');
    });

    it('refuses every kind of answer for another host, and serves loopback and the configured site', async () => {
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/home'],
        ['GET', '/files/uploads/x.png'],
        ['POST', '/csp-report'],
        ['GET', '/ops/ready'],
      ] as const) {
        const res = await inject(method, url, 'evil.example:5180', {
          headers: { authorization: `Bearer ${OPS}` },
        });
        expect(res.statusCode, url).toBe(421);
        expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
        // The refusal carries the security headers like every other answer.
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      }
      for (const host of [
        '127.0.0.1:5181',
        'localhost',
        '[::1]:5180',
        'desk.example.com',
        'api.desk.example.com:443',
      ]) {
        const health = await inject('GET', '/api/v0.1/health', host);
        expect(health.statusCode, host).toBe(200);
        expect(health.json().code, host).toBe(200);
      }
      // Caddy's health checks call each process by its dial address, 127.0.0.1:<port>.
      const ready = await inject('GET', '/ops/ready', '127.0.0.1:5181', {
        headers: { authorization: `Bearer ${OPS}` },
      });
      expect(ready.statusCode).toBe(200);
      // A LAN address is not served until it is listed (HOST=0.0.0.0 installs set ALLOWED_HOSTS).
      expect((await inject('GET', '/api/v0.1/health', '192.168.1.20:5180')).statusCode).toBe(421);
    });

    it('checks the forwarded host a trusted proxy reports as well as Host', async () => {
      const forwarded = (xfh: string) =>
        inject('GET', '/api/v0.1/health', 'localhost:5180', { headers: { 'x-forwarded-host': xfh } });
      expect((await forwarded('evil.example')).statusCode).toBe(421);
      expect((await forwarded('desk.example.com')).statusCode).toBe(200);
    });
  });
}
