import { expect, it } from 'vitest';
import {
  SYNC_TABLES,
  decodeCursor,
  decodePull,
  encodeCursor,
  type PullResponse,
  type PullWire,
} from '../../contract/sync.ts';
import { pullResponse } from '../../contract/schemas/sync.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import {
  addCreators,
  addTag,
  signInDirect,
  softDelete,
  tagCreators,
} from '../../tests/helpers/sync-fixtures.ts';

describeEngines('sync pull', (t) => {
  const pull = async (token: string, body: Record<string, unknown>) => {
    const res = await t().call<PullWire>('POST', '/sync/pull', body, { token });
    expect(res.code, res.msg).toBe(200);
    // The wire matches the contract's schema; tests read the decoded row objects.
    expect(pullResponse.safeParse(res.data).success).toBe(true);
    return decodePull(res.data);
  };
  /** Pulls every page from `cursor`, checking no version is split across pages. */
  const pullAll = async (token: string, cursor = '', limit = 100) => {
    const pages: PullResponse[] = [];
    for (;;) {
      const page = await pull(token, { cursor, limit });
      pages.push(page);
      cursor = page.cursor;
      if (!page.has_more) return { pages, cursor };
      if (pages.length > 1000) throw new Error('no progress');
    }
  };

  it('needs a token', async () => {
    const res = await t().call('POST', '/sync/pull', { cursor: '' });
    expect(res.code).toBe(10002);
  });

  it('answers every table, empty, for a new workspace', async () => {
    const a = await signInDirect(t().database.db);
    const page = await pull(a.token, { cursor: '', estimate: 1 });
    for (const table of SYNC_TABLES) {
      expect(page.changes[table]).toEqual([]);
      expect(page.deletes[table]).toEqual([]);
    }
    expect(page).toMatchObject({
      has_more: false,
      reset: false,
      remaining: 0,
      user_id: a.userId,
      workspace_id: a.workspaceId,
    });
  });

  it('sends creators with their tags, then only what changed, then tombstones', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    const ids = await addCreators(db, a.workspaceId, 3);
    const tagId = await addTag(db, a.workspaceId, 'vip');
    await tagCreators(db, a.workspaceId, [ids[0]!], tagId);

    const first = await pull(a.token, { cursor: '', estimate: 1 });
    expect(first.remaining).toBe(4);
    expect(first.changes.creators.map((c) => c.id).sort()).toEqual([...ids].sort());
    const tagged = first.changes.creators.find((c) => c.id === ids[0]);
    expect(tagged?.tags).toEqual([{ tag_id: tagId, tag_title: 'vip' }]);
    expect(tagged).not.toHaveProperty('workspace_id');
    expect(first.changes.tags.map((x) => x.title)).toEqual(['vip']);

    const idle = await pull(a.token, { cursor: first.cursor });
    expect(idle.changes.creators).toEqual([]);
    // Same workspace and version; only the issue time (`.t<seconds>`) may have ticked meanwhile.
    const position = (cursor: string) => cursor.replace(/\.t\d+$/, '');
    expect(idle.cursor).toMatch(/\.t\d+$/);
    expect(position(idle.cursor)).toBe(position(first.cursor));

    await softDelete(db, a.workspaceId, 'creators', [ids[1]!]);
    const delta = await pull(a.token, { cursor: first.cursor, estimate: 1 });
    expect(delta.remaining).toBe(1);
    expect(delta.deletes.creators).toEqual([ids[1]]);
    expect(delta.changes.creators).toEqual([]);
    // A from-scratch pull never lists tombstones.
    const fresh = await pull(a.token, { cursor: '' });
    expect(fresh.deletes.creators).toEqual([]);
    expect(fresh.changes.creators).toHaveLength(2);
  });

  it('mirrors content records, then their changes and tombstones, never the snapshots', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    const add = async (video: string) => {
      const res = await t().call(
        'POST',
        '/content/add',
        {
          country: 'US',
          link: `https://www.tiktok.com/@sync_content/video/${video}`,
          product_ids: '1729000000000000009',
          post_time: 1_790_000_000,
          views: 120,
        },
        { token: a.token },
      );
      expect(res.code, res.msg).toBe(200);
      return res.data.id as number;
    };
    const kept = await add('7300000000000000011');
    const gone = await add('7300000000000000012');
    const first = await pull(a.token, { cursor: '' });
    expect(first.changes.contents.map((c) => c.id).sort()).toEqual([kept, gone].sort());
    expect(first.changes.contents.find((c) => c.id === kept)).toMatchObject({
      handle: 'sync_content',
      video_id: '7300000000000000011',
      product_ids: '1729000000000000009',
      post_time: 1_790_000_000,
      plan_id: 0,
    });
    // The performance series stays on the server (its own call reads it).
    expect(first.changes.contents[0]).not.toHaveProperty('views');
    expect(first.changes.contents[0]).not.toHaveProperty('workspace_id');

    const edit = await t().call(
      'PUT',
      '/content/edit',
      { id: kept, post_time: 1_790_000_100 },
      { token: a.token },
    );
    expect(edit.code, edit.msg).toBe(200);
    const del = await t().call('DELETE', '/content/del', { id: gone }, { token: a.token });
    expect(del.code, del.msg).toBe(200);
    const delta = await pull(a.token, { cursor: first.cursor });
    expect(delta.changes.contents.map((c) => [c.id, c.post_time])).toEqual([[kept, 1_790_000_100]]);
    expect(delta.deletes.contents).toEqual([gone]);
    const fresh = await pull(a.token, { cursor: '' });
    expect(fresh.changes.contents.map((c) => c.id)).toEqual([kept]);
    expect(fresh.deletes.contents).toEqual([]);
  });

  it('carries any text exactly: quotes, backslashes, control characters, emoji, CJK', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    const [id] = await addCreators(db, a.workspaceId, 1);
    // PostgreSQL text cannot hold NUL; \u0001 stands for control characters, and the literal
    // text of the response's splice marker must come back untouched.
    const odd = 'a"b\\c\u0001 "\\u0000raw:0\\u0000" \n\t 😀 中文 </script>';
    await db.updateTable('creators').set({ daren_name: odd, gmv_t30: 12.34 }).where('id', '=', id!).execute();
    const page = await pull(a.token, { cursor: '' });
    expect(page.changes.creators[0]).toMatchObject({
      id,
      daren_name: odd,
      gmv_t30: 12.34,
      video_last_time: null,
    });
  });

  it('keeps a large same-version batch on one page and pages the rest by version', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    const small1 = await addCreators(db, a.workspaceId, 30);
    const big = await addCreators(db, a.workspaceId, 1200);
    const small2 = await addCreators(db, a.workspaceId, 40);
    const { pages } = await pullAll(a.token, '', 100);

    const seen = pages.flatMap((p) => p.changes.creators.map((c) => c.id));
    expect(seen.sort((x, y) => x - y)).toEqual([...small1, ...big, ...small2].sort((x, y) => x - y));
    expect(new Set(seen).size).toBe(seen.length);
    // Each version lives on exactly one page.
    const pageOf = new Map<number, number>();
    pages.forEach((p, i) =>
      p.changes.creators.forEach((c) => {
        const prev = pageOf.get(c.version);
        if (prev !== undefined) expect(prev).toBe(i);
        pageOf.set(c.version, i);
      }),
    );
    const bigPage = pages.find((p) => p.changes.creators.some((c) => c.id === big[0]));
    expect(bigPage?.changes.creators.filter((c) => big.includes(c.id))).toHaveLength(1200);
    expect(pages.at(-1)?.has_more).toBe(false);
  });

  it('splits many small versions into pages within the limit', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    for (let i = 0; i < 12; i++) await addCreators(db, a.workspaceId, 5);
    const { pages } = await pullAll(a.token, '', 20);
    expect(pages.length).toBe(3);
    for (const p of pages) expect(p.changes.creators.length).toBeLessThanOrEqual(20);
    expect(pages.flatMap((p) => p.changes.creators)).toHaveLength(60);
  });

  it("never shows another workspace's rows, and resets a cursor of another workspace", async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    const b = await signInDirect(db);
    await addCreators(db, a.workspaceId, 5);
    const bIds = await addCreators(db, b.workspaceId, 3);
    const bTag = await addTag(db, b.workspaceId, 'secret');
    await softDelete(db, b.workspaceId, 'creators', [bIds[0]!]);
    const pa = await pullAll(a.token, '', 2);
    const all = pa.pages.flatMap((p) =>
      SYNC_TABLES.flatMap((tb) => p.changes[tb].map((r) => `${tb}:${r.id}`)),
    );
    expect(all).not.toContain(`creators:${bIds[1]}`);
    expect(all).not.toContain(`tags:${bTag}`);
    expect(all.filter((x) => x.startsWith('creators:'))).toHaveLength(5);

    const bFirst = await pull(b.token, { cursor: '' });
    const foreign = await pull(a.token, { cursor: bFirst.cursor });
    expect(foreign.reset).toBe(true);
    expect(foreign.changes.creators).toHaveLength(5);
  });

  it('resets a cursor of an old schema, one ahead of the workspace, an expired or a garbled one', async () => {
    const { db } = t().database;
    const a = await signInDirect(db);
    await addCreators(db, a.workspaceId, 2);
    const { cursor } = await pull(a.token, { cursor: '' });
    const c = decodeCursor(cursor)!;
    const oldSchema = cursor.replace(/^s\d+/, 's0');
    const ahead = encodeCursor({ ...c, version: c.version + 5 });
    const expired = encodeCursor({ ...c, issuedAt: c.issuedAt - 40 * 24 * 3600 });
    for (const bad of [oldSchema, ahead, expired, 'nonsense']) {
      const page = await pull(a.token, { cursor: bad });
      expect(page.reset, bad).toBe(true);
      expect(page.changes.creators).toHaveLength(2);
    }
    expect((await pull(a.token, { cursor })).reset).toBe(false);
  });

  it('rejects a bad limit with 40001 naming the field', async () => {
    const a = await signInDirect(t().database.db);
    const res = await t().call('POST', '/sync/pull', { cursor: '', limit: 0 }, { token: a.token });
    expect(res.code).toBe(40001);
    expect(res.msg).toContain('limit');
  });
});
