import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import {
  insertCreator,
  insertTag,
  LONG,
  storedCreator,
  workspaceVersion,
} from '../../tests/helpers/creator-fixtures.ts';

describeEngines('PUT /blogger/edit and /blogger/set.tags', (t) => {
  let a: SignedIn;
  let b: SignedIn;
  let tag1: number;
  let tag2: number;
  let tagMy: number;
  let tagOther: number;
  const put = (
    path: string,
    body: Record<string, unknown>,
    token = a.token,
    language: 'en-us' | 'zh-cn' = 'en-us',
  ) => t().call('PUT', path, body, { token, language });
  const tagsOf = async (ws: number, name: string) => {
    const c = await storedCreator(t(), ws, name);
    const rows = await t()
      .database.db.selectFrom('creator_tags')
      .select('tag_id')
      .where('creator_id', '=', c!.id)
      .orderBy('tag_id')
      .execute();
    return rows.map((r) => Number(r.tag_id));
  };

  beforeAll(async () => {
    a = await t().signUp();
    b = await t().signUp();
    for (const n of ['ann', 'ben', 'cid']) await insertCreator(t(), a.workspaceId, n);
    await insertCreator(t(), a.workspaceId, 'ann', { country: 'MY' });
    await insertCreator(t(), b.workspaceId, 'zed');
    tag1 = await insertTag(t(), a.workspaceId, 'one');
    tag2 = await insertTag(t(), a.workspaceId, 'two');
    tagMy = await insertTag(t(), a.workspaceId, 'malaysia', 'MY');
    tagOther = await insertTag(t(), b.workspaceId, 'theirs');
  });

  it('sets the chat and invited flags of the listed creators and bumps their versions', async () => {
    const before = await workspaceVersion(t(), a.workspaceId);
    const res = await put('/blogger/edit', { bloggers: ['ann', 'ben'], isChat: 1, isInvitation: 1 });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('Updated');
    expect(res.data).toEqual({ matched: 2, updated: 2, not_found: [] });
    const ann = await storedCreator(t(), a.workspaceId, 'ann');
    expect([ann!.is_chat, ann!.is_invitation]).toEqual([1, 1]);
    expect(Number(ann!.version)).toBeGreaterThan(before);
    expect((await storedCreator(t(), a.workspaceId, 'cid'))!.is_chat).toBe(0);
    expect((await storedCreator(t(), a.workspaceId, 'ann', 'MY'))!.is_chat).toBe(0);
    await put('/blogger/edit', { bloggers: ['ann'], isChat: 0 });
    const again = await storedCreator(t(), a.workspaceId, 'ann');
    expect([again!.is_chat, again!.is_invitation]).toEqual([0, 1]);
    expect(Number(again!.version)).toBeGreaterThan(Number(ann!.version));
  });

  it('reports unknown creators and answers 40004 when none matched (other workspaces included)', async () => {
    const partly = await put('/blogger/edit', { bloggers: ['cid', 'ghost'], isChat: 1 }, a.token, 'zh-cn');
    expect(partly.code).toBe(200);
    expect(partly.data.not_found).toEqual(['ghost']);
    expect(partly.msg).toContain('1');
    const none = await put('/blogger/edit', { bloggers: ['zed'], isChat: 1 });
    expect(none.code).toBe(40004);
    expect((await storedCreator(t(), b.workspaceId, 'zed'))!.is_chat).toBe(0);
    expect((await put('/blogger/edit', { bloggers: ['cid'], isChat: 1, country: 'VN' })).code).toBe(40004);
  });

  it('rejects edit without a flag, with a bad flag, an empty list or a 10,001-character field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bloggers: ['ann'] }, 'isChat'],
      [{ bloggers: ['ann'], isChat: 3 }, 'isChat'],
      [{ bloggers: [' ', ''], isChat: 1 }, 'bloggers'],
      [{ bloggers: '\n \n', isChat: 1 }, 'bloggers'],
      [{ bloggers: [LONG], isChat: 1 }, 'bloggers'],
      [{ bloggers: ['ann'], isChat: 1, country: 'XX' }, 'country'],
    ];
    for (const [body, field] of cases) {
      const res = await put('/blogger/edit', body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(40001);
      expect(res.msg.length).toBeGreaterThan(0);
      if (field === 'country' || field === 'isChat')
        expect(res.msg).toMatch(new RegExp(`${field}|status`, 'i'));
    }
    expect((await put('/blogger/edit', { bloggers: [' '], isChat: 1 }, a.token, 'zh-cn')).msg).toBe(
      '请输入达人列表',
    );
  });

  it('adds and removes tags, bumping the creators versions', async () => {
    const v0 = Number((await storedCreator(t(), a.workspaceId, 'ben'))!.version);
    const add = await put('/blogger/set.tags', {
      bloggers: ['ben', 'cid'],
      type: 'add',
      tagIds: [tag1, tag2],
    });
    expect(add.code).toBe(200);
    expect(await tagsOf(a.workspaceId, 'ben')).toEqual([tag1, tag2].sort((x, y) => x - y));
    const v1 = Number((await storedCreator(t(), a.workspaceId, 'ben'))!.version);
    expect(v1).toBeGreaterThan(v0);
    // Adding again is harmless.
    expect((await put('/blogger/set.tags', { bloggers: 'ben', type: 'add', tagIds: tag1 })).code).toBe(200);
    const del = await put('/blogger/set.tags', { bloggers: ['ben'], type: 'del', tagIds: [tag1] });
    expect(del.code).toBe(200);
    expect(await tagsOf(a.workspaceId, 'ben')).toEqual([tag2]);
    expect(await tagsOf(a.workspaceId, 'cid')).toEqual([tag1, tag2].sort((x, y) => x - y));
    expect(Number((await storedCreator(t(), a.workspaceId, 'ben'))!.version)).toBeGreaterThan(v1);
  });

  it('refuses unknown tags, tags of another country or workspace, and changes nothing', async () => {
    const before = await tagsOf(a.workspaceId, 'ann');
    const version = await workspaceVersion(t(), a.workspaceId);
    for (const tagIds of [[tag1, 999_999], [tagMy], [tag1, tagOther]]) {
      const res = await put('/blogger/set.tags', { bloggers: ['ann'], type: 'add', tagIds });
      expect(res.code).toBe(40004);
      expect(res.msg).toBe('A selected tag does not exist in this country');
    }
    expect(await tagsOf(a.workspaceId, 'ann')).toEqual(before);
    expect(await workspaceVersion(t(), a.workspaceId)).toBe(version);
    // The tag of the right country works for that country's creator.
    const my = await put('/blogger/set.tags', {
      bloggers: ['ann'],
      type: 'add',
      tagIds: [tagMy],
      country: 'MY',
    });
    expect(my.code).toBe(200);
    // Creators of another workspace: nothing matched.
    expect((await put('/blogger/set.tags', { bloggers: ['zed'], type: 'add', tagIds: [tag1] })).code).toBe(
      40004,
    );
  });

  it('rejects set.tags with a bad type, no tags or no creators', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bloggers: ['ann'], type: 'toggle', tagIds: [tag1] }, 'type'],
      [{ bloggers: ['ann'], type: 'add' }, 'tagIds'],
      [{ bloggers: ['ann'], type: 'add', tagIds: ['x'] }, 'tagIds'],
      [{ bloggers: [], type: 'add', tagIds: [tag1] }, 'bloggers'],
    ];
    for (const [body, field] of cases) {
      const res = await put('/blogger/set.tags', body);
      expect(res.code, JSON.stringify(body)).toBe(40001);
      if (field === 'type') expect(res.msg).toContain('type');
    }
    expect((await put('/blogger/set.tags', { bloggers: ['ann'], type: 'add' })).msg).toBe(
      'Choose at least one tag',
    );
  });
});
