/**
 * Input a security probe once turned into 500s: control characters in text fields, oversize id
 * lists, odd paths under /files/. Each now has a clear 4xx answer and stores nothing. Both engines.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('input limits', (t) => {
  const count = async (table: 'tags' | 'creators' | 'chat_templates', workspaceId: number) =>
    Number(
      (
        await t()
          .database.db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses control characters in any text field with 40001 naming it, storing nothing', async () => {
    const u = await t().signUp();
    const nul = await t().call('POST', '/tags/add', { country: 'US', title: 'a\u0000b' }, u);
    expect(nul).toEqual({
      code: 40001,
      msg: 'title contains invisible control characters; remove them and try again',
      data: null,
    });
    const zh = await t().call('POST', '/tags/add', { title: 'bell\u0007' }, { ...u, language: 'zh-cn' });
    expect(zh.msg).toBe('title 含有不可见的控制字符，请删除后重试');
    expect(await count('tags', u.workspaceId)).toBe(0);
    // The name search that used to reach SQLite's full-text index with a NUL.
    const search = await t().call('POST', '/blogger/lists', { country: 'US', name: '\u0000' }, u);
    expect(search).toMatchObject({ code: 40001 });
    expect(search.msg).toMatch(/^name contains/);
    // Inside a JSON list: the path of the item's field.
    const ingest = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/blogger/ingest',
      headers: { token: u.token, 'content-type': 'application/json' },
      payload: JSON.stringify({
        country: 'US',
        creators: [{ unique_id: 'fine' }, { unique_id: 'bad', daren_name: 'x\u001by' }],
      }),
    });
    expect(ingest.json()).toMatchObject({ code: 40001 });
    expect(ingest.json().msg).toMatch(/^creators\.1\.daren_name contains/);
    expect(await count('creators', u.workspaceId)).toBe(0);
    // Tabs and line breaks are text, not control characters: templates keep them.
    const content = 'Hi {creator_name},\r\n\tthanks!';
    const tmpl = await t().call('POST', '/chattmp/add', { country: 'US', title: 'Hello', content }, u);
    expect(tmpl.code).toBe(200);
    expect(await count('chat_templates', u.workspaceId)).toBe(1);
  });

  it('caps id lists at 1,000 and name lists at 10,000 with 40001 naming the limit', async () => {
    const u = await t().signUp();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const huge = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/blogger/lists',
      headers: { token: u.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ country: 'US', tagsId: ids(40_000), language: 'en-us' }),
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toEqual({
      code: 40001,
      msg: 'tagsId can hold at most 1,000 items; send them in smaller batches',
      data: null,
    });
    // At the cap the SQL IN list runs on both engines.
    const atCap = await t().call('POST', '/blogger/lists', { country: 'US', tagsId: ids(1000) }, u);
    expect(atCap).toMatchObject({ code: 200, data: { count: 0 } });
    const del = await t().call('DELETE', '/blogger/invitation.del', { ids: ids(1001) }, u);
    expect(del.msg).toBe('ids can hold at most 1,000 items; send them in smaller batches');
    const names = Array.from({ length: 10_001 }, (_, i) => `n${i}`);
    const edit = await t().call('PUT', '/blogger/edit', { country: 'US', bloggers: names, isChat: 1 }, u);
    expect(edit).toMatchObject({ code: 40001 });
    expect(edit.msg).toBe('bloggers can hold at most 10,000 items; send them in smaller batches');
    // At the cap, 10,000 distinct names reach every SQL path that takes a name list, on both engines.
    const atNames = Array.from({ length: 10_000 }, (_, i) => `n${i}`);
    for (const [method, path, body] of [
      ['PUT', '/blogger/edit', { isChat: 1 }],
      ['PUT', '/blogger/set.tags', { type: 'add', tagIds: [1] }],
      ['DELETE', '/blogger/black.del', {}],
      ['POST', '/challenge/blogger.to.creators', {}],
    ] as const) {
      const res = await t().call(method, path, { country: 'US', bloggers: atNames, ...body }, u);
      expect(res.code, path).toBeGreaterThanOrEqual(40000);
      expect(res.code, path).toBeLessThan(50000);
    }
  });

  it('answers 404 for anything under /files/ that is not a file', async () => {
    for (const url of [
      '/files/',
      '/files/%00',
      '/files/missing.png',
      '/files/uploads/',
      '/files/a%2f..%2fb',
    ]) {
      const res = await t().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 40004, msg: 'No such file', data: null });
    }
  });
});
