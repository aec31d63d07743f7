/**
 * Security headers on every kind of answer: the app shell, a built asset, the service
 * worker, an API answer and an uploaded file carry the same policy (no eval, connect-src limited
 * to the app's origin, no framing, violations reported); HSTS only over HTTPS, and only when the
 * proxy that says so is trusted; CSP reports are counted and never fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { FIXTURE_ASSET, makeWebDir } from '../../tests/helpers/web-fixture.ts';
import { CSP_REPORT_PATH, HSTS } from './security-headers.ts';

let t: TestApp & { close(): Promise<void> };
let untrusted: TestApp & { close(): Promise<void> };
const webDir = makeWebDir();

beforeAll(async () => {
  t = await createTestApp('sqlite', { WEB_DIR: webDir, OPS_TOKEN: 'o'.repeat(32) });
  untrusted = await createTestApp('sqlite', { WEB_DIR: webDir, TRUST_PROXY: '0' });
  fs.mkdirSync(path.join(t.config.filesDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(t.config.filesDir, 'uploads', 'pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterAll(async () => {
  await t.close();
  await untrusted.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

const directives = (csp: unknown): Map<string, string> =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );

describe('security headers', () => {
  it('every kind of answer carries the same policy: no eval, own origin only, no framing', async () => {
    const answers = {
      shell: await get(t, '/home'),
      asset: await get(t, FIXTURE_ASSET),
      worker: await get(t, '/sw.js'),
      api: await get(t, '/api/v0.1/health'),
      file: await get(t, '/files/uploads/pic.png'),
      notFound: await get(t, '/api/v0.1/nope'),
    };
    for (const [what, res] of Object.entries(answers)) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), what).toBe("'self'");
      expect(csp.get('script-src'), what).toBe("'self'");
      expect(csp.get('connect-src'), what).toBe("'self'");
      expect(csp.get('frame-ancestors'), what).toBe("'none'");
      expect(csp.get('object-src'), what).toBe("'none'");
      expect(csp.get('report-uri'), what).toBe(CSP_REPORT_PATH);
      expect(String(res.headers['content-security-policy']), what).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], `${what} over plain HTTP`).toBeUndefined();
    }
    expect(answers.shell.statusCode).toBe(200);
    expect(answers.shell.body).toContain(FIXTURE_ASSET);
    expect(answers.asset.statusCode).toBe(200);
    expect(answers.file.statusCode).toBe(200);
  });

  it('sends HSTS over HTTPS as the trusted proxy reports it, never on a client’s say-so', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of ['/home', FIXTURE_ASSET, '/api/v0.1/health']) {
      expect((await get(t, url, https)).headers['strict-transport-security'], url).toBe(HSTS);
      expect((await get(untrusted, url, https)).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('counts CSP violation reports by directive and answers 204, whatever the body', async () => {
    const report = (payload: string, type = 'application/csp-report') =>
      t.app.inject({ method: 'POST', url: CSP_REPORT_PATH, payload, headers: { 'content-type': type } });
    const single = JSON.stringify({
      'csp-report': {
        'document-uri': 'https://desk.example/home',
        'effective-directive': 'script-src',
        'blocked-uri': 'eval',
      },
    });
    const batch = JSON.stringify([
      {
        type: 'csp-violation',
        body: { effectiveDirective: 'connect-src', blockedURL: 'https://evil.example' },
      },
      { type: 'csp-violation', body: { effectiveDirective: '"><script>', blockedURL: 'x' } },
    ]);
    expect((await report(single)).statusCode).toBe(204);
    expect((await report(batch, 'application/reports+json')).statusCode).toBe(204);
    expect((await report('{not json')).statusCode).toBe(204);
    expect((await report(single, 'application/json')).statusCode).toBe(204);
    const metrics = await get(t, '/ops/metrics', { authorization: `Bearer ${'o'.repeat(32)}` });
    const lines = metrics.body.split('\n').filter((l) => l.startsWith('creatordesk_csp_violations_total{'));
    expect(lines.sort()).toEqual([
      'creatordesk_csp_violations_total{directive="connect-src"} 1',
      'creatordesk_csp_violations_total{directive="other"} 1',
      'creatordesk_csp_violations_total{directive="script-src"} 2',
    ]);
  });
});
