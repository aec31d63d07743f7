import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import {
  insertCreator,
  insertTag,
  linkTag,
  LONG,
  storedCreator,
  workspaceVersion,
} from '../../tests/helpers/creator-fixtures.ts';

describeEngines('invitations', (t) => {
  let a: SignedIn;
  let b: SignedIn;
  let tagVip: number;
  type Lang = 'en-us' | 'zh-cn';
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown>,
    token = a.token,
    language: Lang = 'en-us',
  ) => t().call(method, path, body, { token, language });
  const list = (body: Record<string, unknown>, language: Lang = 'en-us', token = a.token) =>
    call('POST', '/blogger/invitation.lists', body, token, language);
  const names = (res: { data: { list: { unique_id: string }[] } }) =>
    res.data.list.map((r) => r.unique_id).sort();
  const invitationOf = async (ws: number, unique_id: string) =>
    t()
      .database.db.selectFrom('invitations')
      .selectAll()
      .where('workspace_id', '=', ws)
      .where('unique_id', '=', unique_id)
      .where('deleted_at', 'is', null)
      .execute();
  const idOf = async (unique_id: string, ws = a.workspaceId) =>
    Number((await invitationOf(ws, unique_id))[0]!.id);

  beforeAll(async () => {
    a = await t().signUp();
    b = await t().signUp();
    const known = await insertCreator(t(), a.workspaceId, 'known', {
      daren_name: 'Known Person',
      daren_email: 'k@x.io',
    });
    tagVip = await insertTag(t(), a.workspaceId, 'vip');
    await linkTag(t(), a.workspaceId, known, tagVip);
  });

  it('refuses to create creators whose ids are not TikTok handles, naming them; known ones pass', async () => {
    const res = await call('POST', '/blogger/invitation.add', {
      bloggers: ['known', 'bad-id', 'x'.repeat(25)],
    });
    expect(res.code).toBe(40001);
    expect(res.msg).toBe(
      `Not TikTok handles (letters, digits, _ and ., at most 24 characters): bad-id, ${'x'.repeat(25)}`,
    );
    expect(await invitationOf(a.workspaceId, 'bad-id')).toEqual([]);
    const black = await call('POST', '/blogger/black.add', { bloggers: ['also bad'], reason: '' });
    expect(black.code).toBe(40001);
  });

  it('adds from a raw multi-line field: trims, drops blanks, merges duplicates, creates unknown creators', async () => {
    const v0 = await workspaceVersion(t(), a.workspaceId);
    const res = await call('POST', '/blogger/invitation.add', {
      bloggers: 'known\n  newbie \n\n@known\n',
      productIds: 'P1\n\nP2',
      isInvitation: 1,
    });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ added: 2, updated: 0, created_creators: 1, blacklisted: [] });
    expect(res.msg).toBe('Added 2 invitations, updated 0');
    const [inv] = await invitationOf(a.workspaceId, 'known');
    expect(inv).toMatchObject({
      status: 1,
      sub_status: null,
      product_id: 'P1,P2',
      daren_name: 'Known Person',
    });
    expect(Number(inv!.version)).toBeGreaterThan(v0);
    for (const n of ['known', 'newbie']) {
      const c = await storedCreator(t(), a.workspaceId, n);
      expect([c!.is_invitation, c!.status]).toEqual([1, 1]);
      expect(Number(c!.version)).toBeGreaterThan(v0);
    }
    const history = await call('GET', '/blogger/invitation.history', { id: inv!.id });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ status: 1, status_str: 'Connecting', note: 'created' });
  });

  it('updates an existing invitation instead of duplicating it; isInvitation=0 leaves the flag alone', async () => {
    await insertCreator(t(), a.workspaceId, 'plain');
    const res = await call('POST', '/blogger/invitation.add', {
      bloggers: ['known', 'plain'],
      productIds: ['P9'],
      isInvitation: 0,
    });
    expect(res.data).toMatchObject({ added: 1, updated: 1, created_creators: 0 });
    const rows = await invitationOf(a.workspaceId, 'known');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.product_id).toBe('P9');
    expect((await storedCreator(t(), a.workspaceId, 'plain'))!.is_invitation).toBe(0);
  });

  it('refuses blacklisted creators by name; the rest still goes through', async () => {
    expect((await call('POST', '/blogger/black.add', { bloggers: ['badguy'], reason: 'spam' })).code).toBe(
      200,
    );
    const some = await call('POST', '/blogger/invitation.add', { bloggers: ['badguy', 'fine1'] });
    expect(some.code).toBe(200);
    expect(some.data.blacklisted).toEqual(['badguy']);
    expect(some.msg).toContain('badguy');
    expect(await invitationOf(a.workspaceId, 'badguy')).toHaveLength(0);
    expect(await invitationOf(a.workspaceId, 'fine1')).toHaveLength(1);
    const all = await call('POST', '/blogger/invitation.add', { bloggers: 'badguy' }, a.token, 'zh-cn');
    expect(all.code).toBe(40009);
    expect(all.msg).toBe('以下达人在黑名单中，不能邀约：badguy');
    // Another country's blacklist does not apply.
    expect((await call('POST', '/blogger/invitation.add', { bloggers: 'badguy', country: 'MY' })).code).toBe(
      200,
    );
  });

  it('replays an Idempotency-Key without adding twice', async () => {
    const send = () =>
      t().call(
        'POST',
        '/blogger/invitation.add',
        { bloggers: 'idem1' },
        { token: a.token, headers: { 'Idempotency-Key': 'inv-idem-1' } },
      );
    const first = await send();
    const version = await workspaceVersion(t(), a.workspaceId);
    const second = await send();
    expect(second).toEqual(first);
    expect(first.data.added).toBe(1);
    expect(await workspaceVersion(t(), a.workspaceId)).toBe(version);
    const rows = await invitationOf(a.workspaceId, 'idem1');
    expect(rows).toHaveLength(1);
    await call('DELETE', '/blogger/invitation.del', { ids: [rows[0]!.id] });
  });

  it('rejects bad add input', async () => {
    const bad: Record<string, unknown>[] = [
      { bloggers: ' \n \n' },
      { bloggers: [] },
      { bloggers: LONG },
      { bloggers: ['ok', LONG] },
      { bloggers: 'ok', productIds: LONG },
      { bloggers: 'ok', isInvitation: 2 },
      { bloggers: 'ok', country: 'ZZ' },
    ];
    for (const body of bad) expect((await call('POST', '/blogger/invitation.add', body)).code).toBe(40001);
    expect((await call('POST', '/blogger/invitation.add', { bloggers: '\n' })).msg).toBe(
      'Enter at least one creator',
    );
  });

  it('edits status with the sub-status rules and keeps a history', async () => {
    const id = await idOf('newbie');
    const noSub = await call('PUT', '/blogger/invitation.edit', { id, status: 3 });
    expect(noSub.code).toBe(40001);
    expect(noSub.msg).toBe('Choose a sub status for the status cooperating');
    const subWithout = await call('PUT', '/blogger/invitation.edit', { id, status: 2, sub_status: 1 });
    expect(subWithout.code).toBe(40001);
    expect((await call('PUT', '/blogger/invitation.edit', { id, sub_status: 1 })).code).toBe(40001);
    const v0 = Number((await storedCreator(t(), a.workspaceId, 'newbie'))!.version);
    const ok = await call(
      'PUT',
      '/blogger/invitation.edit',
      { id, status: 3, sub_status: 2, logistics: 'DHL 123' },
      a.token,
      'zh-cn',
    );
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({
      status: 3,
      status_str: '合作中',
      sub_status: 2,
      sub_status_str: '已寄样',
      logistics: 'DHL 123',
    });
    const creator = await storedCreator(t(), a.workspaceId, 'newbie');
    expect(creator!.status).toBe(3);
    expect(Number(creator!.version)).toBeGreaterThan(v0);
    // Staying in 3: sub_status alone may change.
    expect((await call('PUT', '/blogger/invitation.edit', { id, sub_status: 4 })).data.sub_status_str).toBe(
      'Video published',
    );
    const done = await call('PUT', '/blogger/invitation.edit', { id, status: 4 });
    expect(done.data).toMatchObject({
      status: 4,
      status_str: 'Complete',
      sub_status: null,
      sub_status_str: '',
    });
    // A text-only edit adds no history.
    expect(
      (await call('PUT', '/blogger/invitation.edit', { id, cooperate: 'deal', daren_email: '' })).code,
    ).toBe(200);
    const history = await call('GET', '/blogger/invitation.history', { id }, a.token, 'zh-cn');
    expect(
      history.data.map((h: { status: number; sub_status: number | null }) => [h.status, h.sub_status]),
    ).toEqual([
      [1, null],
      [3, 2],
      [3, 4],
      [4, null],
    ]);
    expect(history.data[1].sub_status_str).toBe('已寄样');
  });

  it('rejects bad edit fields and hides other workspaces', async () => {
    const id = await idOf('known');
    for (const body of [
      { id, logistics: LONG },
      { id, daren_email: 'not-an-email' },
      { id, status: 5 },
      { id, status: 3, sub_status: 6 },
      { id: 'x' },
    ])
      expect(
        (await call('PUT', '/blogger/invitation.edit', body)).code,
        JSON.stringify(body).slice(0, 60),
      ).toBe(40001);
    const before = await invitationOf(a.workspaceId, 'known');
    const foreign = await call('PUT', '/blogger/invitation.edit', { id, status: 2 }, b.token);
    expect(foreign.code).toBe(40004);
    expect(foreign.data).toBeNull();
    expect((await call('GET', '/blogger/invitation.history', { id }, b.token)).code).toBe(40004);
    expect(await invitationOf(a.workspaceId, 'known')).toEqual(before);
  });

  it('lists with filters, localised status names and the creator tags', async () => {
    expect(names(await list({}))).toEqual(['fine1', 'known', 'newbie', 'plain']);
    expect(names(await list({ name: 'NEW' }))).toEqual(['newbie']);
    expect(names(await list({ name: 'known person' }))).toEqual(['known']);
    expect(names(await list({ status: 4 }))).toEqual(['newbie']);
    expect(names(await list({ status: 1 }))).toEqual(['fine1', 'known', 'plain']);
    await call('PUT', '/blogger/invitation.edit', { id: await idOf('plain'), status: 3, sub_status: 5 });
    expect(names(await list({ status: 3, sub_status: 5 }))).toEqual(['plain']);
    expect(names(await list({ status: 3, sub_status: 1 }))).toEqual([]);
    expect(names(await list({ tagsId: tagVip }))).toEqual(['known']);
    expect(names(await list({ country: 'MY' }))).toEqual(['badguy']);
    expect(names(await list({}, 'en-us', b.token))).toEqual([]);
    const row = (await list({ name: 'known' }, 'zh-cn')).data.list[0];
    expect(row).toMatchObject({
      status_str: '建联中',
      sub_status_str: '',
      tags: [{ tag_id: tagVip, tag_title: 'vip' }],
    });
    expect(row.blogger_invitation_id).toBe(await idOf('known'));
    await t()
      .database.db.updateTable('invitations')
      .set({ add_time: 1_600_000_000 })
      .where('id', '=', await idOf('fine1'))
      .execute();
    expect(names(await list({ endTime: '2020-09-13' }))).toEqual(['fine1']);
    expect(names(await list({ startTime: '2020-09-14' }))).not.toContain('fine1');
    const asc = await list({ field: 'add_time', sort: 'asc' });
    expect(asc.data.list[0].unique_id).toBe('fine1');
    const desc = await list({ field: 'add_time', sort: 'desc' });
    expect(desc.data.list.at(-1).unique_id).toBe('fine1');
    expect((await list({ status: 9 })).code).toBe(40001);
    expect((await list({ field: 'unique_id' })).code).toBe(40001);
  });

  it('deletes by ids of this workspace only, softly, resetting the creator status', async () => {
    const id = await idOf('plain');
    expect((await call('DELETE', '/blogger/invitation.del', { ids: [] })).code).toBe(40001);
    expect((await call('DELETE', '/blogger/invitation.del', { ids: ['x'] })).code).toBe(40001);
    expect((await call('DELETE', '/blogger/invitation.del', { ids: [id] }, b.token)).code).toBe(40004);
    expect(await invitationOf(a.workspaceId, 'plain')).toHaveLength(1);
    const v0 = await workspaceVersion(t(), a.workspaceId);
    const res = await call('DELETE', '/blogger/invitation.del', { ids: [id, 987_654] });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ deleted: 1 });
    const tomb = await t()
      .database.db.selectFrom('invitations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(tomb.deleted_at).not.toBeNull();
    expect(Number(tomb.version)).toBeGreaterThan(v0);
    expect((await storedCreator(t(), a.workspaceId, 'plain'))!.status).toBe(0);
    expect(names(await list({}))).not.toContain('plain');
    expect((await call('PUT', '/blogger/invitation.edit', { id, status: 2 })).code).toBe(40004);
    // Adding again after a delete creates a fresh invitation.
    expect((await call('POST', '/blogger/invitation.add', { bloggers: 'plain' })).data.added).toBe(1);
  });
});
