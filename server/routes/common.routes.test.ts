import { describe, expect, it } from 'vitest';
import { createTestApp, describeEngines } from '../../tests/helpers/test-app.ts';
import { createRedeemCodes } from '../services/vip.service.ts';

const DAY = 24 * 3600;
let n = 0;
/** A fresh valid phone per test, so the per-phone limits of one test do not leak into another. */
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++n).padStart(4, '0')}`;
/** Each test gets its own client address, so per-IP limits stay out of the way. */
const ip = () => ({ 'x-forwarded-for': `10.1.${n % 250}.${(n * 7) % 250}` });

describeEngines('POST /common/sms', (t) => {
  it('sends a 6-digit code that the test hook returns', async () => {
    const p = phone();
    const res = await t().call('POST', '/common/sms', { phone: p }, { headers: ip() });
    expect(res).toMatchObject({
      code: 200,
      msg: 'The code has been sent',
      data: { resend_after: 120, expires_in: 300 },
    });
    const hook = await t().call('GET', '/test/sms', { phone: p });
    expect(hook.data.code).toMatch(/^\d{6}$/);
    const row = await t()
      .database.db.selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', p)
      .executeTakeFirstOrThrow();
    expect(row.code).toBe(hook.data.code);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(300);
  });

  it('refuses a second send within 120 s with 40029 and the seconds left', async () => {
    const p = phone();
    expect((await t().call('POST', '/common/sms', { phone: p }, { headers: ip() })).code).toBe(200);
    const again = await t().call('POST', '/common/sms', { phone: p }, { headers: ip() });
    expect(again.code).toBe(40029);
    expect(again.msg).toMatch(/^Please wait 1[12]\d seconds/);
    const zh = await t().call('POST', '/common/sms', { phone: p }, { language: 'zh-cn', headers: ip() });
    expect(zh.msg).toMatch(/请1[12]\d秒后再试/);
  });

  it('allows at most 10 codes per phone per day', async () => {
    const p = phone();
    const old = Math.floor(Date.now() / 1000) - 3600;
    await t()
      .database.db.insertInto('sms_codes')
      .values(
        Array.from({ length: 10 }, () => ({
          phone: p,
          code: '000000',
          created_at: old,
          expires_at: old + 300,
          used_at: null,
          ip: null,
        })),
      )
      .execute();
    const res = await t().call('POST', '/common/sms', { phone: p }, { headers: ip() });
    expect(res.code).toBe(40029);
    expect(res.msg).toBe('This phone number has reached the daily limit of codes');
  });

  it('limits sends per client address', async () => {
    const headers = { 'x-forwarded-for': '10.250.0.1' };
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await t().call('POST', '/common/sms', { phone: phone() }, { headers })).code);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(codes[30]).toBe(40029);
  });

  it('rejects a missing or malformed phone with 40001 in both languages', async () => {
    expect(await t().call('POST', '/common/sms', {})).toMatchObject({
      code: 40001,
      msg: 'Enter your phone number',
    });
    expect(await t().call('POST', '/common/sms', {}, { language: 'zh-cn' })).toMatchObject({
      code: 40001,
      msg: '请输入手机号',
    });
    for (const bad of ['1380013800', '138001380000', '12800138000', 'abcdefghijk']) {
      const res = await t().call('POST', '/common/sms', { phone: bad });
      expect(res, bad).toMatchObject({ code: 40001, msg: 'The phone number is wrong: enter 11 digits' });
    }
    const zh = await t().call('POST', '/common/sms', { phone: '123' }, { language: 'zh-cn' });
    expect(zh.msg).toBe('手机号格式错误，请输入11位手机号');
  });
});

describeEngines('POST /common/vip.open', (t) => {
  it('grants the code days from now, then extends from the current end', async () => {
    const u = await t().signUp();
    const [a, b] = await createRedeemCodes(t().database.db, 2, 30);
    const before = Math.floor(Date.now() / 1000);
    const first = await t().call(
      'POST',
      '/common/vip.open',
      { code: ` ${a!.toLowerCase()} `, phone: '13000000000' },
      { token: u.token },
    );
    expect(first.code).toBe(200);
    expect(first.data.vip.tier).toBe('vip');
    const end1 = first.data.vip.end_time as number;
    expect(end1 - before - 30 * DAY).toBeGreaterThanOrEqual(0);
    expect(end1 - before - 30 * DAY).toBeLessThan(5);
    expect(first.msg).toBe(`VIP is active until ${new Date(end1 * 1000).toISOString().slice(0, 10)}`);
    const second = await t().call(
      'POST',
      '/common/vip.open',
      { code: b },
      { token: u.token, language: 'zh-cn' },
    );
    expect(second.data.vip.end_time).toBe(end1 + 30 * DAY);
    expect(second.msg).toMatch(/^VIP开通成功，有效期至\d{4}-\d{2}-\d{2}$/);
    const info = await t().call('GET', '/member/info', {}, { token: u.token });
    expect(info.data.vip).toEqual({ tier: 'vip', end_time: end1 + 30 * DAY });
  });

  it('answers 40009 for a used code, also for another account', async () => {
    const u = await t().signUp();
    const other = await t().signUp();
    const [code] = await createRedeemCodes(t().database.db, 1, 7);
    expect((await t().call('POST', '/common/vip.open', { code }, { token: u.token })).code).toBe(200);
    const again = await t().call('POST', '/common/vip.open', { code }, { token: other.token });
    expect(again).toMatchObject({ code: 40009, msg: 'This redeem code has already been used' });
    const info = await t().call('GET', '/member/info', {}, { token: other.token });
    expect(info.data.vip).toEqual({ tier: 'normal', end_time: null });
  });

  it('validates the code and answers 40004 for an unknown one', async () => {
    const u = await t().signUp();
    const call = (code: string | undefined, language?: 'zh-cn') =>
      t().call('POST', '/common/vip.open', code === undefined ? {} : { code }, { token: u.token, language });
    expect(await call(undefined)).toMatchObject({ code: 40001, msg: 'Enter the redeem code' });
    expect(await call('   ', 'zh-cn')).toMatchObject({ code: 40001, msg: '请输入兑换码' });
    expect(await call('ABC')).toMatchObject({ code: 40001, msg: 'The redeem code is 16 letters and digits' });
    expect(await call('ABCD-1234')).toMatchObject({ code: 40001 });
    expect(await call('ABCDEFGHIJKLMNO')).toMatchObject({ code: 40001 }); // 15
    // 16 characters, and the 9 of codes issued before them (still redeemable).
    expect(await call('ZZZZZZZZZZZZZZZZ')).toMatchObject({
      code: 40004,
      msg: 'This redeem code does not exist',
    });
    expect(await call('ZZZZZZZZZ')).toMatchObject({ code: 40004, msg: 'This redeem code does not exist' });
    expect((await t().call('POST', '/common/vip.open', { code: 'ZZZZZZZZZ' })).code).toBe(10002);
  });
});

describeEngines('POST /common/vip.open guess resistance', (t) => {
  const open = (token: string, code: string, addr: string) =>
    t().call('POST', '/common/vip.open', { code }, { token, headers: { 'x-forwarded-for': addr } });

  it('redeems codes issued before 16 characters (9), and new codes carry 82 bits', async () => {
    const u = await t().signUp();
    await t()
      .database.db.insertInto('redeem_codes')
      .values({ code: 'OLDCODE99', days: 5, created_at: 1, used_by: null, used_at: null })
      .execute();
    expect((await open(u.token, 'oldcode99', '10.8.0.9')).code).toBe(200);
    const [fresh] = await createRedeemCodes(t().database.db, 1, 1);
    expect(fresh).toMatch(/^[A-Z0-9]{16}$/); // 36^16 ≈ 2^82.7
  });

  it('stops a user after 10 wrong codes in an hour, even with a real code, per user and per address', async () => {
    const guesser = await t().signUp();
    const [real] = await createRedeemCodes(t().database.db, 1, 30);
    for (let i = 0; i < 10; i++) {
      const res = await open(guesser.token, `WRONGCODE${String(i).padStart(7, '0')}`, `10.8.1.${i}`);
      expect(res.code).toBe(40004);
    }
    const blocked = await open(guesser.token, real!, '10.8.1.99');
    expect(blocked).toMatchObject({
      code: 40029,
      msg: 'Too many wrong redeem codes. Try again in 60 minutes',
    });
    // Another user on a clean address is not affected, and the real code was not spent.
    const other = await t().signUp();
    expect((await open(other.token, real!, '10.8.2.1')).code).toBe(200);
    // 30 wrong codes from one address stop every account there.
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('rate_events')
      .values(Array.from({ length: 30 }, () => ({ key: 'vip_fail:ip:10.8.3.1', created_at: t0 })))
      .execute();
    expect((await open(other.token, 'ZZZZZZZZZZZZZZZZ', '10.8.3.1')).code).toBe(40029);
  });
});

describe('GET /test/sms', () => {
  it('exists only when config.testHooks is on', async () => {
    const app = await createTestApp('sqlite', { TEST_HOOKS: '0' });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/v0.1/test/sms?phone=13800138000' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(40004);
    } finally {
      await app.close();
    }
  });
});

describe('client addresses without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot dodge the per-address SMS limit', async () => {
    const app = await createTestApp('sqlite', { TRUST_PROXY: '0' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const headers = { 'x-forwarded-for': `10.9.${i}.1` };
        codes.push((await app.call('POST', '/common/sms', { phone: phone() }, { headers })).code);
      }
      expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(codes[30]).toBe(40029);
    } finally {
      await app.close();
    }
  });
});
