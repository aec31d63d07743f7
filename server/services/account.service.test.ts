import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { hashToken } from './session.service.ts';
import { TOKEN_TTL_SECONDS } from '../../contract/constants.ts';
import { passwordRuns } from './password.ts';

let n = 0;
const ip = () => ({ 'x-forwarded-for': `10.3.${++n % 250}.2` });
const phone = () => `136${String(process.pid % 10000).padStart(4, '0')}${String(++n).padStart(4, '0')}`;

/** Sends a code to `p` through the API and reads it back through the test hook. */
async function codeFor(t: () => TestApp, p: string): Promise<string> {
  // Let a previous code of this phone age past the 120 s countdown.
  await t()
    .database.db.updateTable('sms_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', 121) }))
    .where('phone', '=', p)
    .execute();
  const sent = await t().call('POST', '/common/sms', { phone: p }, { headers: ip() });
  if (sent.code !== 200) throw new Error(`sms: ${sent.code} ${sent.msg}`);
  return (await t().call('GET', '/test/sms', { phone: p })).data.code;
}
const register = (t: () => TestApp, body: Record<string, unknown>, language: 'zh-cn' | 'en-us') =>
  t().call(
    'POST',
    '/member/getToken',
    { sys_tag: 'tiktok-sys', type: 'register', partner: 'creatordesk', ...body },
    { language, headers: ip() },
  );

describeEngines('register (getToken type=register)', (t) => {
  it('registers a zh-cn account by phone + SMS code + password and signs it in', async () => {
    const p = phone();
    const res = await register(
      t,
      { phone: p, phoneCode: await codeFor(t, p), password: 'Secret#123' },
      'zh-cn',
    );
    expect(res.code).toBe(200);
    expect(res.msg).toBe('注册成功');
    expect(res.data).toMatchObject({ phone: p, member_name: `${p.slice(0, 3)}****${p.slice(-4)}` });
    expect(res.data.token_expiration_time - res.data.login_time).toBe(TOKEN_TTL_SECONDS);
    const me = await t().call('GET', '/member/info', {}, { token: res.data.token });
    expect(me.data).toMatchObject({ phone: p, email: '', vip: { tier: 'normal', end_time: null } });
    const user = await t()
      .database.db.selectFrom('users')
      .selectAll()
      .where('phone', '=', p)
      .executeTakeFirstOrThrow();
    expect(user.region).toBe('zh-cn');
    expect(user.password_hash).not.toContain('Secret');
    // The code is spent, and the phone is taken now.
    const dup = await register(
      t,
      { phone: p, phoneCode: await codeFor(t, p), password: 'Secret#123' },
      'zh-cn',
    );
    expect(dup).toMatchObject({ code: 40009, msg: '该手机号已注册' });
    // An en-us sign-up with that phone cannot take it either.
    const viaEmail = await register(
      t,
      { email: 'takes.phone@example.com', phone: p, phoneCode: await codeFor(t, p), password: 'Secret#123' },
      'en-us',
    );
    expect(viaEmail).toMatchObject({ code: 40009, msg: 'This phone number is already registered' });
  });

  it('registers an en-us account by email + password, then refuses the same email in any case', async () => {
    const res = await register(t, { email: 'New.Seller@Example.com', password: 'Secret#123' }, 'en-us');
    expect(res).toMatchObject({
      code: 200,
      msg: 'Your account is ready',
      data: { phone: '', member_name: 'New.Seller' },
    });
    const dup = await register(t, { email: 'new.seller@example.COM', password: 'Secret#123' }, 'en-us');
    expect(dup).toMatchObject({ code: 40009, msg: 'This email address is already registered' });
    const again = await t().call(
      'POST',
      '/member/getToken',
      { email: 'new.seller@example.com', password: 'Secret#123', isPassword: 1 },
      { headers: ip() },
    );
    expect(again.code).toBe(10020);
  });

  it('accepts an optional verified phone on en-us registration', async () => {
    const p = phone();
    const noCode = await register(
      t,
      { email: 'with.phone@example.com', phone: p, password: 'Secret#123' },
      'en-us',
    );
    expect(noCode).toMatchObject({ code: 40001, msg: 'Enter the SMS code' });
    const res = await register(
      t,
      { email: 'with.phone@example.com', phone: p, phoneCode: await codeFor(t, p), password: 'Secret#123' },
      'en-us',
    );
    expect(res.code).toBe(200);
    expect(res.data.phone).toBe(p);
  });

  it('rejects a wrong SMS code without using up the phone', async () => {
    const p = phone();
    const code = await codeFor(t, p);
    const wrong = await register(
      t,
      { phone: p, phoneCode: code === '000000' ? '111111' : '000000', password: 'Secret#123' },
      'zh-cn',
    );
    expect(wrong).toMatchObject({ code: 40001, msg: '验证码错误或已过期' });
    expect((await register(t, { phone: p, phoneCode: code, password: 'Secret#123' }, 'zh-cn')).code).toBe(
      200,
    );
  });

  it('validates each field with 40001 in the language of the form', async () => {
    const p = '13912345678';
    // The register form follows the request language (zh-cn: phone + code; en-us: email), so
    // zh-cn rules answer in Chinese and en-us rules in English.
    const zh: [Record<string, unknown>, string][] = [
      [{ password: 'Secret#123' }, '请输入手机号'],
      [{ phone: '1391234567', password: 'Secret#123' }, '手机号格式错误，请输入11位手机号'],
      [{ phone: '12912345678', password: 'Secret#123' }, '手机号格式错误，请输入11位手机号'],
      [{ phone: p, password: 'Secret#123' }, '请输入验证码'],
      [{ phone: p, phoneCode: '12345', password: 'Secret#123' }, '验证码为6位数字'],
      [{ phone: p, phoneCode: '123456' }, '请输入密码'],
      [{ phone: p, phoneCode: '123456', password: '12345' }, '密码长度为6-64个字符'],
    ];
    for (const [body, msg] of zh) {
      expect(await register(t, body, 'zh-cn'), JSON.stringify(body)).toMatchObject({ code: 40001, msg });
    }
    const en: [Record<string, unknown>, string][] = [
      [{ password: 'Secret#123' }, 'Enter your email address'],
      [{ email: 'nope', password: 'Secret#123' }, 'The email address is not valid'],
      [
        { email: 'a@b.co', phone: '123', password: 'Secret#123' },
        'The phone number is wrong: enter 11 digits',
      ],
      [{ email: 'a@b.co' }, 'Enter your password'],
      [{ email: 'a@b.co', password: 'x'.repeat(65) }, 'The password must be 6 to 64 characters'],
    ];
    for (const [body, msg] of en) {
      expect(await register(t, body, 'en-us'), JSON.stringify(body)).toMatchObject({ code: 40001, msg });
    }
  });
});

describeEngines('PUT /member/change.pw', (t) => {
  const change = (token: string, body: Record<string, unknown>, language: 'zh-cn' | 'en-us' = 'en-us') =>
    t().call('PUT', '/member/change.pw', body, { token, language });

  it('checks password, repassword and phoneCode in that order, then equality, in both languages', async () => {
    const u = await t().signUp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'Enter your password', '请输入密码'],
      [{ repassword: 'Secret#9', phoneCode: '123456' }, 'Enter your password', '请输入密码'],
      [{ password: 'abc' }, 'The password must be 6 to 64 characters', '密码长度为6-64个字符'],
      [{ password: 'Secret#9' }, 'Repeat the new password', '请再次输入密码'],
      [{ password: 'Secret#9', repassword: 'Secret#9' }, 'Enter the SMS code', '请输入验证码'],
      [
        { password: 'Secret#9', repassword: 'Secret#9', phoneCode: '12' },
        'The SMS code is 6 digits',
        '验证码为6位数字',
      ],
      [
        { password: 'Secret#9', repassword: 'Secret#8', phoneCode: '123456' },
        'The repeated password does not match',
        '两次输入的密码不一致',
      ],
      [
        { password: 'Secret#9', repassword: 'Secret#9', phoneCode: '123456' },
        'The SMS code is wrong or has expired',
        '验证码错误或已过期',
      ],
    ];
    for (const [body, en, zh] of cases) {
      expect(await change(u.token, body), JSON.stringify(body)).toMatchObject({ code: 40001, msg: en });
      expect((await change(u.token, body, 'zh-cn')).msg, JSON.stringify(body)).toBe(zh);
    }
  });

  it('changes the password, keeps this session and signs out the others (→ 10009)', async () => {
    const u = await t().signUp();
    // A second live session of the same account (e.g. made before one-session-per-account applied).
    const other = 'other-session-token-0123456789abcdefghijklmn';
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('sessions')
      .values({
        user_id: u.userId,
        token_hash: hashToken(other),
        workspace_id: u.workspaceId,
        created_at: t0,
        expires_at: t0 + 3600,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    const code = await codeFor(t, u.phone!);
    const res = await change(u.token, {
      password: 'NewSecret#1',
      repassword: 'NewSecret#1',
      phoneCode: code,
    });
    expect(res).toEqual({ code: 200, msg: 'Password changed. Other devices must sign in again', data: null });
    expect((await t().call('GET', '/member/info', {}, { token: other })).code).toBe(10009);
    expect((await t().call('GET', '/member/info', {}, { token: u.token })).code).toBe(200);
    const login = (password: string) =>
      t().call(
        'POST',
        '/member/getToken',
        { phone: u.phone, password, isPassword: 1, force: 1 },
        { headers: ip() },
      );
    expect((await login(u.password)).code).toBe(40001);
    const fresh = await login('NewSecret#1');
    expect(fresh.code).toBe(200);
    // That sign-in replaced the session the password was changed from; the code was single use.
    expect((await t().call('GET', '/member/info', {}, { token: u.token })).code).toBe(10007);
    const reuse = await change(fresh.data.token, {
      password: 'Another#1',
      repassword: 'Another#1',
      phoneCode: code,
    });
    expect(reuse).toMatchObject({ code: 40001, msg: 'The SMS code is wrong or has expired' });
  });

  /** A password change from one client address, with the HTTP status (the guess limits answer 429). */
  const changeFrom = async (
    addr: string,
    token: string,
    body: Record<string, string>,
    language = 'en-us',
  ) => {
    const res = await t().app.inject({
      method: 'PUT',
      url: '/api/v0.1/member/change.pw',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': addr, token },
      payload: new URLSearchParams({ language, ...body }).toString(),
    });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
  };
  const signInFrom = (addr: string, body: Record<string, unknown>) =>
    t().call(
      'POST',
      '/member/getToken',
      { sys_tag: 'tiktok-sys', isPassword: 1, force: 1, ...body },
      { headers: { 'x-forwarded-for': addr } },
    );

  it('asks an account without a phone for its current password first, then new and repeat, in both languages', async () => {
    const u = await t().signUp({ email: 'order@example.com' });
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'Enter your current password', '请输入当前密码'],
      // An SMS code is no proof for an account without a phone: the current password is asked for.
      [
        { password: 'NewSecret#1', repassword: 'NewSecret#1', phoneCode: '123456' },
        'Enter your current password',
        '请输入当前密码',
      ],
      [{ oldPassword: u.password }, 'Enter your password', '请输入密码'],
      [
        { oldPassword: u.password, password: 'abc' },
        'The password must be 6 to 64 characters',
        '密码长度为6-64个字符',
      ],
      [{ oldPassword: u.password, password: 'NewSecret#1' }, 'Repeat the new password', '请再次输入密码'],
      [
        { oldPassword: u.password, password: 'NewSecret#1', repassword: 'NewSecret#2' },
        'The repeated password does not match',
        '两次输入的密码不一致',
      ],
    ];
    for (const [body, en, zh] of cases) {
      expect(await changeFrom('10.7.0.1', u.token, body), JSON.stringify(body)).toMatchObject({
        code: 40001,
        msg: en,
      });
      expect((await changeFrom('10.7.0.1', u.token, body, 'zh-cn')).msg, JSON.stringify(body)).toBe(zh);
    }
    // None of these was a password guess: the sign-in limits of that address are untouched.
    expect((await signInFrom('10.7.0.1', { email: 'order@example.com', password: u.password })).code).toBe(
      200,
    );
  });

  it("changes an email account's password with the current one: the new one signs in, the old one no longer does", async () => {
    const u = await t().signUp({ email: 'current@example.com' });
    const other = await signInFrom('10.7.1.2', { email: 'current@example.com', password: u.password });
    expect(other.code).toBe(200);
    // The sign-in above replaced u's session (one per account): this one changes the password.
    const mine = other.data.token as string;
    const elsewhere = await t().signUp({ email: 'elsewhere@example.com' }); // another account, untouched
    const res = await changeFrom('10.7.1.1', mine, {
      oldPassword: u.password,
      password: 'NewSecret#1',
      repassword: 'NewSecret#1',
    });
    expect(res).toMatchObject({
      status: 200,
      code: 200,
      msg: 'Password changed. Other devices must sign in again',
    });
    expect((await t().call('GET', '/member/info', {}, { token: mine })).code).toBe(200);
    expect((await t().call('GET', '/member/info', {}, { token: elsewhere.token })).code).toBe(200);
    expect((await signInFrom('10.7.1.3', { email: 'current@example.com', password: u.password })).code).toBe(
      40001,
    );
    const fresh = await signInFrom('10.7.1.3', { email: 'current@example.com', password: 'NewSecret#1' });
    expect(fresh.code).toBe(200);
    expect((await t().call('GET', '/member/info', {}, { token: mine })).code).toBe(10007);
    const stored = await t()
      .database.db.selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain('NewSecret');
  });

  it("signs out the account's other sessions (10009) after a change by current password", async () => {
    const u = await t().signUp({ email: 'others@example.com' });
    const other = 'other-session-token-abcdefghijklmnopqrstuvwxyz01';
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('sessions')
      .values({
        user_id: u.userId,
        token_hash: hashToken(other),
        workspace_id: u.workspaceId,
        created_at: t0,
        expires_at: t0 + 3600,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    const body = { oldPassword: u.password, password: 'NewSecret#1', repassword: 'NewSecret#1' };
    expect((await changeFrom('10.7.2.1', u.token, body)).code).toBe(200);
    expect((await t().call('GET', '/member/info', {}, { token: other })).code).toBe(10009);
    expect((await t().call('GET', '/member/info', {}, { token: u.token })).code).toBe(200);
  });

  it('refuses a wrong current password (40001) and counts it as a failed sign-in of the account and address', async () => {
    const u = await t().signUp({ email: 'guess@example.com' });
    const guess = { oldPassword: 'not-it', password: 'NewSecret#1', repassword: 'NewSecret#1' };
    for (let i = 0; i < 5; i++) {
      expect(await changeFrom('10.7.3.1', u.token, guess)).toMatchObject({
        status: 200,
        code: 40001,
        msg: 'The current password is wrong',
      });
    }
    expect((await changeFrom('10.7.3.1', u.token, guess, 'zh-cn')).msg).toBe(
      '密码错误次数过多，请1分钟后再试',
    );
    // The 6th attempt waits, even with the right password, and so does a sign-in from that address.
    const right = { ...guess, oldPassword: u.password };
    expect(await changeFrom('10.7.3.1', u.token, right)).toMatchObject({
      status: 429,
      code: 40029,
      msg: 'Too many wrong passwords. Try again in 1 minute',
    });
    expect((await signInFrom('10.7.3.1', { email: 'guess@example.com', password: u.password })).code).toBe(
      40029,
    );
    // Nothing changed; the owner on another address changes it.
    expect((await changeFrom('10.7.3.2', u.token, right)).code).toBe(200);
  });

  it('lets 5 of 50 parallel wrong current passwords reach the hash; the password stays', async () => {
    const u = await t().signUp({ email: 'burst@example.com' });
    const before = passwordRuns().verify;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        changeFrom('10.7.4.1', u.token, {
          oldPassword: 'guess',
          password: 'NewSecret#1',
          repassword: 'NewSecret#1',
        }),
      ),
    );
    expect(passwordRuns().verify - before).toBe(5);
    expect(answers.filter((a) => a.code === 40001)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.code === 40029)).toHaveLength(45);
    expect((await signInFrom('10.7.4.2', { email: 'burst@example.com', password: u.password })).code).toBe(
      200,
    );
  });

  it('lets a phone account use its current password too; two changes racing on one proof: one wins', async () => {
    const u = await t().signUp();
    const [a, b] = await Promise.all(
      ['Racer#One1', 'Racer#Two2'].map((p) =>
        changeFrom('10.7.5.1', u.token, { oldPassword: u.password, password: p, repassword: p }),
      ),
    );
    expect([a!.code, b!.code].sort()).toEqual([200, 40001]);
    const won = a!.code === 200 ? 'Racer#One1' : 'Racer#Two2';
    expect((await signInFrom('10.7.5.2', { phone: u.phone, password: won })).code).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t().call('PUT', '/member/change.pw', { password: 'x' })).code).toBe(10002);
  });
});
