import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('team calls', (t) => {
  const create = async (title = 'Alpha') => {
    const admin = await t().signUp({ name: 'Ada' });
    const res = await t().call('POST', '/team/add', { title }, { token: admin.token });
    expect(res.code).toBe(200);
    expect(res.data.invite_code).toMatch(/^[\w-]{24}$/);
    return { admin, teamId: res.data.team_id as number, code: res.data.invite_code as string };
  };
  const join = async (code: string, name = 'Bob') => {
    const u = await t().signUp({ name });
    const res = await t().call('POST', '/team/user.add', { teamId: code }, { token: u.token });
    expect(res.code).toBe(200);
    return u;
  };

  it('answers null team info and summary for a user without a team', async () => {
    const u = await t().signUp();
    expect(await t().call('GET', '/team/info', {}, { token: u.token })).toMatchObject({
      code: 200,
      data: null,
    });
    expect(await t().call('GET', '/common/team', {}, { token: u.token })).toMatchObject({
      code: 200,
      data: null,
    });
  });

  it('creates a team with a trimmed title; the creator is admin', async () => {
    const admin = await t().signUp({ name: 'Ada' });
    const res = await t().call('POST', '/team/add', { title: '  Sellers  ' }, { token: admin.token });
    expect(res).toMatchObject({ code: 200, msg: 'Team created' });
    const info = await t().call('GET', '/team/info', {}, { token: admin.token });
    expect(info.data).toMatchObject({ team_title: 'Sellers', member_name: 'Ada', is_admin: 1 });
    expect(info.data.add_time).toBeGreaterThan(1_700_000_000);
    const sum = await t().call('GET', '/common/team', {}, { token: admin.token });
    expect(sum.data).toEqual({ team_id: info.data.team_id, team_title: 'Sellers', is_admin: 1 });
  });

  it('validates the title: empty, missing, 13 characters (localised)', async () => {
    const u = await t().signUp();
    const empty = await t().call('POST', '/team/add', { title: '   ' }, { token: u.token });
    expect(empty).toMatchObject({ code: 40001, msg: 'Please enter the team name' });
    const missing = await t().call('POST', '/team/add', {}, { token: u.token, language: 'zh-cn' });
    expect(missing).toMatchObject({ code: 40001, msg: '请输入团队名称' });
    const long = await t().call('POST', '/team/add', { title: 'x'.repeat(13) }, { token: u.token });
    expect(long.code).toBe(40001);
    expect(long.msg).toContain('12');
    const twelve = await t().call('POST', '/team/add', { title: '团'.repeat(12) }, { token: u.token });
    expect(twelve.code).toBe(200);
  });

  it('refuses a second team and joining while in a team (40009)', async () => {
    const { admin } = await create();
    const other = await create('Beta');
    expect((await t().call('POST', '/team/add', { title: 'Again' }, { token: admin.token })).code).toBe(
      40009,
    );
    const res = await t().call('POST', '/team/user.add', { teamId: other.code }, { token: admin.token });
    expect(res.code).toBe(40009);
  });

  it('joins a team by its code; joining twice is 40009; ids, wrong codes and dismissed teams are 40004', async () => {
    const { admin, teamId, code } = await create();
    const bob = await join(code);
    const info = await t().call('GET', '/team/info', {}, { token: bob.token });
    expect(info.data).toMatchObject({ team_id: teamId, member_name: 'Ada', is_admin: 0 });
    // Only the admin is told the code.
    expect(info.data).not.toHaveProperty('invite_code');
    const again = await t().call('POST', '/team/user.add', { teamId: code }, { token: bob.token });
    expect(again.code).toBe(40009);
    const carol = await t().signUp();
    for (const wrong of [
      teamId,
      999999,
      `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`,
      'x'.repeat(24),
    ]) {
      const res = await t().call('POST', '/team/user.add', { teamId: wrong }, { token: carol.token });
      expect(res, String(wrong)).toEqual({
        code: 40004,
        msg: 'This invite link is not valid. Ask the team admin for a new link',
        data: null,
      });
    }
    const noId = await t().call('POST', '/team/user.add', {}, { token: carol.token });
    expect(noId).toMatchObject({ code: 40001, msg: 'Please give the invite code' });
    expect((await t().call('DELETE', '/team/del', {}, { token: admin.token })).code).toBe(200);
    const dismissed = await t().call('POST', '/team/user.add', { teamId: code }, { token: carol.token });
    expect(dismissed.code).toBe(40004);
  });

  it('lets only the admin rename, list, remove, transfer and dismiss (40003)', async () => {
    const { admin, code } = await create();
    const bob = await join(code);
    const tok = { token: bob.token };
    expect((await t().call('PUT', '/team/edit', { title: 'Mine' }, tok)).code).toBe(40003);
    expect((await t().call('GET', '/team/user.lists', {}, tok)).code).toBe(40003);
    expect((await t().call('DELETE', '/team/user.del', { userId: admin.userId }, tok)).code).toBe(40003);
    expect((await t().call('PUT', '/team/transfer', { userId: bob.userId }, tok)).code).toBe(40003);
    expect((await t().call('DELETE', '/team/del', {}, tok)).code).toBe(40003);
    expect((await t().call('POST', '/team/invite.reset', {}, tok)).code).toBe(40003);
    const loner = await t().signUp();
    expect((await t().call('PUT', '/team/edit', { title: 'X' }, { token: loner.token })).code).toBe(40004);
    const info = await t().call('GET', '/team/info', {}, { token: admin.token });
    expect(info.data.team_title).toBe('Alpha');
  });

  it('renames with the same validation', async () => {
    const { admin } = await create();
    const tok = { token: admin.token };
    expect((await t().call('PUT', '/team/edit', { title: '' }, tok)).code).toBe(40001);
    expect((await t().call('PUT', '/team/edit', { title: 'y'.repeat(13) }, tok)).code).toBe(40001);
    const res = await t().call('PUT', '/team/edit', { title: ' Renamed ' }, tok);
    expect(res).toMatchObject({ code: 200, msg: 'Updated', data: { team_title: 'Renamed' } });
  });

  it('lists members paged, admin first', async () => {
    const { admin, code } = await create();
    const names = ['M1', 'M2', 'M3'];
    for (const n of names) await join(code, n);
    const p1 = await t().call('GET', '/team/user.lists', { page: 1, limit: 2 }, { token: admin.token });
    expect(p1.data).toMatchObject({ count: 4, limit: 2, page: 1 });
    expect(p1.data.list.map((r: { member_name: string }) => r.member_name)).toEqual(['Ada', 'M1']);
    expect(p1.data.list[0]).toMatchObject({ user_id: admin.userId, is_admin: 1 });
    expect(Object.keys(p1.data.list[1]).sort()).toEqual([
      'add_time',
      'is_admin',
      'login_time',
      'member_name',
      'user_id',
    ]);
    const p2 = await t().call('GET', '/team/user.lists', { page: 2, limit: 2 }, { token: admin.token });
    expect(p2.data.list.map((r: { member_name: string }) => r.member_name)).toEqual(['M2', 'M3']);
  });

  it('removes members but never the admin; strangers are 40004', async () => {
    const { admin, code } = await create();
    const bob = await join(code);
    const tok = { token: admin.token };
    const self = await t().call('DELETE', '/team/user.del', { userId: admin.userId }, tok);
    expect(self).toMatchObject({ code: 40003, msg: 'The team admin cannot be removed' });
    const stranger = await t().signUp();
    expect((await t().call('DELETE', '/team/user.del', { userId: stranger.userId }, tok)).code).toBe(40004);
    expect((await t().call('DELETE', '/team/user.del', {}, tok)).code).toBe(40001);
    expect((await t().call('DELETE', '/team/user.del', { userId: bob.userId }, tok)).code).toBe(200);
    const list = await t().call('GET', '/team/user.lists', {}, tok);
    expect(list.data.count).toBe(1);
  });

  it('transfers admin to a non-admin member only', async () => {
    const { admin, code } = await create();
    const bob = await join(code);
    const tok = { token: admin.token };
    const missing = await t().call('PUT', '/team/transfer', {}, tok);
    expect(missing).toMatchObject({ code: 40001, msg: 'Please select the team member to transfer to' });
    expect((await t().call('PUT', '/team/transfer', { userId: admin.userId }, tok)).code).toBe(40001);
    const stranger = await t().signUp();
    expect((await t().call('PUT', '/team/transfer', { userId: stranger.userId }, tok)).code).toBe(40004);
    const res = await t().call('PUT', '/team/transfer', { userId: bob.userId }, tok);
    expect(res).toMatchObject({ code: 200, data: { is_admin: 0, member_name: 'Bob' } });
    expect((await t().call('GET', '/common/team', {}, { token: bob.token })).data.is_admin).toBe(1);
    // The old admin is a normal member now, and the new admin cannot transfer to himself.
    expect((await t().call('PUT', '/team/edit', { title: 'Nope' }, tok)).code).toBe(40003);
    const back = await t().call('PUT', '/team/transfer', { userId: bob.userId }, { token: bob.token });
    expect(back.code).toBe(40001);
  });

  it('gives invite info for the code, with the caller own team id when they have one', async () => {
    const { admin, teamId, code } = await create('Invite');
    const visitor = await t().signUp();
    const res = await t().call('GET', '/team/invite.info', { teamId: code }, { token: visitor.token });
    expect(res).toEqual({ code: 200, msg: 'Success', data: { team_title: 'Invite', member_name: 'Ada' } });
    const other = await create('Other');
    const withTeam = await t().call(
      'GET',
      '/team/invite.info',
      { teamId: code },
      { token: other.admin.token },
    );
    expect(withTeam.data).toEqual({ team_title: 'Invite', member_name: 'Ada', team_id: other.teamId });
    // A team id (the old link) or a wrong code names nothing.
    for (const wrong of [
      teamId,
      987654,
      'abc',
      code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase(),
    ]) {
      const bad = await t().call('GET', '/team/invite.info', { teamId: wrong }, { token: visitor.token });
      expect(bad, String(wrong)).toMatchObject({ code: 40004, data: null });
      expect(JSON.stringify(bad)).not.toMatch(/Invite|Ada/);
    }
    await t().call('DELETE', '/team/del', {}, { token: admin.token });
    const gone = await t().call('GET', '/team/invite.info', { teamId: code }, { token: visitor.token });
    expect(gone.code).toBe(40004);
  });

  it('lets a member leave, never the admin; the leaver keeps working in their own workspace', async () => {
    const { admin, code } = await create('Leavers');
    const bob = await join(code);
    const refused = await t().call('DELETE', '/team/leave', {}, { token: admin.token });
    expect(refused).toMatchObject({
      code: 40003,
      msg: 'The admin cannot leave. Transfer admin or dismiss the team first',
    });
    const left = await t().call('DELETE', '/team/leave', {}, { token: bob.token, language: 'zh-cn' });
    expect(left).toEqual({ code: 200, msg: '已退出团队', data: null });
    expect(await t().call('GET', '/team/info', {}, { token: bob.token })).toMatchObject({
      code: 200,
      data: null,
    });
    const list = await t().call('GET', '/team/user.lists', {}, { token: admin.token });
    expect(list.data.count).toBe(1);
    expect((await t().call('DELETE', '/team/leave', {}, { token: bob.token })).code).toBe(40004);
    // Leaving is not a removal: the same link brings them back.
    expect((await t().call('POST', '/team/user.add', { teamId: code }, { token: bob.token })).code).toBe(200);
  });

  it('needs a token on every team call', async () => {
    for (const [m, p] of [
      ['GET', '/team/info'],
      ['POST', '/team/add'],
      ['DELETE', '/team/del'],
      ['GET', '/common/team'],
      ['GET', '/team/invite.info'],
      ['POST', '/team/invite.reset'],
      ['DELETE', '/team/leave'],
    ] as const) {
      expect((await t().call(m, p, {})).code, p).toBe(10002);
    }
  });
});
