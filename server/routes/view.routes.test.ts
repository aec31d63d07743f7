import { expect, it } from 'vitest';
import { VIEW_QUERY_MAX, VIEW_TITLE_MAX, VIEWS_MAX } from '../../contract/limits.ts';
import { teamOfTwo } from '../../tests/helpers/live-stream.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('saved views', (t) => {
  const pulledViews = async (token: string) => {
    const pull = await t().call('POST', '/sync/pull', { cursor: '' }, { token });
    const v = pull.data.changes.saved_views as { columns: string[]; rows: unknown[][] };
    return v.rows.map((r) => Object.fromEntries(v.columns.map((c, i) => [c, r[i]])));
  };

  it('saves a view, shares it with the team, and lets only its author or the admin change it', async () => {
    const { admin, member } = await teamOfTwo(t(), 'Views team');
    const add = await t().call(
      'POST',
      '/view/add',
      { title: '  US chatted  ', query: '?country=US&chat=1&sort=gmv_t30.desc' },
      { token: member.token },
    );
    expect(add).toMatchObject({
      code: 200,
      data: { title: 'US chatted', query: 'country=US&chat=1&sort=gmv_t30.desc', user_id: member.userId },
    });
    // The admin's device mirrors it.
    expect(await pulledViews(admin.token)).toEqual([
      expect.objectContaining({ id: add.data.id, title: 'US chatted' }),
    ]);

    const dup = await t().call(
      'POST',
      '/view/add',
      { title: 'US chatted', query: '' },
      { token: admin.token },
    );
    expect(dup.code).toBe(40009);

    // A third member may read it but not rename or delete it.
    const third = await t().signUp({ name: 'third' });
    const code = (await t().call('GET', '/team/info', {}, { token: admin.token })).data.invite_code;
    expect((await t().call('POST', '/team/user.add', { teamId: code }, { token: third.token })).code).toBe(
      200,
    );
    const rename = await t().call(
      'PUT',
      '/view/edit',
      { id: add.data.id, title: 'Mine' },
      { token: third.token },
    );
    expect(rename.code).toBe(40003);
    expect((await t().call('DELETE', '/view/del', { id: add.data.id }, { token: third.token })).code).toBe(
      40003,
    );

    // The author re-saves the filters; the admin may rename it.
    const resave = await t().call(
      'PUT',
      '/view/edit',
      { id: add.data.id, query: 'country=GB' },
      { token: member.token },
    );
    expect(resave).toMatchObject({ code: 200, data: { title: 'US chatted', query: 'country=GB' } });
    const renamed = await t().call(
      'PUT',
      '/view/edit',
      { id: add.data.id, title: 'GB' },
      { token: admin.token },
    );
    expect(renamed).toMatchObject({ code: 200, data: { title: 'GB', query: 'country=GB' } });

    const del = await t().call('DELETE', '/view/del', { id: add.data.id }, { token: admin.token });
    expect(del).toMatchObject({ code: 200, data: { id: add.data.id } });
    expect((await t().call('DELETE', '/view/del', { id: add.data.id }, { token: member.token })).code).toBe(
      40004,
    );
    expect(await pulledViews(member.token)).toEqual([]);
    // A deleted view's name is free again.
    expect(
      (await t().call('POST', '/view/add', { title: 'US chatted', query: '' }, { token: member.token })).code,
    ).toBe(200);
  });

  it('refuses empty or long names, unsafe queries, and another workspace’s views', async () => {
    const me = await t().signUp();
    const other = await t().signUp();
    const bad = [
      { title: '   ', query: '' },
      { title: 'x'.repeat(VIEW_TITLE_MAX + 1), query: '' },
      { title: 'q', query: 'a'.repeat(VIEW_QUERY_MAX + 1) },
      { title: 'q', query: 'name=<script>' },
      { title: 'q', query: 'a=1#frag' },
      { title: 'q', query: 'a=1 b=2' },
    ];
    for (const body of bad) {
      const res = await t().call('POST', '/view/add', body, { token: me.token });
      expect(res.code, JSON.stringify(body)).toBe(40001);
    }
    const mine = await t().call(
      'POST',
      '/view/add',
      { title: 'ok', query: 'name=%E5%A5%BD' },
      { token: me.token },
    );
    expect(mine.code).toBe(200);
    expect(
      (await t().call('PUT', '/view/edit', { id: mine.data.id, title: 'x' }, { token: other.token })).code,
    ).toBe(40004);
    expect((await t().call('DELETE', '/view/del', { id: mine.data.id }, { token: other.token })).code).toBe(
      40004,
    );
    expect(await pulledViews(other.token)).toEqual([]);
  });

  it(`keeps at most ${VIEWS_MAX} views per workspace and says so`, async () => {
    const me = await t().signUp();
    const ws = me.workspaceId;
    const t0 = Math.floor(Date.now() / 1000);
    await t()
      .database.db.insertInto('saved_views')
      .values(
        Array.from({ length: VIEWS_MAX }, (_, i) => ({
          workspace_id: ws,
          version: 1,
          deleted_at: null,
          title: `v${i}`,
          query: '',
          user_id: me.userId,
          user_name: 'me',
          add_time: t0,
          update_time: t0,
        })),
      )
      .execute();
    const over = await t().call('POST', '/view/add', { title: 'one more', query: '' }, { token: me.token });
    expect(over.code).toBe(40009);
    expect(over.msg).toContain(String(VIEWS_MAX));
  });
});
