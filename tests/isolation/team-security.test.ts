/**
 * Team invites as an attacker meets them: team ids are sequential, so they must open
 * nothing; codes are the only way in, a reset kills the old one, a removed member cannot come
 * back with a code from before the removal, only the admin resets, and guessing is rate limited
 * per user and per address. Every refusal is the same 40004 that names no team and no admin.
 */
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

const DEAD_LINK = {
  code: 40004,
  msg: 'This invite link is not valid. Ask the team admin for a new link',
  data: null,
};

describeEngines('team invite security', (t) => {
  let addr = 0;
  /** Each call from its own address unless one is given, so only the limit under test can trip. */
  const as = (u: SignedIn, ip = `10.6.${Math.floor(++addr / 250)}.${addr % 250}`) => ({
    token: u.token,
    headers: { 'x-forwarded-for': ip },
  });
  const info = (u: SignedIn, code: unknown, ip?: string) =>
    t().call('GET', '/team/invite.info', { teamId: code }, as(u, ip));
  const join = (u: SignedIn, code: unknown, ip?: string) =>
    t().call('POST', '/team/user.add', { teamId: code }, as(u, ip));

  async function team(title: string) {
    const admin = await t().signUp({ name: `${title} admin` });
    const res = await t().call('POST', '/team/add', { title }, admin);
    return { admin, id: res.data.team_id as number, code: res.data.invite_code as string };
  }
  const inTeam = async (u: SignedIn) => (await t().call('GET', '/common/team', {}, u)).data;

  it('a team id (the old link) opens nothing: neither info nor join, and names nothing', async () => {
    const secret = await team('Secretive');
    const stranger = await t().signUp();
    for (const id of [secret.id, String(secret.id), secret.id + 1, 1]) {
      expect(await info(stranger, id)).toEqual(DEAD_LINK);
      expect(await join(stranger, id)).toEqual(DEAD_LINK);
    }
    expect(await inTeam(stranger)).toBeNull();
    // The code is told to the admin only.
    const member = await t().signUp();
    expect((await join(member, secret.code)).code).toBe(200);
    const asMember = await t().call('GET', '/team/info', {}, member);
    expect(asMember.data).not.toHaveProperty('invite_code');
    expect(JSON.stringify(asMember)).not.toContain(secret.code);
    const summary = await t().call('GET', '/common/team', {}, secret.admin);
    expect(JSON.stringify(summary)).not.toContain(secret.code);
  });

  it('a reset kills the old code at once; the new one works; only the admin may reset', async () => {
    const crew = await team('Resetters');
    const member = await t().signUp();
    expect((await join(member, crew.code)).code).toBe(200);
    const byMember = await t().call('POST', '/team/invite.reset', {}, member);
    expect(byMember).toMatchObject({ code: 40003, msg: 'Only the team admin can do this' });
    const loner = await t().signUp();
    expect((await t().call('POST', '/team/invite.reset', {}, loner)).code).toBe(40004);

    const reset = await t().call('POST', '/team/invite.reset', {}, crew.admin);
    expect(reset).toMatchObject({ code: 200, msg: 'New invite link created; the old link no longer works' });
    const fresh = reset.data.invite_code as string;
    expect(fresh).toMatch(/^[\w-]{24}$/);
    expect(fresh).not.toBe(crew.code);
    expect((await t().call('GET', '/team/info', {}, crew.admin)).data.invite_code).toBe(fresh);

    const late = await t().signUp();
    expect(await info(late, crew.code)).toEqual(DEAD_LINK);
    expect(await join(late, crew.code)).toEqual(DEAD_LINK);
    expect((await info(late, fresh)).data).toEqual({
      team_title: 'Resetters',
      member_name: 'Resetters admin',
    });
    expect((await join(late, fresh)).code).toBe(200);
  });

  it('a removed member cannot rejoin with any code from before the removal, only with a newer one', async () => {
    const crew = await team('Removers');
    const ex = await t().signUp();
    expect((await join(ex, crew.code)).code).toBe(200);
    const removal = await t().call('DELETE', '/team/user.del', { userId: ex.userId }, crew.admin);
    expect(removal.code).toBe(200);
    // The removal issued a new code: people never removed join with it, not with the old one.
    const rotated = removal.data.invite_code as string;
    const again = await t().signUp();
    expect(await join(again, crew.code)).toEqual(DEAD_LINK);
    expect((await join(again, rotated)).code).toBe(200);
    // The removed member's next call is 10010; a new session of theirs tries the link they kept.
    expect((await t().call('GET', '/common/team', {}, ex)).code).toBe(10010);
    const signIn = await t().call(
      'POST',
      '/member/getToken',
      { sys_tag: 'tiktok-sys', phone: ex.phone, password: ex.password, isPassword: 1, force: 1 },
      { headers: { 'x-forwarded-for': '10.6.200.1' } },
    );
    expect(signIn.code).toBe(200);
    const exBack = { ...ex, token: signIn.data.token as string };
    // Neither the link they kept nor the one issued at their removal (a teammate may pass it on).
    for (const code of [crew.code, rotated]) {
      expect(await info(exBack, code)).toEqual(DEAD_LINK);
      expect(await join(exBack, code)).toEqual(DEAD_LINK);
    }
    expect(await inTeam(exBack)).toBeNull();
    // The admin decides to let them back: a reset issues a code that does.
    const fresh = (await t().call('POST', '/team/invite.reset', {}, crew.admin)).data.invite_code;
    expect((await join(exBack, fresh)).code).toBe(200);
    expect((await inTeam(exBack)).team_title).toBe('Removers');
  });

  it('a removed member who signs up again cannot join with the link they kept: removal rotates the code', async () => {
    const crew = await team('Rotators');
    const m1 = await t().signUp({ email: `m1-${Date.now()}@example.com` });
    expect((await join(m1, crew.code)).code).toBe(200);
    const removal = await t().call('DELETE', '/team/user.del', { userId: m1.userId }, crew.admin);
    // The admin is told, and handed the new link's code in the answer and on /team/info.
    expect(removal).toMatchObject({
      code: 200,
      msg: 'Member removed. The invite link changed: the old link no longer works',
      data: { team_title: 'Rotators', is_admin: 1 },
    });
    const rotated = removal.data.invite_code as string;
    expect(rotated).toMatch(/^[\w-]{24}$/);
    expect(rotated).not.toBe(crew.code);
    expect((await t().call('GET', '/team/info', {}, crew.admin)).data.invite_code).toBe(rotated);

    // M1's new account (another email, another user id) with the link they kept: the dead-link
    // answer, naming nothing; in the team nothing changed.
    const m1Again = await t().signUp({ email: `m1-again-${Date.now()}@example.com` });
    expect(await info(m1Again, crew.code)).toEqual(DEAD_LINK);
    expect(await join(m1Again, crew.code)).toEqual(DEAD_LINK);
    expect(await inTeam(m1Again)).toBeNull();
    const members = await t().call('GET', '/team/user.lists', { page: 1, limit: 20 }, crew.admin);
    expect(members.data.count).toBe(1);

    // A second removal rotates again, and says so in Chinese too.
    const m2 = await t().signUp();
    expect((await join(m2, rotated)).code).toBe(200);
    const second = await t().call(
      'DELETE',
      '/team/user.del',
      { userId: m2.userId },
      { ...crew.admin, language: 'zh-cn' },
    );
    expect(second).toMatchObject({ code: 200, msg: '已移除成员。邀请链接已更换，旧链接不再有效' });
    expect(second.data.invite_code).not.toBe(rotated);
    expect(await join(await t().signUp(), rotated)).toEqual(DEAD_LINK);
    expect((await join(await t().signUp(), second.data.invite_code)).code).toBe(200);
  });

  it('rate limits wrong codes per user and per address, also stopping a right code', async () => {
    const target = await team('Targets');
    const guesser = await t().signUp();
    for (let i = 0; i < 30; i++) {
      const wrong = `${'G'.repeat(20)}${String(i).padStart(4, '0')}`;
      expect((i % 2 ? await join(guesser, wrong) : await info(guesser, wrong)).code).toBe(40004);
    }
    const stopped = await info(guesser, target.code);
    expect(stopped).toMatchObject({
      code: 40029,
      msg: 'Too many invalid invite links. Try again in 60 minutes',
    });
    expect((await join(guesser, target.code)).code).toBe(40029);
    expect(await inTeam(guesser)).toBeNull();

    // Per address: 100 wrong codes from one network stop a fresh account there, not elsewhere.
    const users = await Promise.all([1, 2, 3, 4].map(() => t().signUp()));
    for (let i = 0; i < 100; i++)
      await info(users[i % 4]!, `${'H'.repeat(20)}${String(i).padStart(4, '0')}`, '10.6.99.1');
    const fresh = await t().signUp();
    expect((await info(fresh, target.code, '10.6.99.1')).code).toBe(40029);
    expect((await info(fresh, target.code, '10.6.99.2')).code).toBe(200);
  });
});
