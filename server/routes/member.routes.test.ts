import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { hashToken } from '../services/session.service.ts';

const SYS = { sys_tag: 'tiktok-sys' };
let n = 0;
const ip = () => ({ 'x-forwarded-for': `10.2.${++n % 250}.1` });
const login = (t: () => TestApp, body: Record<string, unknown>, language?: 'zh-cn' | 'en-us') =>
  t().call('POST', '/member/getToken', { ...SYS, isPassword: 1, ...body }, { language, headers: ip() });
const info = (t: () => TestApp, token: string) => t().call('GET', '/member/info', {}, { token });

describeEngines('POST /member/getToken (sign-in)', (t) => {
  it('answers 10020 while another session is live, and force=1 replaces it (old token → 10007)', async () => {
    const u = await t().signUp();
    const first = await login(t, { phone: u.phone, password: u.password });
    expect(first).toEqual({
      code: 10020,
      msg: 'This account is signed in elsewhere. Sign in here anyway?',
      data: null,
    });
    const zh = await login(t, { phone: u.phone, password: u.password }, 'zh-cn');
    expect(zh.msg).toBe('该账号已在其他地方登录，是否继续在此登录？');
    expect((await info(t, u.token)).code).toBe(200);

    const before = Math.floor(Date.now() / 1000);
    const forced = await login(t, { phone: u.phone, password: u.password, force: 1 });
    expect(forced.code).toBe(200);
    expect(forced.msg).toBe('Signed in');
    const d = forced.data;
    expect(Object.keys(d).sort()).toEqual([
      'login_time',
      'member_name',
      'phone',
      'token',
      'token_expiration_time',
    ]);
    expect(d.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.phone).toBe(u.phone);
    expect(d.login_time).toBeGreaterThanOrEqual(before);
    expect(d.token_expiration_time - d.login_time).toBe(7 * 24 * 3600);

    const old = await info(t, u.token);
    expect(old).toMatchObject({ code: 10007, msg: 'Your account was signed in somewhere else' });
    const me = await info(t, d.token);
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({
      phone: u.phone,
      email: '',
      login_time: d.login_time,
      vip: { tier: 'normal' },
    });

    const row = await t()
      .database.db.selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(u.token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('replaced');
    const stored = await t().database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === d.token)).toBe(false);
  });

  it('signs in an email account by email, case-insensitively, also from the phone field', async () => {
    const u = await t().signUp({ email: 'Seller.One@Example.com' });
    const res = await login(t, { email: 'SELLER.ONE@example.com', password: u.password, force: 1 });
    expect(res.code).toBe(200);
    expect(res.data.phone).toBe('');
    const viaPhoneField = await login(t, { phone: 'seller.one@example.com', password: u.password, force: 1 });
    expect(viaPhoneField.code).toBe(200);
    expect((await info(t, viaPhoneField.data.token)).data.email).toBe('seller.one@example.com');
  });

  it('gives one message for a wrong password and an unknown account, in both languages', async () => {
    const u = await t().signUp();
    const wrong = await login(t, { phone: u.phone, password: 'nope-nope', force: 1 });
    const unknown = await login(t, { phone: '13111111111', password: 'nope-nope', force: 1 });
    const unknownEmail = await login(t, { email: 'nobody@example.com', password: 'x', force: 1 });
    expect(wrong).toEqual({ code: 40001, msg: 'Wrong account or password', data: null });
    expect(unknown).toEqual(wrong);
    expect(unknownEmail).toEqual(wrong);
    expect((await login(t, { phone: u.phone, password: 'nope' }, 'zh-cn')).msg).toBe('账号或密码错误');
  });

  it('validates every field of the form with 40001 naming it, in both languages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'x' }, 'Enter your email or phone number', '请输入手机号'],
      [
        { phone: '1380013800', password: 'x' },
        'Enter a phone number (11 digits) or an email address',
        '请输入正确的手机号（11位）或邮箱',
      ],
      [
        { email: 'not-an-email', password: 'x' },
        'Enter a phone number (11 digits) or an email address',
        '请输入正确的手机号（11位）或邮箱',
      ],
      [{ phone: '13800138000' }, 'Enter your password', '请输入密码'],
      [{ phone: '13800138000', isPassword: 2 }, 'Enter the SMS code', '请输入验证码'],
      [
        { phone: '13800138000', isPassword: 2, phoneCode: '12a' },
        'The SMS code is 6 digits',
        '验证码为6位数字',
      ],
      [
        { email: 'a@b.co', isPassword: 2, phoneCode: '123456' },
        'Sign-in by SMS code needs a phone number',
        '验证码登录请输入手机号',
      ],
      [
        { phone: '13800138000', password: 'x', isPassword: 3 },
        'The sign-in mode (isPassword) must be 1 or 2',
        '登录方式（isPassword）只能为1或2',
      ],
      [
        { phone: '13800138000', password: 'x', sys_tag: 'other' },
        'Invalid system tag (sys_tag)',
        '系统标识（sys_tag）错误',
      ],
    ];
    for (const [body, en, zh] of cases) {
      expect(await login(t, body), JSON.stringify(body)).toMatchObject({ code: 40001, msg: en });
      expect((await login(t, body, 'zh-cn')).msg, JSON.stringify(body)).toBe(zh);
    }
  });

  it('answers 10004 for an expired token, and then signs in without force', async () => {
    const u = await t().signUp();
    await t()
      .database.db.updateTable('sessions')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('token_hash', '=', hashToken(u.token))
      .execute();
    expect((await info(t, u.token)).code).toBe(10004);
    expect((await login(t, { phone: u.phone, password: u.password })).code).toBe(200);
  });

  /** A sign-in from one fixed address, with the HTTP status (limits answer 429). */
  const loginFrom = async (addr: string, body: Record<string, unknown>) => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/member/getToken',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': addr },
      payload: new URLSearchParams({ ...SYS, isPassword: '1', language: 'en-us', ...body }).toString(),
    });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], ...res.json() };
  };

  it('slows down a guesser on one address after 5 failures (HTTP 429); the owner elsewhere still signs in', async () => {
    const u = await t().signUp();
    const guess = { phone: u.phone!, password: 'wrong!', force: '1' };
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.9.0.1', guess)).code).toBe(40001);
    const slowed = await loginFrom('10.9.0.1', { ...guess, password: u.password });
    expect(slowed).toMatchObject({
      status: 429,
      code: 40029,
      msg: 'Too many failed sign-ins. Try again in 1 minute',
    });
    expect(Number(slowed.retryAfter)).toBeGreaterThan(20);
    expect(Number(slowed.retryAfter)).toBeLessThanOrEqual(30);
    // The real owner on another network is not locked out (the old 15-minute account lock was).
    const owner = await loginFrom('10.9.0.2', { phone: u.phone!, password: u.password, force: '1' });
    expect(owner).toMatchObject({ status: 200, code: 200 });
  });

  it('counts failures by email and by phone against one account (from one address)', async () => {
    const u = await t().signUp({ email: 'both@example.com', phone: '13300001234' });
    for (let i = 0; i < 3; i++)
      await loginFrom('10.9.1.1', { email: 'both@example.com', password: 'wrong!' });
    for (let i = 0; i < 2; i++) await loginFrom('10.9.1.1', { phone: '13300001234', password: 'wrong!' });
    const res = await loginFrom('10.9.1.1', { email: 'both@example.com', password: u.password, force: '1' });
    expect(res.code).toBe(40029);
    // A success elsewhere clears nothing here, and the wait ends on its own (rate-limit.test.ts).
    expect(
      (await loginFrom('10.9.1.2', { phone: '13300001234', password: u.password, force: '1' })).code,
    ).toBe(200);
  });

  it('refuses an address with 50 failed sign-ins in 15 minutes (any accounts) with HTTP 429', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('rate_events')
      .values(Array.from({ length: 50 }, () => ({ key: 'login_fail:ip:10.9.2.1', created_at: t0 - 60 })))
      .execute();
    const u = await t().signUp();
    const res = await loginFrom('10.9.2.1', { phone: u.phone!, password: u.password, force: '1' });
    expect(res).toMatchObject({
      status: 429,
      code: 40029,
      msg: 'Too many failed sign-ins from this network. Try again in 14 minutes',
    });
  });

  it('refuses sign-ups from an address with 20 in the hour with HTTP 429 and a clear msg', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('rate_events')
      .values(Array.from({ length: 20 }, () => ({ key: 'register:ip:10.9.3.1', created_at: t0 - 60 })))
      .execute();
    const body = { type: 'register', email: 'late@example.com', password: 'Secret#123' };
    const res = await loginFrom('10.9.3.1', body);
    expect(res).toMatchObject({ status: 429, code: 40029 });
    expect(res.msg).toMatch(/^Too many sign-ups from this network. Try again in 59 minutes$/);
    expect((await loginFrom('10.9.3.2', body)).code).toBe(200);
  });

  it('refuses a disabled account with 40003 after a correct password only', async () => {
    const u = await t().signUp();
    await t().database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', u.userId).execute();
    expect((await login(t, { phone: u.phone, password: 'wrong!', force: 1 })).code).toBe(40001);
    const res = await login(t, { phone: u.phone, password: u.password, force: 1 }, 'zh-cn');
    expect(res).toEqual({ code: 40003, msg: '账号已被禁用', data: null });
  });
});

describeEngines('GET /member/logout and /member/info', (t) => {
  it('logs out the current session (→ 10003), after which sign-in needs no force', async () => {
    const u = await t().signUp({ name: 'Lee' });
    const me = await info(t, u.token);
    expect(me.data).toMatchObject({ member_name: 'Lee', phone: u.phone, email: '' });
    const out = await t().call('GET', '/member/logout', {}, { token: u.token, language: 'zh-cn' });
    expect(out).toEqual({ code: 200, msg: '已退出登录', data: null });
    expect((await info(t, u.token)).code).toBe(10003);
    expect((await t().call('GET', '/member/logout', {}, { token: u.token })).code).toBe(10003);
    expect((await login(t, { phone: u.phone, password: u.password })).code).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t().call('GET', '/member/info')).code).toBe(10002);
    expect((await t().call('GET', '/member/logout')).code).toBe(10002);
    expect((await t().call('GET', '/member/info', {}, { token: 'x'.repeat(43) })).code).toBe(10003);
  });
});
