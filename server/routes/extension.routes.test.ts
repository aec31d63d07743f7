import { expect, it } from 'vitest';
import { EXT_SESSIONS_MAX } from '../../contract/limits.ts';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';

describeEngines('browser extension: pairing, scope and status', (t) => {
  const code = async (app: TestApp, token: string) => {
    const res = await app.call('POST', '/ext/pair.code', {}, { token });
    expect(res.code).toBe(200);
    return res.data as { code: string; expires_at: number; ttl_seconds: number };
  };
  const pair = (app: TestApp, c: string, name = 'Chrome at the office') =>
    app.call('POST', '/ext/pair', { code: c, name });

  it('pairs with a one-time code; the token is its own kind, limited to the extension calls', async () => {
    const app = t();
    const me = await app.signUp({ name: 'Mia' });
    const c = await code(app, me.token);
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(c.ttl_seconds).toBe(600);

    // Typed loosely (lower case, no dash): still the code.
    const paired = await pair(app, c.code.replace('-', ' ').toLowerCase());
    expect(paired).toMatchObject({ code: 200, data: { member_name: 'Mia', workspace_name: 'Mia' } });
    const ext = paired.data.token as string;
    // Used once: a second try is refused in words, naming the field.
    const again = await pair(app, c.code);
    expect(again.code).toBe(40001);
    expect(again.msg).toMatch(/wrong, used or expired \(codes last 10 minutes\)/);
    expect((await pair(app, 'ABCDE')).code).toBe(40001);

    // Allowed: the extension's calls. Refused with 40003: anything else, the session itself untouched.
    const status = await app.call(
      'POST',
      '/blogger/status',
      { country: 'US', bloggers: ['nobody'] },
      { token: ext },
    );
    expect(status).toMatchObject({ code: 200, data: { list: [], quota: { limit: -1, used: 0 } } });
    for (const [method, path] of [
      ['POST', '/blogger/lists'],
      ['POST', '/sync/pull'],
      ['POST', '/ext/pair.code'],
      ['POST', '/ext/sessions'],
      ['GET', '/member/info'],
    ] as const) {
      const res = await app.call(method, path, { cursor: '' }, { token: ext });
      expect(res.code, path).toBe(40003);
    }
    expect((await app.call('POST', '/chattmp/lists', { country: 'US' }, { token: ext })).code).toBe(200);

    // A forced sign-in elsewhere replaces the app's session, not the extension's.
    const session = await app.call('POST', '/member/getToken', {
      phone: me.phone,
      password: me.password,
      force: 1,
    });
    expect(session.code).toBe(200);
    expect((await app.call('POST', '/blogger/lists', { country: 'US' }, { token: me.token })).code).toBe(
      10007,
    );
    expect((await app.call('POST', '/blogger/status', { bloggers: ['x'] }, { token: ext })).code).toBe(200);
    const app2 = session.data.token as string;

    // The app lists it by name and disconnects it; its next call is refused, and a stranger cannot.
    const list = await app.call('POST', '/ext/sessions', {}, { token: app2 });
    expect(list.data).toEqual([
      expect.objectContaining({ name: 'Chrome at the office', last_used_at: expect.any(Number) }),
    ]);
    const id = list.data[0].id as number;
    const stranger = await app.signUp({ name: 'Stranger' });
    expect((await app.call('DELETE', '/ext/session.del', { id }, { token: stranger.token })).code).toBe(
      40004,
    );
    expect((await app.call('DELETE', '/ext/session.del', { id }, { token: app2 })).code).toBe(200);
    expect((await app.call('POST', '/blogger/status', { bloggers: ['x'] }, { token: ext })).code).toBe(10003);
    expect((await app.call('POST', '/ext/sessions', {}, { token: app2 })).data).toEqual([]);
  });

  it('voids the last code when a new one is made, and an expired code', async () => {
    const app = t();
    const me = await app.signUp();
    const first = await code(app, me.token);
    const second = await code(app, me.token);
    expect((await pair(app, first.code)).code).toBe(40001);
    await app.database.db.updateTable('pair_codes').set({ expires_at: 1 }).execute();
    expect((await pair(app, second.code)).code).toBe(40001);
  });

  it(`states its limits: ${EXT_SESSIONS_MAX} extensions a member, wrong codes per address`, async () => {
    const app = t();
    const me = await app.signUp();
    for (let i = 0; i < EXT_SESSIONS_MAX; i++)
      expect((await pair(app, (await code(app, me.token)).code)).code).toBe(200);
    const over = await pair(app, (await code(app, me.token)).code);
    expect(over.code).toBe(40009);
    expect(over.msg).toMatch(/At most 10 browser extensions/);
    // Guessing: after 30 wrong codes from one address, 40029 (HTTP 429) even for a good one.
    await app.database.db.deleteFrom('rate_events').execute();
    for (let i = 0; i < 30; i++) expect((await pair(app, 'ZZZZZ-ZZZZZ')).code).toBe(40001);
    const good = (await code(app, me.token)).code;
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v0.1/ext/pair',
      payload: { code: good },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(40029);
    await app.database.db.deleteFrom('rate_events').execute();
  });

  it("answers the workspace's badges: flags, tags, plans, messages before a reply and the week's quota", async () => {
    const app = t();
    const me = await app.signUp();
    const ext = (await pair(app, (await code(app, me.token)).code)).data.token as string;
    const call = (method: string, path: string, body: Record<string, unknown>) =>
      app.call(method, path, body, { token: me.token });
    await call('POST', '/blogger/ingest', {
      country: 'US',
      creators: [
        { unique_id: 'Anna.Pets', follower_count: 1000 },
        { unique_id: 'bob', follower_count: 2000 },
        { unique_id: 'cara', follower_count: 3000 },
      ],
    });
    const ids = Object.fromEntries(
      (
        (await call('POST', '/blogger/lists', { country: 'US', limit: 10 })).data.list as {
          id: number;
          unique_id: string;
        }[]
      ).map((r) => [r.unique_id, r.id]),
    );
    const tag = await call('POST', '/tags/add', { country: 'US', title: 'Pets' });
    expect(tag.code).toBe(200);
    await call('PUT', '/blogger/set.tags', {
      country: 'US',
      bloggers: ['Anna.Pets'],
      type: 'add',
      tagIds: [tag.data.id],
    });
    await call('POST', '/blogger/black.add', { country: 'US', bloggers: ['cara'], reason: 'Late' });
    const plan = await call('POST', '/plan/add', { name: 'Spring', country: 'US' });
    await call('POST', '/plan/creator.add', {
      plan_id: plan.data.id,
      creator_ids: [ids['Anna.Pets'], ids.bob],
    });
    await call('PUT', '/plan/quota', { weekly_quota: 50 });
    // Two messages to Anna (no reply yet); Bob replied.
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/plan/message', { creator_id: ids['Anna.Pets'] })).code).toBe(200);
    await call('PUT', '/plan/creator.stage', {
      plan_id: plan.data.id,
      creator_ids: [ids.bob],
      stage: 'replied',
    });

    const res = await app.call(
      'POST',
      '/blogger/status',
      { country: 'us', bloggers: ['@anna.pets', 'BOB', 'cara', 'ghost'] },
      { token: ext },
    );
    expect(res.code).toBe(200);
    const by = Object.fromEntries((res.data.list as { unique_id: string }[]).map((r) => [r.unique_id, r]));
    expect(Object.keys(by).sort()).toEqual(['Anna.Pets', 'bob', 'cara']);
    expect(by['Anna.Pets']).toMatchObject({
      is_chat: 1,
      is_black: 0,
      tags: [{ tag_id: tag.data.id, tag_title: 'Pets' }],
      plans: [{ plan_id: plan.data.id, name: 'Spring', stage: 'to_contact' }],
      connected: 0,
      messages: 2,
    });
    expect(by.bob).toMatchObject({ connected: 1, messages: 0, plans: [{ stage: 'replied' }] });
    expect(by.cara).toMatchObject({ is_black: 1 });
    // Anna was contacted this week and has not answered: one of the 50.
    expect(res.data.quota).toMatchObject({ limit: 50, used: 1 });

    // Another workspace's extension sees none of them.
    const other = await app.signUp();
    const ext2 = (await pair(app, (await code(app, other.token)).code)).data.token as string;
    const theirs = await app.call(
      'POST',
      '/blogger/status',
      { country: 'US', bloggers: ['bob', 'cara'] },
      { token: ext2 },
    );
    expect(theirs.data.list).toEqual([]);
    // A list past 100 handles is refused, naming the field.
    const many = Array.from({ length: 101 }, (_, i) => `h${i}`);
    expect(
      await app.call('POST', '/blogger/status', { country: 'US', bloggers: many }, { token: ext }),
    ).toMatchObject({ code: 40001, msg: expect.stringMatching(/100/) });
  });
});
