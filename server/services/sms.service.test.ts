import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { consoleSmsProvider } from './sms/console.provider.ts';
import { createSmsProvider } from './sms.service.ts';

let n = 0;
const ip = () => ({ 'x-forwarded-for': `10.4.${++n % 250}.3` });

async function codeFor(t: () => TestApp, p: string): Promise<string> {
  await t()
    .database.db.updateTable('sms_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', 121) }))
    .where('phone', '=', p)
    .execute();
  const sent = await t().call('POST', '/common/sms', { phone: p }, { headers: ip() });
  if (sent.code !== 200) throw new Error(`sms: ${sent.code} ${sent.msg}`);
  return (await t().call('GET', '/test/sms', { phone: p })).data.code;
}
const smsLogin = (t: () => TestApp, phone: string | null, phoneCode: string, force = 0) =>
  t().call('POST', '/member/getToken', { phone, phoneCode, isPassword: 2, force }, { headers: ip() });
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEngines('SMS codes', (t) => {
  it('signs in by SMS code once; the same code then fails', async () => {
    const u = await t().signUp();
    const code = await codeFor(t, u.phone!);
    const res = await smsLogin(t, u.phone, code, 1);
    expect(res.code).toBe(200);
    expect(res.data.phone).toBe(u.phone);
    const again = await smsLogin(t, u.phone, code, 1);
    expect(again).toMatchObject({ code: 40001, msg: 'The SMS code is wrong or has expired' });
  });

  it('keeps the code when the answer is 10020, so the forced retry can use it', async () => {
    const u = await t().signUp();
    const code = await codeFor(t, u.phone!);
    expect((await smsLogin(t, u.phone, code)).code).toBe(10020);
    expect((await smsLogin(t, u.phone, code, 1)).code).toBe(200);
  });

  it('refuses an expired code', async () => {
    const u = await t().signUp();
    const code = await codeFor(t, u.phone!);
    await t()
      .database.db.updateTable('sms_codes')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('phone', '=', u.phone!)
      .execute();
    expect((await smsLogin(t, u.phone, code, 1)).code).toBe(40001);
  });

  it('accepts only the latest code of a phone', async () => {
    const u = await t().signUp();
    const first = await codeFor(t, u.phone!);
    const second = await codeFor(t, u.phone!);
    if (first !== second) expect((await smsLogin(t, u.phone, first, 1)).code).toBe(40001);
    expect((await smsLogin(t, u.phone, second, 1)).code).toBe(200);
  });

  it('kills a code after 5 wrong guesses', async () => {
    const u = await t().signUp();
    const code = await codeFor(t, u.phone!);
    for (let i = 0; i < 5; i++) expect((await smsLogin(t, u.phone, other(code), 1)).code).toBe(40001);
    expect((await smsLogin(t, u.phone, code, 1)).code).toBe(40001);
    // A new code works again.
    expect((await smsLogin(t, u.phone, await codeFor(t, u.phone!), 1)).code).toBe(200);
  });

  it('does not sign in an unknown phone, with the same message as a wrong password', async () => {
    const p = '13599990000';
    const res = await smsLogin(t, p, await codeFor(t, p), 1);
    expect(res).toEqual({ code: 40001, msg: 'Wrong account or password', data: null });
  });
});

/** A loopback stand-in for the SMS gateway; `status` decides its next answers. */
function standIn() {
  const received: { body: unknown; auth: string | undefined; type: string | undefined }[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += String(d)));
    req.on('end', () => {
      received.push({
        body: JSON.parse(raw),
        auth: req.headers.authorization,
        type: req.headers['content-type'],
      });
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received, state };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`http SMS provider [${engine}]`, () => {
    const gw = standIn();
    let app: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      await new Promise<void>((r) => gw.server.listen(0, '127.0.0.1', r));
      const port = (gw.server.address() as AddressInfo).port;
      app = await createTestApp(engine, {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
        SMS_HTTP_KEY: 'k-123',
      });
    });
    afterAll(async () => {
      await app?.close();
      await new Promise((r) => gw.server.close(r));
    });

    it('posts {phone, code} as JSON with the key, and stores the code it sent', async () => {
      const res = await app.call('POST', '/common/sms', { phone: '13700001111' });
      expect(res.code).toBe(200);
      expect(gw.received).toHaveLength(1);
      const [req] = gw.received;
      expect(req!.auth).toBe('Bearer k-123');
      expect(req!.type).toBe('application/json');
      const stored = await app.call('GET', '/test/sms', { phone: '13700001111' });
      expect(req!.body).toEqual({ phone: '13700001111', code: stored.data.code });
    });

    it('answers 50000 when the gateway fails, and keeps no code, so the user may retry at once', async () => {
      gw.state.status = 502;
      const res = await app.call('POST', '/common/sms', { phone: '13700002222' }, { language: 'zh-cn' });
      expect(res).toEqual({ code: 50000, msg: '验证码发送失败，请稍后再试', data: null });
      expect((await app.call('GET', '/test/sms', { phone: '13700002222' })).data.code).toBeNull();
      gw.state.status = 200;
      expect((await app.call('POST', '/common/sms', { phone: '13700002222' })).code).toBe(200);
    });
  });
}

describe('SMS provider choice', () => {
  it('defaults to console, which writes the code to the app log', async () => {
    const provider = createSmsProvider(loadConfig({}));
    expect(provider).toBe(consoleSmsProvider);
    const lines: { obj: object; msg: string }[] = [];
    await provider.send(
      { phone: '13800138000', code: '123456' },
      { info: (obj, msg) => lines.push({ obj, msg }) },
    );
    expect(lines).toEqual([
      { obj: { sms: { phone: '13800138000', code: '123456' } }, msg: 'SMS code for 13800138000: 123456' },
    ]);
  });

  it('refuses SMS_PROVIDER=http without SMS_HTTP_URL at start-up', () => {
    expect(() => createSmsProvider(loadConfig({ SMS_PROVIDER: 'http' }))).toThrow(/SMS_HTTP_URL/);
    expect(
      createSmsProvider(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:1/' })).name,
    ).toBe('http');
  });
});
