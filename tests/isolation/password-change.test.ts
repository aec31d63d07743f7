/**
 * A password change reaches its caller's own account only. PUT /member/change.pw takes no id: the
 * account is the session's. Another account's current password proves nothing (it is checked
 * against the caller's own hash and counts as the caller's wrong guess), a change signs out only
 * the caller's other sessions, never a teammate's, and a caller's wrong guesses slow down only the
 * caller's account on the caller's address.
 */
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

describeEngines('password change isolation', (t) => {
  const from = (u: SignedIn, ip: string) => ({ token: u.token, headers: { 'x-forwarded-for': ip } });
  const change = (u: SignedIn, ip: string, body: Record<string, string>) =>
    t().call('PUT', '/member/change.pw', body, from(u, ip));
  const signIn = (email: string, password: string, ip: string) =>
    t().call(
      'POST',
      '/member/getToken',
      { sys_tag: 'tiktok-sys', isPassword: 1, force: 1, email, password },
      { headers: { 'x-forwarded-for': ip } },
    );
  const hashOf = async (userId: number) =>
    (
      await t()
        .database.db.selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("another account's current password changes nothing, and a change signs out no teammate", async () => {
    const admin = await t().signUp({ email: 'iso.admin@example.com', password: 'AdminPass#1' });
    const team = await t().call('POST', '/team/add', { title: 'Isolated' }, { token: admin.token });
    expect(team.code).toBe(200);
    const member = await t().signUp({ email: 'iso.member@example.com', password: 'MemberPass#1' });
    const code = (await t().call('GET', '/team/info', {}, { token: admin.token })).data.invite_code;
    expect((await t().call('POST', '/team/user.add', { teamId: code }, { token: member.token })).code).toBe(
      200,
    );
    const adminHash = await hashOf(admin.userId);

    // The member names the admin's password as the current one: wrong for the member's account.
    const borrowed = { oldPassword: 'AdminPass#1', password: 'Taken#Over1', repassword: 'Taken#Over1' };
    expect(await change(member, '10.80.0.1', borrowed)).toMatchObject({
      code: 40001,
      msg: 'The current password is wrong',
    });
    expect(await hashOf(admin.userId)).toBe(adminHash);
    // JSON with the admin's id or email beside it is no way to name another account either.
    const json = await t().app.inject({
      method: 'PUT',
      url: '/api/v0.1/member/change.pw',
      headers: { token: member.token, 'content-type': 'application/json', 'x-forwarded-for': '10.80.0.2' },
      payload: JSON.stringify({
        ...borrowed,
        userId: admin.userId,
        user_id: admin.userId,
        email: 'iso.admin@example.com',
      }),
    });
    expect(json.json().code).toBe(40001);
    expect(await hashOf(admin.userId)).toBe(adminHash);

    // The member's own change: the admin's session and password stay.
    const own = { oldPassword: 'MemberPass#1', password: 'MemberNew#2', repassword: 'MemberNew#2' };
    expect((await change(member, '10.80.0.3', own)).code).toBe(200);
    expect((await t().call('GET', '/member/info', {}, { token: admin.token })).code).toBe(200);
    expect((await t().call('GET', '/team/info', {}, { token: admin.token })).code).toBe(200);
    expect(await hashOf(admin.userId)).toBe(adminHash);
    expect((await signIn('iso.admin@example.com', 'AdminPass#1', '10.80.0.4')).code).toBe(200);
  });

  it("a caller's wrong guesses slow down only the caller's account on the caller's address", async () => {
    const guesser = await t().signUp({ email: 'iso.guesser@example.com' });
    await t().signUp({ email: 'iso.other@example.com', password: 'OtherPass#1' });
    const wrong = { oldPassword: 'nope-nope', password: 'NewPass#12', repassword: 'NewPass#12' };
    for (let i = 0; i < 5; i++) expect((await change(guesser, '10.80.1.1', wrong)).code).toBe(40001);
    expect((await change(guesser, '10.80.1.1', wrong)).code).toBe(40029);
    // Another account from the very same address signs in and changes its password.
    expect((await signIn('iso.other@example.com', 'OtherPass#1', '10.80.1.1')).code).toBe(200);
    const fresh = await signIn('iso.other@example.com', 'OtherPass#1', '10.80.1.2');
    const token = fresh.data.token as string;
    const res = await t().call(
      'PUT',
      '/member/change.pw',
      { oldPassword: 'OtherPass#1', password: 'OtherNew#2', repassword: 'OtherNew#2' },
      { token, headers: { 'x-forwarded-for': '10.80.1.1' } },
    );
    expect(res.code).toBe(200);
  });
});
