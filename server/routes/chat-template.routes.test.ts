import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('chat templates', (t) => {
  it('adds, lists (a plain array), edits and deletes a template', async () => {
    const me = await t().signUp();
    const add = await t().call(
      'POST',
      '/chattmp/add',
      { country: 'US', title: 'Hello', content: 'Hi {name}!\nLine 2' },
      { token: me.token },
    );
    expect(add.code).toBe(200);
    expect(Object.keys(add.data).sort()).toEqual([
      'add_time',
      'content',
      'country',
      'id',
      'title',
      'update_time',
    ]);
    expect(add.data.content).toBe('Hi {name}!\nLine 2');

    const list = await t().call('POST', '/chattmp/lists', { country: 'US' }, { token: me.token });
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data).toEqual([add.data]);

    const edit = await t().call(
      'PUT',
      '/chattmp/edit',
      { id: add.data.id, country: 'US', title: 'Hello 2', content: 'New' },
      { token: me.token },
    );
    expect(edit).toMatchObject({ code: 200, msg: 'Updated', data: { title: 'Hello 2', content: 'New' } });

    const del = await t().call(
      'DELETE',
      '/chattmp/del',
      { id: add.data.id, country: 'US' },
      { token: me.token },
    );
    expect(del).toMatchObject({ code: 200, msg: 'Deleted' });
    expect((await t().call('POST', '/chattmp/lists', { country: 'US' }, { token: me.token })).data).toEqual(
      [],
    );
    const again = await t().call(
      'DELETE',
      '/chattmp/del',
      { id: add.data.id, country: 'US' },
      { token: me.token },
    );
    expect(again.code).toBe(40004);
  });

  it('checks title and content with the spec messages and the 10,000 limit', async () => {
    const me = await t().signUp();
    const noTitle = await t().call(
      'POST',
      '/chattmp/add',
      { country: 'US', content: 'x' },
      { token: me.token },
    );
    expect(noTitle).toMatchObject({ code: 40001, msg: 'Please enter the template name' });
    const noContent = await t().call(
      'POST',
      '/chattmp/add',
      { country: 'US', title: 'x', content: '  ' },
      { token: me.token, language: 'zh-cn' },
    );
    expect(noContent).toMatchObject({ code: 40001, msg: '请输入模板内容' });
    const long = await t().call(
      'POST',
      '/chattmp/add',
      { country: 'US', title: 'x', content: 'a'.repeat(10_001) },
      { token: me.token },
    );
    expect(long).toMatchObject({ code: 40001, msg: 'The template content must be at most 10000 characters' });
    const max = await t().call(
      'POST',
      '/chattmp/add',
      { country: 'US', title: 'x', content: 'a'.repeat(10_000) },
      { token: me.token },
    );
    expect(max.code).toBe(200);
    const editLong = await t().call(
      'PUT',
      '/chattmp/edit',
      { id: max.data.id, country: 'US', title: 'x', content: 'b'.repeat(10_001) },
      { token: me.token },
    );
    expect(editLong.code).toBe(40001);
    const stored = await t()
      .database.db.selectFrom('chat_templates')
      .select('content')
      .where('id', '=', max.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('a'.repeat(10_000));
    const badId = await t().call(
      'PUT',
      '/chattmp/edit',
      { id: 'abc', country: 'US', title: 'x', content: 'y' },
      { token: me.token },
    );
    expect(badId.code).toBe(40001);
    expect(badId.msg).toContain('id');
  });

  it('filters by title and date range, per country', async () => {
    const me = await t().signUp();
    await t().call(
      'POST',
      '/chattmp/add',
      { country: 'VN', title: 'Greeting', content: 'a' },
      { token: me.token },
    );
    await t().call(
      'POST',
      '/chattmp/add',
      { country: 'VN', title: 'Follow-up', content: 'b' },
      { token: me.token },
    );
    await t().call(
      'POST',
      '/chattmp/add',
      { country: 'PH', title: 'Greeting PH', content: 'c' },
      { token: me.token },
    );
    const vn = await t().call('POST', '/chattmp/lists', { country: 'VN' }, { token: me.token });
    expect(vn.data.map((r: { title: string }) => r.title).sort()).toEqual(['Follow-up', 'Greeting']);
    const greet = await t().call(
      'POST',
      '/chattmp/lists',
      { country: 'VN', title: 'greet' },
      { token: me.token },
    );
    expect(greet.data.map((r: { title: string }) => r.title)).toEqual(['Greeting']);
    const old = await t().call(
      'POST',
      '/chattmp/lists',
      { country: 'VN', endTime: '2022-01-01' },
      { token: me.token },
    );
    expect(old.data).toEqual([]);
  });

  it("does not touch or show another workspace's template, nor one under the wrong country", async () => {
    const owner = await t().signUp();
    const stranger = await t().signUp();
    const tpl = (
      await t().call(
        'POST',
        '/chattmp/add',
        { country: 'US', title: 'Mine', content: 'secret' },
        { token: owner.token },
      )
    ).data;
    const edit = await t().call(
      'PUT',
      '/chattmp/edit',
      { id: tpl.id, country: 'US', title: 'X', content: 'Y' },
      { token: stranger.token },
    );
    expect(edit).toMatchObject({ code: 40004, data: null });
    expect(
      (await t().call('DELETE', '/chattmp/del', { id: tpl.id, country: 'US' }, { token: stranger.token }))
        .code,
    ).toBe(40004);
    expect(
      (await t().call('DELETE', '/chattmp/del', { id: tpl.id, country: 'GB' }, { token: owner.token })).code,
    ).toBe(40004);
    expect(
      (await t().call('POST', '/chattmp/lists', { country: 'US' }, { token: stranger.token })).data,
    ).toEqual([]);
    expect(
      (await t().call('POST', '/chattmp/lists', { country: 'US' }, { token: owner.token })).data,
    ).toEqual([tpl]);
  });
});
