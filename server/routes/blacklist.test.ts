import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import {
  insertCreator,
  LONG,
  storedCreator,
  workspaceVersion,
} from '../../tests/helpers/creator-fixtures.ts';

describeEngines('blacklist', (t) => {
  let a: SignedIn;
  let b: SignedIn;
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown>,
    token = a.token,
    language: 'en-us' | 'zh-cn' = 'en-us',
  ) => t().call(method, path, body, { token, language });
  const list = (body: Record<string, unknown>, token = a.token) =>
    call('POST', '/blogger/black.lists', body, token);
  const names = (res: { data: { list: { unique_id: string }[] } }) => res.data.list.map((r) => r.unique_id);
  const liveRows = (ws: number) =>
    t()
      .database.db.selectFrom('blacklist')
      .selectAll()
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .orderBy('unique_id')
      .execute();

  beforeAll(async () => {
    a = await t().signUp();
    b = await t().signUp();
    await insertCreator(t(), a.workspaceId, 'spammer', {
      email: 's@x.io',
      bio_link: 'https://s.io',
      follower_count: 42,
    });
    await insertCreator(t(), b.workspaceId, 'spammer');
  });

  it('adds creators to the blacklist, creating unknown ones, and flags them', async () => {
    const v0 = await workspaceVersion(t(), a.workspaceId);
    const res = await call('POST', '/blogger/black.add', {
      bloggers: 'spammer\n\n  troll \nspammer',
      reason: 'fake views',
    });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('Added');
    expect(res.data).toEqual({ added: 2, updated: 0, created_creators: 1 });
    const rows = await liveRows(a.workspaceId);
    expect(rows.map((r) => [r.unique_id, r.reason])).toEqual([
      ['spammer', 'fake views'],
      ['troll', 'fake views'],
    ]);
    expect(Number(rows[0]!.version)).toBeGreaterThan(v0);
    for (const n of ['spammer', 'troll']) {
      const c = await storedCreator(t(), a.workspaceId, n);
      expect(c!.is_black).toBe(1);
      expect(Number(c!.version)).toBeGreaterThan(v0);
    }
    // The same name in another workspace is untouched.
    expect((await storedCreator(t(), b.workspaceId, 'spammer'))!.is_black).toBe(0);
    expect(await liveRows(b.workspaceId)).toHaveLength(0);
  });

  it('adding again updates the reason instead of duplicating', async () => {
    const res = await call('POST', '/blogger/black.add', { bloggers: ['spammer'], reason: 'still spam' });
    expect(res.data).toEqual({ added: 0, updated: 1, created_creators: 0 });
    const rows = (await liveRows(a.workspaceId)).filter((r) => r.unique_id === 'spammer');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('still spam');
  });

  it('rejects an empty list, a 10,001-character reason or list and a wrong country', async () => {
    for (const body of [
      { bloggers: ' \n ' },
      { bloggers: [] },
      { bloggers: 'x', reason: LONG },
      { bloggers: LONG },
      { bloggers: 'x', country: 'FR' },
    ])
      expect((await call('POST', '/blogger/black.add', body)).code).toBe(40001);
    expect((await call('POST', '/blogger/black.add', { bloggers: '' }, a.token, 'zh-cn')).msg).toBe(
      '请输入达人列表',
    );
  });

  it('lists blacklist rows with the creator profile, filtered and paged', async () => {
    const res = await list({});
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(2);
    const spammer = res.data.list.find((r: { unique_id: string }) => r.unique_id === 'spammer');
    expect(spammer).toMatchObject({
      email: 's@x.io',
      bio_link: 'https://s.io',
      follower_count: 42,
      reason: 'still spam',
    });
    expect(spammer).toHaveProperty('add_time');
    expect(spammer).toHaveProperty('update_time');
    expect(names(await list({ name: 'TROL' }))).toEqual(['troll']);
    expect(names(await list({ country: 'MY' }))).toEqual([]);
    expect(names(await list({}, b.token))).toEqual([]);
    await t()
      .database.db.updateTable('blacklist')
      .set({ add_time: 1_600_000_000 })
      .where('unique_id', '=', 'troll')
      .execute();
    expect(names(await list({ endTime: '2020-09-13' }))).toEqual(['troll']);
    expect(names(await list({ startTime: '2020-09-14' }))).toEqual(['spammer']);
    const paged = await list({ limit: 1, page: 2 });
    expect(paged.data).toMatchObject({ count: 2, limit: 1, page: 2 });
    expect(names(paged)).toEqual(['troll']);
    expect((await list({ limit: 0 })).code).toBe(40001);
  });

  it('removes by unique_id of this workspace and country, clearing the flag', async () => {
    expect((await call('DELETE', '/blogger/black.del', { bloggers: [] })).code).toBe(40001);
    expect((await call('DELETE', '/blogger/black.del', { bloggers: ['spammer'], country: 'MY' })).code).toBe(
      40004,
    );
    const foreign = await call('DELETE', '/blogger/black.del', { bloggers: ['spammer'] }, b.token);
    expect(foreign.code).toBe(40004);
    expect(await liveRows(a.workspaceId)).toHaveLength(2);
    const v0 = await workspaceVersion(t(), a.workspaceId);
    const res = await call('DELETE', '/blogger/black.del', { bloggers: ['spammer', 'nobody'] });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ deleted: 1, not_found: ['nobody'] });
    const c = await storedCreator(t(), a.workspaceId, 'spammer');
    expect(c!.is_black).toBe(0);
    expect(Number(c!.version)).toBeGreaterThan(v0);
    const tomb = await t()
      .database.db.selectFrom('blacklist')
      .selectAll()
      .where('unique_id', '=', 'spammer')
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    expect(tomb.deleted_at).not.toBeNull();
    expect(Number(tomb.version)).toBeGreaterThan(v0);
    expect(names(await list({}))).toEqual(['troll']);
    // Invitations are allowed again once removed.
    expect((await call('POST', '/blogger/invitation.add', { bloggers: 'spammer' })).code).toBe(200);
  });
});
