import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('server core', (t) => {
  it('answers /health to anyone with liveness only: no engine, version or time', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v0.1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'Success', data: { status: 'ok' } });
    expect(res.body).not.toMatch(/sqlite|postgres|version|time/i);
  });

  it('answers unknown /api paths with a JSON 40004 in the request language', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/nope',
      payload: 'language=zh-cn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 40004, msg: '接口不存在', data: null });
  });

  it('rejects a body over the limit with 413 and JSON', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/health',
      payload: 'a=' + 'x'.repeat(9 * 1024 * 1024),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(40001);
  });

  it('sends security headers', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v0.1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});
