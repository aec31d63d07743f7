import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('team calls', (t) => {
  const create = async (title = 'Alpha') => {
    const admin = await t().signUp({ name: 'Ada' });
    const res = await t().call('POST', '/team/add', { title }, { token: admin.token });
    expect(res.code).toBe(200);
    return { admin, teamId: res.data.team_id as number };
  };
  const join = async (teamId: number, name = 'Bob') => {
    const u = await t().signUp({ name });
    const res = await t().call('POST', '/team/user.add', { teamId }, { token: u.token });
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
    const res = await t().call('POST', '/team/user.add', { teamId: other.teamId }, { token: admin.token });
    expect(res.code).toBe(40009);
  });

  it('joins a team; joining twice is 40009; unknown and dismissed teams are 40004', async () => {
    const { admin, teamId } = await create();
    const bob = await join(teamId);
    const info = await t().call('GET', '/team/info', {}, { token: bob.token });
    expect(info.data).toMatchObject({ team_id: teamId, member_name: 'Ada', is_admin: 0 });
    expect((await t().call('POST', '/team/user.add', { teamId }, { token: bob.token })).code).toBe(40009);
    const carol = await t().signUp();
    expect((await t().call('POST', '/team/user.add', { teamId: 999999 }, { token: carol.token })).code).toBe(
      40004,
    );
    const noId = await t().call('POST', '/team/user.add', {}, { token: carol.token });
    expect(noId.code).toBe(40001);
    expect((await t().call('DELETE', '/team/del', {}, { token: admin.token })).code).toBe(200);
    expect((await t().call('POST', '/team/user.add', { teamId }, { token: carol.token })).code).toBe(40004);
  });

  it('lets only the admin rename, list, remove, transfer and dismiss (40003)', async () => {
    const { admin, teamId } = await create();
    const bob = await join(teamId);
    const tok = { token: bob.token };
    expect((await t().call('PUT', '/team/edit', { title: 'Mine' }, tok)).code).toBe(40003);
    expect((await t().call('GET', '/team/user.lists', {}, tok)).code).toBe(40003);
    expect((await t().call('DELETE', '/team/user.del', { userId: admin.userId }, tok)).code).toBe(40003);
    expect((await t().call('PUT', '/team/transfer', { userId: bob.userId }, tok)).code).toBe(40003);
    expect((await t().call('DELETE', '/team/del', {}, tok)).code).toBe(40003);
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
    const { admin, teamId } = await create();
    const names = ['M1', 'M2', 'M3'];
    for (const n of names) await join(teamId, n);
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
    const { admin, teamId } = await create();
    const bob = await join(teamId);
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
    const { admin, teamId } = await create();
    const bob = await join(teamId);
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

  it('gives invite info, with the caller own team id when they have one (D5)', async () => {
    const { admin, teamId } = await create('Invite');
    const visitor = await t().signUp();
    const res = await t().call('GET', '/team/invite.info', { teamId }, { token: visitor.token });
    expect(res).toMatchObject({ code: 200, data: { team_title: 'Invite', member_name: 'Ada' } });
    expect(res.data).not.toHaveProperty('team_id');
    const other = await create('Other');
    const withTeam = await t().call('GET', '/team/invite.info', { teamId }, { token: other.admin.token });
    expect(withTeam.data).toEqual({ team_title: 'Invite', member_name: 'Ada', team_id: other.teamId });
    const unknown = await t().call('GET', '/team/invite.info', { teamId: 987654 }, { token: visitor.token });
    expect(unknown).toMatchObject({ code: 200, data: null });
    expect(
      (await t().call('GET', '/team/invite.info', { teamId: 'abc' }, { token: visitor.token })).code,
    ).toBe(40001);
    await t().call('DELETE', '/team/del', {}, { token: admin.token });
    expect(
      (await t().call('GET', '/team/invite.info', { teamId }, { token: visitor.token })).data,
    ).toBeNull();
  });

  it('needs a token on every team call', async () => {
    for (const [m, p] of [
      ['GET', '/team/info'],
      ['POST', '/team/add'],
      ['DELETE', '/team/del'],
      ['GET', '/common/team'],
      ['GET', '/team/invite.info'],
    ] as const) {
      expect((await t().call(m, p, {})).code, p).toBe(10002);
    }
  });
});
