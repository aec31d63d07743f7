/** Workspace and session rules of teams: who works where after create, join, remove, dismiss. */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { authenticate, hashToken } from './session.service.ts';
import { now } from '../db/versioning.ts';

/** A second live session for a user (e.g. another device), opened in their current workspace. */
async function extraSession(app: TestApp, userId: number): Promise<string> {
  const { db } = app.database;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const token = crypto.randomBytes(32).toString('hex');
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      workspace_id: user.workspace_id,
      created_at: now(),
      expires_at: now() + 3600,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return token;
}

async function addTag(app: TestApp, workspaceId: number, title: string): Promise<void> {
  const t = now();
  await app.database.db
    .insertInto('tags')
    .values({
      workspace_id: workspaceId,
      version: 1,
      deleted_at: null,
      country: 'US',
      title,
      add_time: t,
      update_time: t,
    })
    .execute();
}

/** The tags a token's calls act on: the workspace its session resolves to. */
async function tagsSeenBy(app: TestApp, token: string): Promise<string[]> {
  const auth = await authenticate(app.database.db, token);
  const rows = await app.database.db
    .selectFrom('tags')
    .select('title')
    .where('workspace_id', '=', auth.workspaceId)
    .where('deleted_at', 'is', null)
    .orderBy('title')
    .execute();
  return rows.map((r) => r.title);
}

describeEngines('team workspaces and sessions', (t) => {
  const code = async (token: string) => (await t().call('GET', '/common/team', {}, { token })).code;

  const setup = async () => {
    const admin = await t().signUp({ name: 'Ada' });
    await addTag(t(), admin.workspaceId, 'ada-before-team');
    const res = await t().call('POST', '/team/add', { title: 'Crew' }, { token: admin.token });
    expect(res.code).toBe(200);
    const bob = await t().signUp({ name: 'Bob' });
    await addTag(t(), bob.workspaceId, 'bob-personal');
    const invite = res.data.invite_code as string;
    const joined = await t().call('POST', '/team/user.add', { teamId: invite }, { token: bob.token });
    expect(joined.code).toBe(200);
    return { admin, bob, teamId: res.data.team_id as number, invite };
  };

  it("makes the creator's personal workspace the team's, so their data stays", async () => {
    const { admin, teamId } = await setup();
    const team = await t()
      .database.db.selectFrom('teams')
      .selectAll()
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(team.workspace_id).toBe(admin.workspaceId);
    const ws = await t()
      .database.db.selectFrom('workspaces')
      .selectAll()
      .where('id', '=', admin.workspaceId)
      .executeTakeFirstOrThrow();
    expect(ws.kind).toBe('team');
    expect(await code(admin.token)).toBe(200);
    expect(await tagsSeenBy(t(), admin.token)).toEqual(['ada-before-team']);
  });

  it("moves the joiner into the team workspace; the joiner's own token keeps working", async () => {
    const { admin, bob } = await setup();
    expect(await code(bob.token)).toBe(200);
    const auth = await authenticate(t().database.db, bob.token);
    expect(auth.workspaceId).toBe(admin.workspaceId);
    await addTag(t(), admin.workspaceId, 'team-shared');
    expect(await tagsSeenBy(t(), bob.token)).toEqual(['ada-before-team', 'team-shared']);
    expect(await tagsSeenBy(t(), bob.token)).not.toContain('bob-personal');
  });

  it("revokes the joiner's other sessions with 10010", async () => {
    const admin = await t().signUp();
    const res = await t().call('POST', '/team/add', { title: 'Crew' }, { token: admin.token });
    const bob = await t().signUp();
    const otherDevice = await extraSession(t(), bob.userId);
    await t().call('POST', '/team/user.add', { teamId: res.data.invite_code }, { token: bob.token });
    expect(await code(otherDevice)).toBe(10010);
    expect(await code(bob.token)).toBe(200);
  });

  it('sends a removed member back to their personal workspace with 10010; the admin keeps working', async () => {
    const { admin, bob } = await setup();
    expect(
      (await t().call('DELETE', '/team/user.del', { userId: bob.userId }, { token: admin.token })).code,
    ).toBe(200);
    expect(await code(bob.token)).toBe(10010);
    expect(await code(admin.token)).toBe(200);
    const again = await extraSession(t(), bob.userId);
    expect(await tagsSeenBy(t(), again)).toEqual(['bob-personal']);
    expect((await t().call('GET', '/team/info', {}, { token: again })).data).toBeNull();
  });

  it('dismissal: members get 10010 and go home, the admin keeps the workspace and keeps working', async () => {
    const { admin, bob, teamId } = await setup();
    const res = await t().call('DELETE', '/team/del', {}, { token: admin.token, language: 'zh-cn' });
    expect(res).toMatchObject({ code: 200, msg: '团队已解散', data: null });
    expect(await code(bob.token)).toBe(10010);
    expect(await code(admin.token)).toBe(200);
    expect((await t().call('GET', '/team/info', {}, { token: admin.token })).data).toBeNull();
    expect(await tagsSeenBy(t(), admin.token)).toEqual(['ada-before-team']);
    const team = await t()
      .database.db.selectFrom('teams')
      .selectAll()
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(team.dismissed_at).toBeGreaterThan(0);
    const left = await t()
      .database.db.selectFrom('team_members')
      .selectAll()
      .where('team_id', '=', teamId)
      .execute();
    expect(left).toEqual([]);
    const again = await extraSession(t(), bob.userId);
    expect(await tagsSeenBy(t(), again)).toEqual(['bob-personal']);
  });

  it('a transferred admin who dismisses goes home and keeps working; the creator keeps the data', async () => {
    const { admin, bob, invite } = await setup();
    const carol = await t().signUp({ name: 'Carol' });
    await t().call('POST', '/team/user.add', { teamId: invite }, { token: carol.token });
    expect(
      (await t().call('PUT', '/team/transfer', { userId: bob.userId }, { token: admin.token })).code,
    ).toBe(200);
    expect((await t().call('DELETE', '/team/del', {}, { token: bob.token })).code).toBe(200);
    expect(await code(bob.token)).toBe(200);
    expect(await tagsSeenBy(t(), bob.token)).toEqual(['bob-personal']);
    expect(await code(admin.token)).toBe(200);
    expect(await tagsSeenBy(t(), admin.token)).toEqual(['ada-before-team']);
    expect(await code(carol.token)).toBe(10010);
  });

  it('a creator removed after handing over admin gets a new empty workspace; the team keeps its data', async () => {
    const { admin, bob } = await setup();
    await t().call('PUT', '/team/transfer', { userId: bob.userId }, { token: admin.token });
    expect(
      (await t().call('DELETE', '/team/user.del', { userId: admin.userId }, { token: bob.token })).code,
    ).toBe(200);
    expect(await code(admin.token)).toBe(10010);
    const again = await extraSession(t(), admin.userId);
    expect(await tagsSeenBy(t(), again)).toEqual([]);
    expect(await tagsSeenBy(t(), bob.token)).toEqual(['ada-before-team']);
  });

  it('replays a join with the same Idempotency-Key without applying it twice', async () => {
    const admin = await t().signUp();
    const res = await t().call('POST', '/team/add', { title: 'Crew' }, { token: admin.token });
    const bob = await t().signUp();
    const opts = { token: bob.token, headers: { 'idempotency-key': 'join-1' } };
    const first = await t().call('POST', '/team/user.add', { teamId: res.data.invite_code }, opts);
    const second = await t().call('POST', '/team/user.add', { teamId: res.data.invite_code }, opts);
    expect(first.code).toBe(200);
    expect(second).toEqual(first);
  });

  it('a join racing a dismissal never leaves the joiner inside a dismissed team', async () => {
    for (let i = 0; i < 3; i++) {
      const admin = await t().signUp();
      const res = await t().call('POST', '/team/add', { title: `Race${i}` }, { token: admin.token });
      const joiner = await t().signUp();
      await Promise.all([
        t().call('POST', '/team/user.add', { teamId: res.data.invite_code }, { token: joiner.token }),
        t().call('DELETE', '/team/del', {}, { token: admin.token }),
      ]);
      const user = await t()
        .database.db.selectFrom('users')
        .selectAll()
        .where('id', '=', joiner.userId)
        .executeTakeFirstOrThrow();
      expect(user.workspace_id).toBe(user.personal_workspace_id);
    }
  });
  it('two simultaneous joins by one user: one succeeds, the other is 40009', async () => {
    const admin = await t().signUp();
    const res = await t().call('POST', '/team/add', { title: 'Twice' }, { token: admin.token });
    const joiner = await t().signUp();
    const body = { teamId: res.data.invite_code };
    const codes = await Promise.all(
      [1, 2].map(async () => (await t().call('POST', '/team/user.add', body, { token: joiner.token })).code),
    );
    expect(codes.sort()).toEqual([200, 40009]);
    expect(await code(joiner.token)).toBe(200);
  });

  it('calls made with the session a join or a leave takes along are never logged out, whenever the move commits', async () => {
    const admin = await t().signUp();
    const res = await t().call('POST', '/team/add', { title: 'Busy' }, { token: admin.token });
    const body = { teamId: res.data.invite_code };
    /** Runs `move` while three readers call with `token` until it has answered. */
    const withReads = async (token: string, move: () => Promise<{ code: number }>) => {
      let moving = true;
      const reads: number[] = [];
      // Each next read waits for the event loop, as a real client's next request arrives by I/O:
      // injected calls answered by SQLite alone never leave the microtask queue otherwise.
      const reader = async () => {
        while (moving) {
          reads.push(await code(token));
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const [moved] = await Promise.all([
        move().finally(() => (moving = false)),
        reader(),
        reader(),
        reader(),
      ]);
      return { moved: moved.code, refused: reads.filter((c) => c !== 200) };
    };
    for (let round = 0; round < 6; round++) {
      const joiner = await t().signUp();
      const { token } = joiner;
      // Reads keep going until the move has answered, so some straddle the moment it commits.
      expect(await withReads(token, () => t().call('POST', '/team/user.add', body, { token }))).toEqual({
        moved: 200,
        refused: [],
      });
      expect(await withReads(token, () => t().call('DELETE', '/team/leave', {}, { token }))).toEqual({
        moved: 200,
        refused: [],
      });
      expect(await code(token)).toBe(200);
    }
  });

  it('a session left in another workspace than its user is revoked (10010), and stays so', async () => {
    const user = await t().signUp();
    const other = await t().signUp();
    const token = await extraSession(t(), user.userId);
    expect(await code(token)).toBe(200);
    const { db } = t().database;
    const placeSession = (workspaceId: number) =>
      db
        .updateTable('sessions')
        .set({ workspace_id: workspaceId })
        .where('token_hash', '=', hashToken(token))
        .execute();
    await placeSession(other.workspaceId);
    expect(await code(token)).toBe(10010);
    const row = await db
      .selectFrom('sessions')
      .select(['revoked_reason', 'revoked_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('workspace');
    expect(row.revoked_at).not.toBeNull();
    // Back in the user's workspace the revoked session still answers 10010.
    await placeSession(user.workspaceId);
    expect(await code(token)).toBe(10010);
    expect(await code(user.token)).toBe(200);
  });
});
